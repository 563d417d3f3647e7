/// What a table instance solves, as a type, so that each instance
/// is compiled for one case: whether pane edges snap to a pixel grid (R9),
/// whether the panes have a gap (R30), or (a table's) whether the panes take
/// the sides of the plan's one fold or stack.
protocol KernelMode {
  static var snaps: Bool { get }
  /// The plan has one active fold: the panes take its sides (R18, R23).
  static var acrossFold: Bool { get }
  /// The plan is an overlay without active folds: the panes stack (R22).
  static var stacked: Bool { get }
  /// The panes have a gap between them (R30): sizing runs over `L − spacing`.
  static var spaced: Bool { get }
  /// A split whose sizing did not compile: where no piece holds, the
  /// sizing rules run per size (R3–R7), in the table's lanes.
  static var sizes: Bool { get }
}

/// A mode answers only what it says it answers.
extension KernelMode {
  static var acrossFold: Bool { @inline(__always) get { false } }
  static var stacked: Bool { @inline(__always) get { false } }
  static var spaced: Bool { @inline(__always) get { false } }
  static var sizes: Bool { @inline(__always) get { false } }
}

/// A plan with a display scale: edges snap to its pixel grid.
enum SnappingGrid: KernelMode {
  static var snaps: Bool { @inline(__always) get { true } }
}

/// A plan without a display scale: edges stay where the arithmetic puts them.
enum NoGrid: KernelMode {
  static var snaps: Bool { @inline(__always) get { false } }
}

/// A plan with one active fold: the fold's sides are the panes, with no
/// sizing and no snapping (R18, R23).
enum AcrossFold: KernelMode {
  static var snaps: Bool { @inline(__always) get { false } }
  static var acrossFold: Bool { @inline(__always) get { true } }
}

/// A split without active folds (`Base`: any of the modes above but
/// ``AcrossFold`` and ``Stacked``) with a gap between its panes (R30).
///
/// Note (a3b7ed3): a mode of its own: as a test of the plan's spacing in every split,
/// plans without a gap paid for it (callgrind: peers plan 205 → 256
/// instructions a solve, plans/resize 327 → 346).
enum Spaced<Base: KernelMode>: KernelMode {
  static var snaps: Bool { @inline(__always) get { Base.snaps } }
  static var spaced: Bool { @inline(__always) get { true } }
  static var sizes: Bool { @inline(__always) get { Base.sizes } }
}

/// A split without active folds (`Base`: ``NoGrid`` or ``SnappingGrid``)
/// whose sizing did not compile into pieces: its table's split rows take
/// their lengths from the sizing rules per size where no piece holds.
enum Sized<Base: KernelMode>: KernelMode {
  static var snaps: Bool { @inline(__always) get { Base.snaps } }
  static var sizes: Bool { @inline(__always) get { true } }
}

/// An overlay without active folds: both panes over the whole layout area,
/// unsnapped (R22).
enum Stacked: KernelMode {
  static var snaps: Bool { @inline(__always) get { false } }
  static var stacked: Bool { @inline(__always) get { true } }
}
