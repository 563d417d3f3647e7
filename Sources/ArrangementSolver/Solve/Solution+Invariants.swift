// MARK: - What every answer keeps, whatever the scene (tests and fuzz targets)

/// One way a solution breaks what the rules promise of every answer.
package struct InvariantViolation: Hashable, Sendable, CustomStringConvertible {
  package enum Kind: Hashable, Sendable, CaseIterable {
    /// A shown pane's frame holds a number that is not finite (R29).
    case notFinite
    /// A shown pane without width or height: such a pane is hidden (R6, R9).
    case empty
    /// A shown pane outside the layout area (R1, R29).
    case outsideArea
    /// A hidden pane with a frame other than zero or a `zIndex` other than 0 (RULES.md §7).
    case hiddenNotZero
    /// A `zIndex` other than the primary's 1 over the whole area in a stacked overlay, and 0 everywhere else (R22–R24).
    case zIndex
    /// Two shown panes overlap without being stacked (R8, R9, R18, R23).
    case overlap
    /// A shown pane covers part of the fold that applies (R16, R18, R19, R23).
    case acrossFold
    /// `splitAxis` given outside a split of two shown panes, missing in one, or not the axis R16 and R17 allow (R21).
    case splitAxis
    /// The panes of a split out of order, or not spanning the area across the axis (R8, R18).
    case order
    /// An adaptation the scene does not ask for or R33 does not allow, or a
    /// levitated secondary that is not in front within the primary's frame,
    /// a reflowed split not along the other axis (R33).
    case adapted
    /// A divider answer without a divider, with a hidden pane, at a position
    /// that is not finite and non-negative, or snapped to no candidate (R31).
    case divider
  }

  package var kind: Kind
  package var message: String

  package var description: String { "\(kind): \(message)" }
}

extension Scene {
  /// The layout area in container coordinates (R1) from the sanitised
  /// container and safe area (R29), as a solve takes it.
  package var layoutArea: Rect {
    let insets = Sanitize.insets(safeArea)
    let width = Sanitize.length(container.width)
    let height = Sanitize.length(container.height)
    return Rect(
      x: insets.left, y: insets.top, width: larger(0, width - insets.left - insets.right),
      height: larger(0, height - insets.top - insets.bottom))
  }

  /// The fold that applies (R16, R22), chosen by the solver's own rule among
  /// the division regions the fold policy and fold axes let the arrangement
  /// use (R32: active ones by default): the axis it splits and its extent
  /// along that axis, margins included, in container coordinates; `nil`
  /// when no fold divides the layout area.
  package var applyingFold: (splitAxis: Axis, start: Double, end: Double)? {
    guard let fold = nearestFold(in: layoutArea) else { return nil }
    return (fold.splitAxis, fold.start, fold.end)
  }

  func nearestFold(in area: Rect) -> Fold? {
    let originX = Sanitize.coordinate(container.x)
    let originY = Sanitize.coordinate(container.y)
    var nearest = Fold.Nearest()
    for region in regions where region.kind == .division && foldPolicy != .neverAvoid {
      guard region.isActive || foldPolicy == .alwaysAvoid else { continue }
      let frame = Sanitize.rect(region.frame).offsetBy(dx: -originX, dy: -originY)
      guard foldAxes.allows(frame.foldOrientation) else { continue }
      nearest.consider(frame, id: region.id, in: area)
    }
    return nearest.fold
  }
}

extension Solution {
  /// Every invariant this answer to `scene` breaks; empty for a sound answer.
  ///
  /// The one check of what R1–R35 promise of every answer, for the tests
  /// and the fuzz targets alike.
  ///
  /// Pane edges are placed exactly by the rules (the area's edges, the
  /// fold's, snapped edges clamped into the area: R9, R18), and a frame keeps
  /// its low edge as placed; its high edge, recomputed as origin plus
  /// length, may round a few units in the last place past where it was
  /// placed. That is the only tolerance (``slack(_:_:)``).
  package func invariantViolations(for scene: Scene) -> [InvariantViolation] {
    var found: [InvariantViolation] = []
    func report(_ kind: InvariantViolation.Kind, _ message: String) {
      found.append(InvariantViolation(kind: kind, message: message))
    }
    let area = scene.layoutArea
    let fold = scene.nearestFold(in: area)
    // R22, R24: an overlay stacks without a fold, or when its side-by-side axis is not allowed.
    let stacks = scene.style == .overlay && (fold.map { !scene.axes.allows($0.splitAxis) } ?? true)
    // R33: a levitated secondary floats in front of the primary.
    let levitated = adapted == .levitated
    checkAdaptation(scene, fold: fold, report)
    checkDivider(scene, report)
    let panes = [("primary", primary), ("secondary", secondary)]
    var sound = true  // both frames finite, so geometry can be compared

    for (name, pane) in panes {
      let frame = pane.frame
      guard pane.visible else {
        if frame != .zero || pane.zIndex != 0 {
          report(.hiddenNotZero, "\(name) is hidden with frame \(frame) and zIndex \(pane.zIndex)")
        }
        continue
      }
      guard frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite else {
        report(.notFinite, "\(name) frame \(frame)")
        sound = false
        continue
      }
      if !(frame.width > 0 && frame.height > 0) { report(.empty, "\(name) is shown with frame \(frame)") }
      for axis in Axis.allCases {
        let low = frame.start(along: axis)
        let high = frame.end(along: axis)
        let end = area.end(along: axis)
        if !(low >= area.start(along: axis) && high - end <= Self.slack(low, end)) {
          report(.outsideArea, "\(name) frame \(frame) leaves the layout area \(area)")
          break
        }
      }
      let front = name == "primary" ? (stacks ? 1 : 0) : (levitated ? 1 : 0)
      if pane.zIndex != front { report(.zIndex, "\(name) zIndex \(pane.zIndex), expected \(front)") }
      if let fold, !stacks {
        let low = frame.start(along: fold.splitAxis)
        let high = frame.end(along: fold.splitAxis)
        if low < fold.end && high - fold.start > Self.slack(low, fold.start) {
          report(
            .acrossFold,
            "\(name) frame \(frame) covers \(fold.start)...\(fold.end) along the \(fold.splitAxis) axis")
        }
      }
    }

    let bothShown = primary.visible && secondary.visible
    if bothShown && sound && !levitated {
      let overArea = Axis.allCases.allSatisfy {
        Self.spans(primary.frame, area, $0) && Self.spans(secondary.frame, area, $0)
      }
      let stacked = stacks && primary.zIndex == 1 && secondary.zIndex == 0 && overArea
      if !stacked && Axis.allCases.allSatisfy({ Self.overlap(primary.frame, secondary.frame, along: $0) }) {
        report(.overlap, "primary \(primary.frame) and secondary \(secondary.frame)")
      }
    }

    let splits = scene.style == .split && bothShown && !levitated
    switch (splitAxis, splits) {
    case (nil, false):
      break
    case (nil, true):
      report(.splitAxis, "missing while both panes are shown in a split")
    case (let axis?, false):
      report(.splitAxis, "\(axis) without a split of two shown panes")
    case (let axis?, true):
      // R16: across the fold, else along the area's longer side (horizontal when square);
      // the other axis where the secondary reflowed (R33).
      let chosen = fold?.splitAxis ?? (area.height > area.width ? .vertical : .horizontal)
      let expected = adapted == .reflowed ? chosen.cross : chosen
      // R2: classes not given follow the container, not the layout area.
      let container = Size(
        width: Sanitize.length(scene.container.width), height: Sanitize.length(scene.container.height))
      let classes = scene.sizeClass ?? SizeClasses(derivedFrom: container)
      if axis != expected {
        report(.splitAxis, "\(axis), expected \(expected)")
      } else if !scene.axes.allows(axis) || classes[axis] != .regular {
        report(.splitAxis, "\(axis) is not allowed or not regular (R17)")
      }
      if sound { checkOrder(along: axis, in: area, scene.layoutDirection == .rightToLeft, report) }
    }
    return found
  }

  /// R33: an adaptation only where the scene's secondary asks for it in a
  /// split, that strategy's, with no fold for `reflow`; a levitated
  /// secondary in front, within the primary's frame, with no split axis.
  private func checkAdaptation(_ scene: Scene, fold: Fold?, _ report: (InvariantViolation.Kind, String) -> Void) {
    guard let adapted else { return }
    let asked = scene.style == .split && scene.secondary.visible
    switch adapted {
    case .reflowed:
      if !asked || scene.secondary.adapt != .reflow || fold != nil {
        report(.adapted, "reflowed without reflow, or with a fold that applies")
      }
      if !(primary.visible && secondary.visible) { report(.adapted, "reflowed without both panes") }
    case .levitated:
      if !asked || scene.secondary.adapt != .levitate { report(.adapted, "levitated without levitate") }
      let floats = primary.visible && secondary.visible && splitAxis == nil
      let within = Axis.allCases.allSatisfy { axis in
        let low = secondary.frame.start(along: axis)
        let end = primary.frame.end(along: axis)
        return low >= primary.frame.start(along: axis) && secondary.frame.end(along: axis) - end <= Self.slack(low, end)
      }
      if !(floats && within) {
        report(.adapted, "levitated secondary \(secondary.frame) is not over the primary \(primary.frame)")
      }
    }
  }

  /// R31: a divider answer only for a scene with a divider whose split shows
  /// both panes, at a finite position from the placement origin, snapped (if
  /// at all) to one of its candidates: the anchors, then the division regions.
  private func checkDivider(_ scene: Scene, _ report: (InvariantViolation.Kind, String) -> Void) {
    guard let divider else { return }
    guard let settings = scene.divider, scene.style == .split else {
      return report(.divider, "a divider answer without a divider")
    }
    if !(primary.visible && secondary.visible) { report(.divider, "a divider answer with a hidden pane") }
    if !(divider.position.isFinite && divider.position >= 0) { report(.divider, "at \(divider.position)") }
    if let anchor = divider.anchor, !(anchor >= 0 && anchor < settings.anchorCount + scene.regions.count) {
      report(.divider, "snapped to candidate \(anchor), beyond the anchors and folds")
    }
  }

  /// R8, R18: the primary leads along the split axis (on the right of a
  /// horizontal split right to left), and both panes span the area across it.
  private func checkOrder(
    along axis: Axis, in area: Rect, _ rightToLeft: Bool, _ report: (InvariantViolation.Kind, String) -> Void
  ) {
    let primaryLow = primary.frame.start(along: axis)
    let secondaryLow = secondary.frame.start(along: axis)
    let reversed = axis == .horizontal && rightToLeft
    if reversed ? primaryLow <= secondaryLow : primaryLow >= secondaryLow {
      report(.order, "primary \(primary.frame) does not lead secondary \(secondary.frame) along the \(axis) axis")
    }
    for (name, frame) in [("primary", primary.frame), ("secondary", secondary.frame)]
    where !Self.spans(frame, area, axis.cross) {
      report(.order, "\(name) frame \(frame) does not span the layout area \(area) across the \(axis) axis")
    }
  }

  /// How far a high edge recomputed as `low` plus a length may round past
  /// `bound`, where the rules placed it: the subtraction that gave the length
  /// and the addition round, together by at most three units in the last
  /// place of the larger magnitude; four are allowed.
  static func slack(_ low: Double, _ bound: Double) -> Double {
    4 * Swift.max(low.magnitude, bound.magnitude).ulp
  }

  /// Whether `frame` covers `area` exactly along `axis`: the same low edge,
  /// and the high edge within rounding of the area's.
  static func spans(_ frame: Rect, _ area: Rect, _ axis: Axis) -> Bool {
    let low = frame.start(along: axis)
    let end = area.end(along: axis)
    return low == area.start(along: axis) && (frame.end(along: axis) - end).magnitude <= slack(low, end)
  }

  /// Whether two frames overlap along `axis` by more than the rounding of their high edges.
  static func overlap(_ a: Rect, _ b: Rect, along axis: Axis) -> Bool {
    let low = Swift.max(a.start(along: axis), b.start(along: axis))
    let high = Swift.min(a.end(along: axis), b.end(along: axis))
    return high - low > slack(low, high)
  }
}
