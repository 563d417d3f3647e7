/// Which fast path a plan's configuration allows (the rest take the general
/// path): with its sizing compiled or not, and its gap, it becomes the
/// plan's ``PlanEntry``: the kind of its ``AnswerTable``, or none.
@usableFromInline
enum KernelChoice: UInt8, Sendable {
  /// None: hidden secondaries, several active folds.
  case general
  /// A split without active folds or display scale (``NoGrid``).
  case noGrid
  /// A split without active folds, snapped to a display scale (``SnappingGrid``).
  case snappingGrid
  /// One active fold, the secondary shown (``AcrossFold``; a table only).
  case acrossFold
  /// An overlay without active folds, the secondary shown (``Stacked``; a table only).
  case stacked

  /// `divided`, `adapts`: the plan has a divider, its secondary adapts (R31, R33).
  init(foldCount: Int, style: ArrangementStyle, secondaryVisible: Bool, scale: Double, divided: Bool, adapts: Bool) {
    // Tables know R3–R9 and R30's gap: a split that a divider sizes or
    // whose secondary adapts takes the general path with the plan's settings
    // (a drag has a path of its own, `DividerDrag`).
    if style == .split && (divided || adapts) {
      self = .general
    } else if foldCount == 1 && secondaryVisible {
      self = .acrossFold
    } else if foldCount == 0 && style == .split && secondaryVisible {
      self = scale > 0 ? .snappingGrid : .noGrid
    } else if foldCount == 0 && secondaryVisible {
      self = .stacked
    } else {
      self = .general
    }
  }
}

/// Which entry answers ``ArrangementPlan/solve(width:height:)``, chosen
/// once when the plan is made, so a size's choice is one byte.
@usableFromInline
enum PlanEntry: UInt8, Sendable {
  /// A compiled split, answered by its ``AnswerTable``: without and with a display scale.
  case table, snappedTable
  /// A compiled split with a gap between its panes (R30), an overlay
  /// without active folds (R22), and a plan with one active fold (R18, R19,
  /// R23), answered by their tables.
  case spacedTable, stackedTable, foldTable
  /// A split whose sizing did not compile, with or without a gap or a
  /// display scale: its table sizes per size where no piece holds.
  case sizedTable
  case general

  /// `bounded`: the plan's insets are within ``RegimeTable/largestInsets``
  /// (so a size whose area has a piece's length needs no sanitising).
  init(kernel: KernelChoice, compiled: Bool, bounded: Bool, spacing: Double) {
    switch kernel {
    case .noGrid, .snappingGrid:
      self =
        !compiled
        ? (bounded ? .sizedTable : .general)
        : spacing > 0 ? .spacedTable : kernel == .noGrid ? .table : .snappedTable
    case .acrossFold: self = .foldTable
    case .stacked: self = .stackedTable
    case .general: self = .general
    }
  }
}

/// Work done with a plan's table mode, whichever it is: the mode is a type,
/// so each use is compiled once per mode and ``ArrangementPlan/withTable(_:)``
/// turns the plan's entry into that type, the one place that does (the
/// entry behind ``ArrangementPlan/solve(width:height:)`` tests for a plain
/// split's table first, to answer it inline; see its Note).
protocol KernelUse {
  associatedtype Answer
  func callAsFunction<Mode: KernelMode>(_ plan: ArrangementPlan, _ mode: Mode.Type) -> Answer
}

extension ArrangementPlan {
  /// Which kind of table the plan's configuration allows, from what the plan stores.
  var kernel: KernelChoice {
    KernelChoice(
      foldCount: foldMask.nonzeroBitCount, style: style, secondaryVisible: secondaryVisible, scale: scale,
      divided: dividerSettings != nil, adapts: secondaryAdapt != .hide)
  }

  /// The kind of table the configuration allows, by name (for tests).
  package var kernelName: String { "\(kernel)" }

  /// The plan's entry, by name (for tests): `table`, `snappedTable`,
  /// `spacedTable`, `stackedTable` and `foldTable` answer from an ``AnswerTable``.
  package var entryName: String { "\(entry)" }

  /// Whether a `Solution` is laid out as the table's rows assume (for tests:
  /// where it is not, no plan has a table and every size takes the general path).
  package static var answerLayoutHolds: Bool { SolutionBytes.assumed }
}
