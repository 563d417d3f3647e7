/// R34: the frames between two answers, for an animation from one scene to
/// another (a posture change, the inner camera turning on, the secondary
/// shown or hidden).
///
/// Both ends are solved once, when the transition is made; a frame is then
/// a few vector operations on the panes' window-coordinate edges.
///
/// ```swift
/// let transition = Transition(from: flat, to: folded)
/// let halfway = transition.solution(at: 0.5)
/// ```
@frozen
public struct Transition: Sendable {
  /// The answers at progress 0 and 1.
  public let from: Solution
  public let to: Solution
  /// Each pane's window-coordinate edges (min x, min y, max x, max y) at
  /// progress 0, and their change to progress 1.
  @usableFromInline let primaryStart: SIMD4<Double>
  @usableFromInline let primaryChange: SIMD4<Double>
  @usableFromInline let secondaryStart: SIMD4<Double>
  @usableFromInline let secondaryChange: SIMD4<Double>
  /// The container's origin at progress 0, and its change.
  @usableFromInline let originStart: SIMD2<Double>
  @usableFromInline let originChange: SIMD2<Double>
  /// `to`'s pixels per point; 0 for no rounding.
  @usableFromInline let scale: Double
  /// The answer in between, but for the frames: `to`'s, with the larger
  /// z-index of the two, and a pane that disappears visible with `from`'s classes.
  @usableFromInline let middle: Solution
  /// R39: where R34 collapses a pane shown at one end only (`center` otherwise).
  @usableFromInline let primaryEdge: MotionEdge
  @usableFromInline let secondaryEdge: MotionEdge
  /// R34 amended: each pane's edges equal at both ends (all bits set in
  /// those lanes), and whether one of them is a max edge whose min edge
  /// moves, which rounding could carry past it (with a display scale only).
  @usableFromInline let primaryKept: SIMD4<UInt64>
  @usableFromInline let secondaryKept: SIMD4<UInt64>
  @usableFromInline let primaryKeptHigh: SIMD2<UInt64>
  @usableFromInline let secondaryKeptHigh: SIMD2<UInt64>

  /// Solves both scenes (R1–R33) and prepares the frames between them.
  public init(from: consuming Scene, to: consuming Scene) {
    self.init(
      from: from.solveInPlace(), at: from.container, to: to.solveInPlace(), at: to.container, scale: to.displayScale)
  }

  /// The frames between two answers already solved: `from` for a container
  /// at `fromContainer`'s origin, `to` at `toContainer`'s, with `to`'s display scale.
  public init(from: Solution, at fromContainer: Rect, to: Solution, at toContainer: Rect, scale: Double?) {
    self.from = from
    self.to = to
    let fromOrigin = SIMD2(Sanitize.coordinate(fromContainer.x), Sanitize.coordinate(fromContainer.y))
    let toOrigin = SIMD2(Sanitize.coordinate(toContainer.x), Sanitize.coordinate(toContainer.y))
    originStart = fromOrigin
    originChange = toOrigin - fromOrigin
    self.scale = Sanitize.scale(scale)
    let primary = Self.ends(
      from.primary, from.secondary, from.splitAxis, fromOrigin,
      to.primary, to.secondary, to.splitAxis, toOrigin)
    let secondary = Self.ends(
      from.secondary, from.primary, from.splitAxis, fromOrigin,
      to.secondary, to.primary, to.splitAxis, toOrigin)
    (primaryStart, primaryChange) = (primary.start, primary.end - primary.start)
    (secondaryStart, secondaryChange) = (secondary.start, secondary.end - secondary.start)
    (primaryEdge, secondaryEdge) = (primary.outer, secondary.outer)
    primaryKept = MotionKinds.kept(primaryChange)
    secondaryKept = MotionKinds.kept(secondaryChange)
    primaryKeptHigh = self.scale > 0 ? MotionKinds.keptHigh(primaryKept) : .zero
    secondaryKeptHigh = self.scale > 0 ? MotionKinds.keptHigh(secondaryKept) : .zero
    var middle = to
    middle.primary = Self.between(from.primary, to.primary)
    middle.secondary = Self.between(from.secondary, to.secondary)
    self.middle = middle
  }

  /// The answer at `progress`, clamped into 0...1 (not a number: 0):
  /// exactly `from` at 0 and `to` at 1.
  @inlinable
  public func solution(at progress: Double) -> Solution {
    let t = progress > 0 ? (progress < 1 ? progress : 1) : 0
    if t == 0 { return from }
    if t == 1 { return to }
    return between(t)
  }

  /// The answer at `t` strictly between 0 and 1.
  @inlinable @inline(__always)
  func between(_ t: Double) -> Solution {
    var answer = middle
    let origin = originStart + originChange * t
    if answer.primary.visible {
      answer.primary.frame = frame(primaryStart, primaryChange, t, origin, primaryKept, primaryKeptHigh)
    }
    if answer.secondary.visible {
      answer.secondary.frame = frame(secondaryStart, secondaryChange, t, origin, secondaryKept, secondaryKeptHigh)
    }
    return answer
  }

  /// Writes the `steps + 1` answers at progress `k / steps` (`steps` at
  /// least 1) into `output` and returns how many were written: at most
  /// `output.count`.
  ///
  /// - Complexity: O(*steps*); no heap allocation.
  @inlinable
  public func solutions(steps: Int, into output: UnsafeMutableBufferPointer<Solution>) -> Int {
    guard steps >= 1, output.count > 0 else { return 0 }
    let count = Swift.min(steps + 1, output.count)
    let divisor = Double(steps)
    output[0] = from
    var index = 1
    while index < count && index < steps {
      output[index] = between(Double(index) / divisor)
      index += 1
    }
    if index == steps && index < count { output[index] = to }
    return count
  }

  /// A pane's frame at `t` strictly between 0 and 1: its edges moved,
  /// rounded to `to`'s pixel grid, relative to the container's origin then.
  @inlinable @inline(__always)
  func frame(
    _ start: SIMD4<Double>, _ change: SIMD4<Double>, _ t: Double, _ origin: SIMD2<Double>,
    _ kept: SIMD4<UInt64>, _ keptHigh: SIMD2<UInt64>
  ) -> Rect {
    var edges = start + change * t
    if scale > 0 {
      edges = PixelRounding.onGrid(edges, scale: scale)
      // R34 amended: an edge equal at both ends keeps its value, unrounded
      // (a select on the bits: `replacing(with:where:)` went lane by lane).
      edges = KeptEdges.select(start, where: kept, else: edges)
    }
    // A rounded min edge that would pass a kept max edge is set to it.
    let low = KeptEdges.notPast(edges.lowHalf, edges.highHalf, keptHigh: keptHigh)
    let high = edges.highHalf.replacing(with: low, where: edges.highHalf .< low)
    return Rect(x: low.x - origin.x, y: low.y - origin.y, width: high.x - low.x, height: high.y - low.y)
  }

  /// R39: how each pane moves, the same in every frame; found from the
  /// ends kept when the transition was made (a pane's edges differ exactly
  /// where their change is not zero).
  public var motion: TransitionMotion {
    TransitionMotion(
      primary: MotionKinds.motion(
        shownFrom: from.primary.visible, shownTo: to.primary.visible, change: primaryChange, outer: primaryEdge),
      secondary: MotionKinds.motion(
        shownFrom: from.secondary.visible, shownTo: to.secondary.visible, change: secondaryChange,
        outer: secondaryEdge))
  }

  /// The discrete fields of a pane between the ends.
  static func between(_ from: PaneLayout, _ to: PaneLayout) -> PaneLayout {
    var layout = to
    layout.zIndex = Swift.max(from.zIndex, to.zIndex)
    if from.visible && !to.visible {
      layout.visible = true
      layout.sizeClass = from.sizeClass
    }
    return layout
  }

  /// A pane's window-coordinate edges at both ends: a pane hidden at one
  /// end starts (or ends) as its frame at the other collapsed to its outer
  /// edge along that end's split axis, or to its centre without one.
  static func ends(
    _ from: PaneLayout, _ fromOther: PaneLayout, _ fromAxis: Axis?, _ fromOrigin: SIMD2<Double>,
    _ to: PaneLayout, _ toOther: PaneLayout, _ toAxis: Axis?, _ toOrigin: SIMD2<Double>
  ) -> (start: SIMD4<Double>, end: SIMD4<Double>, outer: MotionEdge) {
    let start = edges(from.frame, fromOrigin)
    let end = edges(to.frame, toOrigin)
    switch (from.visible, to.visible) {
    case (false, true):
      let other = edges(toOther.frame, toOrigin)
      let low = outerIsLow(end, other: other, along: toAxis)
      return (collapsed(end, low: low, along: toAxis), end, MotionKinds.edge(along: toAxis, low: low))
    case (true, false):
      let other = edges(fromOther.frame, fromOrigin)
      let low = outerIsLow(start, other: other, along: fromAxis)
      return (start, collapsed(start, low: low, along: fromAxis), MotionKinds.edge(along: fromAxis, low: low))
    default: return (start, end, .center)
    }
  }

  /// Whether the edge of `edges` farther from the centre of `other` along
  /// `axis` is the min edge (a tie keeps the max edge); false without an axis.
  static func outerIsLow(_ edges: SIMD4<Double>, other: SIMD4<Double>, along axis: Axis?) -> Bool {
    guard let axis else { return false }
    let low = axis == .horizontal ? 0 : 1
    let high = low + 2
    let centre = (other[low] + other[high]) / 2
    return abs(edges[low] - centre) > abs(edges[high] - centre)
  }

  /// A frame's window-coordinate edges: min x, min y, max x, max y (the
  /// frame moved by the origin, then its far edges).
  static func edges(_ frame: Rect, _ origin: SIMD2<Double>) -> SIMD4<Double> {
    let minX = frame.x + origin.x
    let minY = frame.y + origin.y
    return SIMD4(minX, minY, minX + frame.width, minY + frame.height)
  }

  /// `edges` collapsed to zero length along `axis` at its min edge (`low`)
  /// or its max edge, or to the centre point without an axis.
  static func collapsed(_ edges: SIMD4<Double>, low isLow: Bool, along axis: Axis?) -> SIMD4<Double> {
    guard let axis else {
      let x = (edges[0] + edges[2]) / 2
      let y = (edges[1] + edges[3]) / 2
      return SIMD4(x, y, x, y)
    }
    let low = axis == .horizontal ? 0 : 1
    let high = low + 2
    let outer = isLow ? edges[low] : edges[high]
    var collapsed = edges
    collapsed[low] = outer
    collapsed[high] = outer
    return collapsed
  }
}
