/// A divider's drag at one size, compiled (R3–R7, R30, R31): the sizing
/// rules run on ``RegimeTerm``s over the divider's target `t` in `[0, L']`,
/// both panes' ranges resolved over `L'` and aimed at `t` and `L' − t`
/// (``ResolvedRange/aimed(_:_:at:shared:)``), as a plan compiles them over
/// the area's length (``RegimeTable``). Where both panes are shown with one
/// formula each over an interval of `t`, the interval is a piece; per
/// position, a drag finds the piece holding its target and evaluates the
/// formulas with the general path's own operations, so its answer is the
/// same bit for bit. Targets in no piece take the general path.
@frozen
public struct DragTable: Sendable {
  /// How many pieces a table holds: a range clamped below, followed, and
  /// clamped above, each pane (the rest are left to the general path).
  @usableFromInline static let capacity = 6
  @usableFromInline var pieces: InlineArray<6, DragPiece>
  @usableFromInline var count: Int

  @usableFromInline
  init() {
    pieces = InlineArray(repeating: DragPiece())
    count = 0
  }

  /// The piece holding `target`, if one does: the first whose high end the
  /// target does not pass (the pieces ascend and are disjoint; a slot past
  /// the last holds nothing, its high end −∞), read by its index alone.
  ///
  /// Note (52d11e4): indexed in a loop, the pieces were copied to the stack
  /// at every step (callgrind, plans/divider-drag 450 instructions a position).
  @inline(__always)
  func piece(holding target: Double) -> DragPiece? {
    @inline(__always) func within(_ index: Int) -> Bool { target <= pieces[index].high }
    let piece =
      within(0)
      ? pieces[0]
      : within(1) ? pieces[1] : within(2) ? pieces[2] : within(3) ? pieces[3] : within(4) ? pieces[4] : pieces[5]
    guard piece.low <= target && target <= piece.high else { return nil }
    return piece
  }
}

/// One piece of a ``DragTable``: for `low ≤ t ≤ high` the primary takes
/// `a + f·t` and the secondary `c + d·t` (or `total − (c + d·t)`).
@frozen
public struct DragPiece: Sendable {
  @usableFromInline var low = Double.infinity
  @usableFromInline var high = -Double.infinity
  @usableFromInline var a = 0.0
  @usableFromInline var f = 0.0
  @usableFromInline var c = 0.0
  @usableFromInline var d = 0.0
  @usableFromInline var total = 0.0
  /// The secondary is `total − (c + d·t)`, not `c + d·t`.
  @usableFromInline var remainder = false
  /// The panes fill `L'`: their far edge is the area's end (and the secondary's length is not needed).
  @usableFromInline var fills = false

  @usableFromInline
  init() {}

  /// The primary's length at `target`, as the general path computes it.
  @inline(__always)
  func primary(_ target: Double) -> Double { a + f * target }

  /// The secondary's length at `target`, as the general path computes it.
  @inline(__always)
  func secondary(_ target: Double) -> Double {
    let direct = c + d * target
    return remainder ? total - direct : direct
  }
}

extension DragTable {
  /// The pieces of a drag over `shared` (`L'`) of an area `length` long,
  /// with both panes' ranges resolved there. Each piece is cut to where
  /// every pane, and the length beside them where they do not fill the
  /// area, is at least ``RegimeTable/edgeMargin`` long
  /// (``RegimeTerm/within(_:_:_:)``), so the edges need no end test
  /// (``PaneEdges/interior(_:)``). Empty unless `length` is at most 2^16
  /// points, where the rules' few roundings (each under 10⁻¹⁵ of 2^16)
  /// leave the far edge of panes that fill the area within 10⁻⁹ of its end.
  static func compile(
    _ primary: ResolvedRange<Double>, _ secondary: ResolvedRange<Double>, primaryFirst: Bool, shared: Double,
    length: Double
  ) -> DragTable {
    var table = DragTable()
    guard length <= 0x1p16 && shared > 0 else { return table }
    let total = RegimeTerm(repeating: shared)
    RegimeTerm.intervals(from: 0, to: shared) { target in
      let (aimedPrimary, aimedSecondary) = ResolvedRange.aimed(
        ResolvedRange<RegimeTerm>(primary), ResolvedRange<RegimeTerm>(secondary), at: target, shared: total)
      return PaneLengths(primary: aimedPrimary, secondary: aimedSecondary, primaryFirst: primaryFirst, length: total)
    } each: { low, high, sized in
      let (first, second) = (sized.primary, sized.secondary)
      // The primary's bits place the boundary, so its expression must be the piece's.
      guard first.form == .direct, let rest = second.value else { return true }
      // Where the panes fill `L'` (the length beside them is zero at every `t`), R9's end
      // test puts their far edge at the area's end whatever the secondary's rounding;
      // elsewhere that edge is the secondary's own, so its expression must be the piece's.
      let beside = (c: shared - first.a - rest.a, d: -first.f - rest.f)
      let fills = beside.c.magnitude + beside.d.magnitude * shared <= 1e-11
      guard fills || second.form == .direct || second.form == .remainder else { return true }
      // Both panes at least the margin long, and the length beside them where they do not fill.
      let panes = RegimeTerm.within(RegimeTerm.within((low, high), first.a, first.f), rest.a, rest.f)
      if let range = fills ? panes : RegimeTerm.within(panes, beside.c, beside.d) {
        var piece = DragPiece()
        (piece.low, piece.high, piece.a, piece.f) = (range.low, range.high, first.a, first.f)
        (piece.c, piece.d, piece.total) = (second.a, second.f, second.total)
        (piece.remainder, piece.fills) = (second.form == .remainder, fills)
        table.pieces[table.count] = piece
        table.count += 1
      }
      return table.count < capacity
    }
    return table
  }
}
