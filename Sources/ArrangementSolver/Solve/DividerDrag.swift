/// A person dragging the divider of a split at one container size (R31).
///
/// Everything that depends on the size alone is found once: the layout
/// area and its classes, the fold, the split axis, both panes' ranges over
/// `L'` (R30) and the candidates a release may snap to, through the split's
/// own decision step (``ArrangementConfiguration/splitDecision(context:fold:)``).
/// The split's sizing (R3–R7) is then compiled over the divider's target,
/// as a plan compiles it over the area's length (``DragTable``): per
/// position, the piece holding the target gives both panes' lengths, and
/// the edges are placed as the general path places them (R8, R9, R30),
/// without the end tests the compiler proved, then written as a plan's
/// table writes them: two frames, the row of the drag's outcome (its axis
/// and classes, found once) and the divider. A target no piece holds runs
/// the split's size-and-place step
/// (``PaneLengths/placed(_:_:primaryFirst:shared:spacing:divider:axis:context:alone:)``);
/// where the secondary would adapt (R33) it takes the plan's whole split.
/// Each answer is bit-identical to a scene with that divider.
///
/// Note (652b892): through the row, plans/divider-drag
/// 328.4 → 277.8 instructions a position (callgrind); building the answer
/// field by field (``PaneLengths/solution(along:in:gap:divider:)``) wrote
/// each class, flag and z-index with a store of its own.
///
/// Note (52d11e4): through the compiled pieces, plans/divider-drag 277.8 → 229.2
/// instructions a position (callgrind; with releases 279.6 → 231.1). The
/// three edges placed at once in four lanes (``PixelRounding/onGrid(_:scale:)-(SIMD4<Double>)``)
/// cost 239.0: most drags place two edges, one without a gap.
///
/// ```swift
/// var drag = plan.dividerDrag(width: 1366, height: 1024)
/// for x in positions { draw(drag.move(to: .absolute(x))) }  // under way
/// let settled = drag.move(to: .absolute(last), snap: true)   // released
/// ```
@frozen
public struct DividerDrag: Sendable {
  @usableFromInline var plan: ArrangementPlan
  @usableFromInline let context: SolveContext
  /// The answer where the position plays no part: an empty area, an overlay, or a fold that applies.
  @usableFromInline let fixed: Solution?
  /// Sizing places the split at this size (no fold, R17 allows both panes).
  @usableFromInline let sizes: Bool
  @usableFromInline let axis: Axis
  @usableFromInline let length: Double
  @usableFromInline let shared: Double
  @usableFromInline let spacing: Double
  @usableFromInline let primary: ResolvedRange<Double>
  @usableFromInline let secondary: ResolvedRange<Double>
  /// R30: a lone pane's length over the whole `L`.
  @usableFromInline let primaryAlone: Double
  @usableFromInline let secondaryAlone: Double
  @usableFromInline let candidates: InlineArray<16, Double>
  @usableFromInline let candidateIndexes: InlineArray<16, Int>
  @usableFromInline let candidateCount: Int
  /// Where sizing shows both panes: the edges along the axis, and the
  /// answer's row (classes, visibility, split axis), as a table keeps it.
  @usableFromInline let snapper: EdgeSnapper
  @usableFromInline let row: TableRow
  /// R3–R7 compiled over the divider's target: where a piece holds it,
  /// both panes show, each with the piece's formula.
  @usableFromInline let table: DragTable

  init(plan: ArrangementPlan, width: Double, height: Double) {
    var plan = plan
    if plan.dividerSettings == nil { plan.moveDivider(to: .fractional(0.5)) }
    self.plan = plan
    let context = SolveContext(plan, width: width, height: height)
    self.context = context
    var fixed: Solution? = nil
    if !context.hasArea || plan.style != .split {
      fixed = plan.solveSize(width, height)
    } else if plan.activeFoldCount > 0, let fold = Fold.applying(plan, context: context) {
      fixed = plan.splitArrangement(context: context, fold: fold)
    }
    self.fixed = fixed
    // Where no fold applies (`fixed` is nil), the decision without one is the split's.
    let decision = plan.splitDecision(context: context, fold: nil)
    axis = decision.axis
    sizes = fixed == nil && decision.showsBoth
    length = context.area.length(along: axis)
    spacing = plan.splitSpacing
    shared = SplitRules.sharedLength(length, spacing: spacing)
    (primary, secondary) = plan.resolvedRanges(along: axis, length: shared)
    (primaryAlone, secondaryAlone) = plan.aloneLengths(along: axis, length: length)
    var candidates = InlineArray<16, Double>(repeating: 0)
    var indexes = InlineArray<16, Int>(repeating: 0)
    var count = 0
    DividerRules.forEachCandidate(
      plan.dividerSettings!, shared: shared, axis: axis, spacing: spacing, context: context, plan
    ) {
      candidates[count] = $0
      indexes[count] = $1
      count += 1
    }
    self.candidates = candidates
    candidateIndexes = indexes
    candidateCount = count
    snapper = EdgeSnapper(axis: axis, context: context)
    let outcome = TableRow.index(
      horizontal: axis == .horizontal, horizontallyRegular: context.classes.horizontal == .regular,
      verticallyRegular: context.classes.vertical == .regular)
    row = SolutionBytes.assumed ? TableRow.all[TableRow.code(.split, outcome)] : TableRow()
    table =
      sizes && SolutionBytes.assumed
      ? DragTable.compile(primary, secondary, primaryFirst: plan.primaryFirst, shared: shared, length: length)
      : DragTable()
  }

  /// Moves the divider to `position` (`snap`: the drag was released, so it
  /// snaps to a candidate: the nearest, or as R37's `velocity` and `step`
  /// say) and answers.
  @inlinable
  public mutating func move(
    to position: DividerLength, snap: Bool = false, velocity: Double = 0, step: DividerStep? = nil
  ) -> Solution {
    Solution.written { move(to: position, snap: snap, velocity: velocity, step: step, into: $0) }
  }

  /// ``move(to:snap:velocity:step:)`` into uninitialised memory: as a plan's
  /// entry does, the answer is written where the caller keeps it.
  ///
  /// Note (e8d4831): built on this function's own frame (``Solution/written(by:)``),
  /// the answer came with a stack protector and a copy out (callgrind,
  /// plans/divider-drag 229.2 against 211.1 instructions a position).
  @usableFromInline
  mutating func move(
    to position: DividerLength, snap: Bool, velocity: Double, step: DividerStep?,
    into slot: UnsafeMutablePointer<Solution>
  ) {
    // `sizes` only where no fixed answer was found: the common case tests one flag.
    guard sizes else {
      // The plan's divider is moved only where the plan's whole split answers
      // (a drag moves the position along both axes, so `positions` plays no part here).
      slot.initialize(to: fixed ?? wholeSplit(at: position, snap: snap, velocity: velocity, step: step))
      return
    }
    let (a, f) = DividerSettings.linear(position)
    var target = (position: DividerRules.position(a: a, f: f, shared: shared), code: UInt8(1))
    if snap { target = released(at: target.position, velocity: velocity, step: step) }
    // The drag's table: the piece holding the target gives the panes' lengths, and what
    // was proved of it places the edges (``PaneEdges/interior(_:)``): they lie inside
    // the area, and where the panes fill it the far edge is its end.
    if let piece = table.piece(holding: target.position) {
      let edges = snapper.edges
      let primaryLength = piece.primary(target.position)
      let secondaryStart = spacing != 0 ? primaryLength + spacing : primaryLength
      // Note (b1ce1a5): beside a gap, both edges are rounded at once in four lanes
      // (``PixelRounding/onGrid(_:scale:)-(SIMD4<Double>)``): plans/divider-drag 211.1 → 199.9
      // instructions a position (callgrind). Without a gap one edge is rounded, alone.
      // The boundary and the secondary's start.
      let inner: (Double, Double)
      if spacing != 0 {
        let both = PaneEdges<SIMD4<Double>>(edges).interior(SIMD4(primaryLength, secondaryStart, 0, 0))
        inner = (both[0], both[1])
      } else {
        let boundary = edges.interior(primaryLength)
        inner = (boundary, boundary)
      }
      let far =
        piece.fills
        ? (edges.reversed ? edges.start : edges.end) : edges.interior(secondaryStart + piece.secondary(target.position))
      let (primarySpan, secondarySpan) =
        edges.reversed
        ? ((low: inner.0, high: edges.end), (low: far, high: inner.1))
        : ((low: edges.start, high: inner.0), (low: inner.1, high: far))
      // A rounded edge (R9) may leave a pane without length: the general path's answer.
      if primarySpan.high > primarySpan.low && secondarySpan.high > secondarySpan.low {
        write(primarySpan, secondarySpan, divider: target.code, into: slot)
        return
      }
    }
    placed(at: target, position: position, snap: snap, velocity: velocity, step: step, into: slot)
  }

  /// R31, R37: where a released divider settles, and the code of what it snapped to.
  ///
  /// Note (52d11e4): `mutating`, so it reads the drag in place (nothing is changed): not
  /// mutating, each release copied the whole drag (2.6 KB) to the stack for the call,
  /// and every move set up the frame for it.
  @inline(never)
  mutating func released(at position: Double, velocity: Double, step: DividerStep?) -> (position: Double, code: UInt8) {
    var release = DividerRelease(
      position: position, velocity: Sanitize.velocity(velocity), step: step.map { 1 + $0.rawValue } ?? 0)
    for index in 0..<candidateCount { release.consider(candidates[index], index: candidateIndexes[index]) }
    return release.target
  }

  /// Both panes placed along the axis: the two frames and the row of the
  /// drag's outcome (its axis and classes, found once), then the divider (R31).
  @inline(__always)
  func write(
    _ primarySpan: (low: Double, high: Double), _ secondarySpan: (low: Double, high: Double), divider: UInt8,
    into slot: UnsafeMutablePointer<Solution>
  ) {
    row.write(
      primary: LaneRect(
        along: axis, start: primarySpan.low, length: primarySpan.high - primarySpan.low,
        crossStart: snapper.crossStart, crossLength: snapper.crossLength),
      secondary: LaneRect(
        along: axis, start: secondarySpan.low, length: secondarySpan.high - secondarySpan.low,
        crossStart: snapper.crossStart, crossLength: snapper.crossLength),
      into: slot)
    slot.pointee.dividerCode = divider
    slot.pointee.dividerPosition = snapper.dividerPosition(primarySpan)
  }

  /// The split's size-and-place step at a target no piece holds (R3–R9, R30,
  /// R31), and the plan's whole split where the secondary would adapt (R33).
  @inline(never)
  mutating func placed(
    at target: (position: Double, code: UInt8), position: DividerLength, snap: Bool, velocity: Double,
    step: DividerStep?, into slot: UnsafeMutablePointer<Solution>
  ) {
    // Both panes shown and placed, the common case: the size-and-place step's sizing and
    // edges (R3–R9, R30), written with the row (R20, R21) and the divider (R31).
    let (primary, secondary) = ResolvedRange.aimed(primary, secondary, at: target.position, shared: shared)
    let lengths = PaneLengths(primary: primary, secondary: secondary, primaryFirst: plan.primaryFirst, length: shared)
    if SolutionBytes.assumed && lengths.primaryShown && lengths.secondaryShown {
      let (primarySpan, secondarySpan) = snapper.edges.spans(
        primary: lengths.primary, secondary: lengths.secondary, gap: spacing, spaced: spacing != 0)
      if primarySpan.high > primarySpan.low && secondarySpan.high > secondarySpan.low {
        write(primarySpan, secondarySpan, divider: target.code, into: slot)
        return
      }
    }
    let answer = PaneLengths.placed(
      self.primary, self.secondary, primaryFirst: plan.primaryFirst, shared: shared, spacing: spacing,
      divider: target, axis: axis, context: context
    ) { (primaryAlone, secondaryAlone) }
    guard plan.secondaryAdapt != .hide && !answer.secondary.visible else {
      slot.initialize(to: answer)
      return
    }
    slot.initialize(to: wholeSplit(at: position, snap: snap, velocity: velocity, step: step))
  }

  /// The plan's whole split at this size (R16–R33) with the divider moved, read in place.
  @inline(never)
  mutating func wholeSplit(at position: DividerLength, snap: Bool, velocity: Double, step: DividerStep?) -> Solution {
    plan.placeDivider(at: position, snap: snap, velocity: velocity, step: step)
    // Note (0763257): through a pointer, as `SceneReference` reads a scene: called on
    // the stored plan, the call first copied the whole plan (1,537 bytes).
    let context = context
    return withUnsafeMutablePointer(to: &plan) { PlanReference(plan: $0).splitArrangement(context: context, fold: nil) }
  }
}

extension ArrangementPlan {
  /// A drag of the divider in a container of `width` × `height` (R31);
  /// a plan without a divider gains one without anchors.
  public func dividerDrag(width: Double, height: Double) -> DividerDrag {
    DividerDrag(plan: self, width: width, height: height)
  }
}

/// A plan read in place, through a pointer (``DividerDrag``).
struct PlanReference: ArrangementConfiguration {
  let plan: UnsafePointer<ArrangementPlan>

  init(plan: UnsafeMutablePointer<ArrangementPlan>) { self.plan = UnsafePointer(plan) }

  static var thirdGeneration: Bool { @inline(__always) get { true } }
  var originX: Double { @inline(__always) get { plan.pointee.originX } }
  var originY: Double { @inline(__always) get { plan.pointee.originY } }
  var sanitizedInsets: EdgeInsets { @inline(__always) get { plan.pointee.sanitizedInsets } }
  var givenSizeClasses: SizeClasses? { @inline(__always) get { plan.pointee.givenSizeClasses } }
  var isRightToLeft: Bool { @inline(__always) get { plan.pointee.isRightToLeft } }
  var pixelScale: Double { @inline(__always) get { plan.pointee.pixelScale } }
  var arrangementStyle: ArrangementStyle { @inline(__always) get { plan.pointee.arrangementStyle } }
  var allowedAxes: Axes { @inline(__always) get { plan.pointee.allowedAxes } }
  var showsSecondary: Bool { @inline(__always) get { plan.pointee.showsSecondary } }
  var overlayPrimaryLeading: Bool { @inline(__always) get { plan.pointee.overlayPrimaryLeading } }
  var overlayPrimaryTop: Bool { @inline(__always) get { plan.pointee.overlayPrimaryTop } }
  var primaryFirst: Bool { @inline(__always) get { plan.pointee.primaryFirst } }
  var activeFoldCount: Int { @inline(__always) get { plan.pointee.activeFoldCount } }
  var splitSpacing: Double { @inline(__always) get { plan.pointee.splitSpacing } }
  var dividerSettings: DividerSettings? { @inline(__always) get { plan.pointee.dividerSettings } }
  var hasDivider: Bool { @inline(__always) get { plan.pointee.hasDivider } }
  var divisionCount: Int { @inline(__always) get { plan.pointee.divisionCount } }
  var secondaryAdapt: AdaptStrategy { @inline(__always) get { plan.pointee.secondaryAdapt } }
  var levitateAlignment: LevitateAlignment { @inline(__always) get { plan.pointee.levitateAlignment } }

  @inline(__always)
  func resolvedRanges(along axis: Axis, length: Double) -> (
    primary: ResolvedRange<Double>, secondary: ResolvedRange<Double>
  ) { plan.pointee.resolvedRanges(along: axis, length: length) }
  @inline(__always) func activeFold(_ index: Int) -> FoldCandidate { plan.pointee.activeFold(index) }
  @inline(__always) func dividerAnchor(_ index: Int) -> (a: Double, f: Double) { plan.pointee.dividerAnchor(index) }
  @inline(__always) func division(_ index: Int) -> FoldCandidate { plan.pointee.division(index) }
  @inline(__always) func secondaryRange(along axis: Axis) -> LinearRange { plan.pointee.secondaryRange(along: axis) }
}

extension DividerDrag {
  /// The targets each of the drag's compiled pieces holds, and whether its panes fill the area (for tests).
  package var targetPieces: [(low: Double, high: Double, fills: Bool)] {
    (0..<table.count).map { (table.pieces[$0].low, table.pieces[$0].high, table.pieces[$0].fills) }
  }

  /// The length the panes share, `L'` (for tests).
  package var sharedLength: Double { shared }
}
