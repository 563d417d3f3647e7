/// A plan's answers, as a table: everything a size's answer holds that does
/// not vary with the size, worked out once by the rules themselves, so that
/// a solve only finds its row and computes the few coordinates that move.
///
/// A plan has at most eight discrete outcomes: the split axis (R16) times
/// the container's class along each side (R2). Each outcome is a row (or
/// none: the general path answers), built by ``RegimeAnswer/solution``, the
/// general path's own builder, and stored as the bytes an answer holds
/// beside its frames, with its column flags:
/// - a split without folds, gap, divider or adaptation whose sizing
///   compiled (``RegimeTable``): both panes along the axis (R17, R20, R21),
///   or the primary alone over the layout area (R17, R19);
/// - an overlay without folds: both panes over the area, the primary in
///   front (R22);
/// - a plan with one active fold: the panes on its sides (R18, R23), or a
///   split's primary alone on its side (R19); the axis is the fold's.
///
/// Per size, a solve computes the layout area (R1), the axis and the two
/// class bits (one comparison each; none when the classes are given) and
/// the coordinates that move: in a
/// split, the piece of the axis's table that holds the area's length, its
/// `a + f·L` and the boundary (R8, R9: ``PaneEdges/interior(_:)``, rounded
/// only with a display scale); beside a fold, the far side's length; then
/// it stores two frames and three words of the row.
@frozen
public struct AnswerTable: Sendable {
  /// R2 as one comparison a side: the container is regular along its width
  /// from `horizontalFrom` points (600 when derived; −∞ or +∞ when given).
  @usableFromInline var horizontalFrom = Double.infinity
  @usableFromInline var verticalFrom = Double.infinity
  /// Whether the classes are derived (R2); given, each axis has one row,
  /// stored at every outcome of that axis.
  @usableFromInline var derivesClasses = true
  /// For each outcome, a byte: which of ``TableRow/all`` answers it (see
  /// ``TableRow/Kind``), or 255 for the general path.
  @usableFromInline var rowCodes = UInt64.max
  /// ``TableRow/all``'s address, kept here so that a solve does not ask
  /// for the global (an out-of-line `swift_once` each time).
  @usableFromInline var rowsAddress: UInt = 0
  /// Beside a fold: its axis, and the primary on the leading side (R18, R23).
  @usableFromInline var foldAxis = Axis.horizontal
  @usableFromInline var primaryLeading = true

  @usableFromInline
  init() {}

  /// The row code of outcome `index`.
  @inline(__always)
  func code(_ index: Int) -> Int { Int(truncatingIfNeeded: rowCodes &>> UInt64(8 &* index)) & 0xFF }

  /// The row of code `code` (below 255: one of ``TableRow/all``).
  @inline(__always)
  func row(_ code: Int) -> UnsafePointer<TableRow> {
    UnsafePointer<TableRow>(bitPattern: rowsAddress).unsafelyUnwrapped + code
  }
}

/// One outcome of a plan: what the answer holds beside its frames.
@frozen
public struct TableRow: Sendable {
  /// The answer's bytes after each pane's frame: z-index, classes,
  /// visibility (``PaneLayout``); after the secondary's, the split axis,
  /// adaptation and divider too (the last 8 bytes in `tail`).
  @usableFromInline var primaryRest: SIMD2<UInt64> = .zero
  @usableFromInline var secondaryRest: SIMD2<UInt64> = .zero
  @usableFromInline var tail: UInt64 = 0
  /// The same as ``SolutionColumns/Flags``.
  @usableFromInline var flags: UInt64 = 0

  @usableFromInline
  init() {}

  /// Which rows a code (a row's index in ``all``) names, by its eighth.
  @usableFromInline
  enum Kind: Int, CaseIterable {
    /// Both panes of a split along the axis (R17, R20, R21).
    case split
    /// The primary alone over the layout area (R17, R19).
    case alone
    /// Both panes over the area, the primary in front (R22).
    case stacked
    /// A split's panes on the fold's sides (R18).
    case besideSplit
    /// An overlay's panes on the fold's sides (R23): no split axis.
    case besideOverlay
    /// A split's primary alone on its side of the fold (R19).
    case besideAlone

    /// The answer with placeholder frames of outcome `index`.
    func answer(_ index: Int) -> Solution {
      let axis: Axis = index & 4 == 0 ? .horizontal : .vertical
      let (horizontallyRegular, verticallyRegular) = (index & 2 != 0, index & 1 != 0)
      let across = axis == .horizontal ? verticallyRegular : horizontallyRegular
      let along = axis == .horizontal ? horizontallyRegular : verticallyRegular
      let fold = Fold(splitAxis: axis, start: 0, end: 0)
      let answer: RegimeAnswer<Double> =
        switch self {
        case .split:
          RegimeAnswer(
            axis: axis, crossStart: 0, crossLength: 0, primaryStart: 0, primaryExtent: 0, secondaryStart: 0,
            secondaryExtent: 0, regularAcross: across)
        case .alone, .stacked:
          .overArea(
            left: 0, top: 0, areaWidth: 0, areaHeight: 0, horizontalRegular: horizontallyRegular,
            verticalRegular: verticallyRegular, secondaryShown: self == .stacked, stacked: self == .stacked)
        case .besideSplit, .besideOverlay, .besideAlone:
          .besideFold(
            fold, start: 0, length: 0, crossStart: 0, crossLength: 0, reversed: false, primaryLeading: true,
            secondaryShown: self != .besideAlone, splits: self != .besideOverlay, regularAcross: across,
            regularAlong: along)
        }
      return answer.solution
    }
  }

  /// The row of `answer`, whose frames are placeholders.
  init(_ answer: Solution) {
    flags = SolutionColumns.Flags(answer).rawValue
    (primaryRest, secondaryRest, tail) = withUnsafeTemporaryAllocation(of: Solution.self, capacity: 1) { buffer in
      // Zeroed first, so the padding an answer leaves is zero in the row.
      let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
      raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Solution>.size)
      buffer.baseAddress!.initialize(to: answer)
      return (
        raw.loadUnaligned(fromByteOffset: SolutionBytes.primaryRest, as: SIMD2<UInt64>.self),
        raw.loadUnaligned(fromByteOffset: SolutionBytes.secondaryRest, as: SIMD2<UInt64>.self),
        raw.loadUnaligned(fromByteOffset: SolutionBytes.tail, as: UInt64.self)
      )
    }
  }

  /// Every row there is: a row depends only on its kind and its index (the
  /// axis and the container's classes), not on the plan, which keeps only
  /// the kind of each index. Built once, by the general path's builder.
  ///
  /// Note (971033f): out of the plan, behind a pointer: rows stored in the plan (eight
  /// fields chosen by a switch) were all loaded ahead of the choice, as
  /// LLVM may speculate loads from the plan (callgrind, peers plan: 409
  /// instructions a size).
  nonisolated(unsafe) static let all: UnsafePointer<TableRow> = {
    let rows = UnsafeMutablePointer<TableRow>.allocate(capacity: 8 * Kind.allCases.count)
    for kind in Kind.allCases {
      for index in 0..<8 { (rows + 8 * kind.rawValue + index).initialize(to: TableRow(kind.answer(index))) }
    }
    return UnsafePointer(rows)
  }()

  /// The code of outcome `index` answered by rows of `kind`.
  static func code(_ kind: Kind, _ index: Int) -> Int { 8 * kind.rawValue + index }

  /// Which row a size takes: the split axis (R16), and the container's class along each side (R2).
  @inline(__always)
  static func index(horizontal: Bool, horizontallyRegular: Bool, verticallyRegular: Bool) -> Int {
    (horizontal ? 0 : 4) | (horizontallyRegular ? 2 : 0) | (verticallyRegular ? 1 : 0)
  }

  /// Writes the answer with frames `primary` and `secondary` into `slot`.
  ///
  /// Note (971033f): three 16-byte words and two frames, not a `Solution` built field
  /// by field: that wrote each class, flag and z-index with a store of its
  /// own (19 stores an answer).
  @inline(__always)
  func write(primary: LaneRect<Double>, secondary: LaneRect<Double>, into slot: UnsafeMutablePointer<Solution>) {
    let raw = UnsafeMutableRawPointer(slot)
    raw.storeBytes(of: SIMD4(primary.x, primary.y, primary.width, primary.height), as: SIMD4<Double>.self)
    raw.storeBytes(of: primaryRest, toByteOffset: SolutionBytes.primaryRest, as: SIMD2<UInt64>.self)
    raw.storeBytes(
      of: SIMD4(secondary.x, secondary.y, secondary.width, secondary.height), toByteOffset: SolutionBytes.secondary,
      as: SIMD4<Double>.self)
    raw.storeBytes(of: secondaryRest, toByteOffset: SolutionBytes.secondaryRest, as: SIMD2<UInt64>.self)
    raw.storeBytes(of: tail, toByteOffset: SolutionBytes.tail, as: UInt64.self)
  }
}

/// Where a ``Solution``'s parts lie in its 104 bytes (``TableRow/write(primary:secondary:into:)``).
enum SolutionBytes {
  static var primaryRest: Int { @inline(__always) get { MemoryLayout<Solution>.offset(of: \.primary.zIndex)! } }
  static var secondary: Int { @inline(__always) get { MemoryLayout<Solution>.offset(of: \.secondary)! } }
  static var secondaryRest: Int {
    @inline(__always) get { MemoryLayout<Solution>.offset(of: \.secondary.zIndex)! }
  }
  /// The last 8 bytes (the divider's position).
  static var tail: Int { @inline(__always) get { secondaryRest + 16 } }

  /// Whether the layout is the one the rows assume: each pane a frame then
  /// its rest, the primary's within 16 bytes, the secondary's and the
  /// answer's fields within the last 24 (checked when a table is made).
  static var assumed: Bool {
    MemoryLayout<Rect>.size == 32 && primaryRest == 32 && secondary == 48 && secondaryRest == 80
      && MemoryLayout<Solution>.size == 104
  }
}

extension AnswerTable {
  /// The table of `plan`, whose entry says which rows it may have; empty
  /// (every outcome the general path's) for other plans.
  init(_ plan: ArrangementPlan) {
    self.init()
    guard SolutionBytes.assumed else { return }
    if plan.derivesClasses {
      (horizontalFrom, verticalFrom) = (SizeClasses.regularFrom, SizeClasses.regularFrom)
    } else {
      horizontalFrom = plan.givenClasses.horizontal == .regular ? -.infinity : .infinity
      verticalFrom = plan.givenClasses.vertical == .regular ? -.infinity : .infinity
    }
    derivesClasses = plan.derivesClasses
    rowsAddress = UInt(bitPattern: TableRow.all)
    foldAxis = plan.firstFold.frame.foldSplitAxis
    primaryLeading =
      plan.style == .split
      || OverlayRules.primaryLeading(
        across: foldAxis, leading: plan.overlayPrimaryLeading, top: plan.overlayPrimaryTop)
    if plan.entry == .foldTable {
      // R16: the fold starts no later than the area across its axis, and after the area's start along it.
      let fold = plan.firstFold.frame
      let (start, crossStart) =
        foldAxis == .horizontal ? (plan.insets.left, plan.insets.top) : (plan.insets.top, plan.insets.left)
      guard fold.start(along: foldAxis.cross) <= crossStart && fold.start(along: foldAxis) > start else { return }
    }
    for index in 0..<8 {
      // A fold's plan splits across the fold (R16): an outcome's axis bit is the fold's.
      let axis: Axis =
        plan.entry == .foldTable ? foldAxis : index & 4 == 0 ? .horizontal : .vertical
      // Given classes are the same at every size: each outcome takes theirs.
      let classes =
        plan.derivesClasses
        ? index & 3
        : (plan.givenClasses.horizontal == .regular ? 2 : 0) | (plan.givenClasses.vertical == .regular ? 1 : 0)
      let outcome = classes | (axis == .horizontal ? 0 : 4)
      let regularAlong = axis == .horizontal ? classes & 2 != 0 : classes & 1 != 0
      // R17: both panes only where the axis is allowed and the container is
      // regular along it; otherwise the primary alone (R19).
      let both = SplitRules.showsBoth(showsSecondary: true, allowed: plan.axes.allows(axis), regular: regularAlong)
      let kind: TableRow.Kind? =
        switch plan.entry {
        case .table, .snappedTable, .spacedTable, .sizedTable: both ? .split : .alone
        case .stackedTable: .stacked
        case .foldTable where plan.style == .split: both ? .besideSplit : .besideAlone
        // R24: an overlay's panes take the fold's sides only where its axis is allowed.
        case .foldTable: OverlayRules.sideBySide(across: axis, allowed: plan.axes) ? .besideOverlay : nil
        default: nil
        }
      guard let kind else { continue }
      rowCodes &= ~(0xFF << (8 * UInt64(index)))
      rowCodes |= UInt64(TableRow.code(kind, outcome)) << (8 * UInt64(index))
    }
  }
}

extension RegimeTable {
  /// The first pane's length by the piece holding every lane of `length`,
  /// if one does: the first piece whose high end no lane passes (the pieces
  /// ascend and are disjoint; a slot past the last holds nothing, its high
  /// end −∞), read by its index alone.
  ///
  /// Note (971033f): a piece chosen by index through a switch loads its own numbers; chosen
  /// by nested selects (`RegimeTable/first(_:from:walks:)`), LLVM loaded all
  /// four pieces' first; from columns (`SIMD4`) read at a run-time index, it
  /// stored each column to the stack to load one lane (callgrind, peers plan
  /// 129 → 132 instructions a size).
  @inline(__always)
  func first<Lanes: KernelLanes>(holding length: Lanes) -> Lanes? {
    @inline(__always) func within(_ index: Int) -> Bool {
      length.lessOrEqual(Lanes(repeating: pieces[index].high)).all
    }
    let index = within(0) ? 0 : within(1) ? 1 : within(2) ? 2 : 3
    let piece =
      switch index {
      case 0: pieces[0]
      case 1: pieces[1]
      case 2: pieces[2]
      default: pieces[3]
      }
    guard piece.holds(length) else { return nil }
    return piece.first(length)
  }
}

/// A frame in lanes (one size's, or four sizes' in `SIMD4`).
struct LaneRect<Lanes: KernelLanes> {
  var x: Lanes
  var y: Lanes
  var width: Lanes
  var height: Lanes

  /// ``Rect/init(along:start:length:crossStart:crossLength:)`` in lanes.
  @inline(__always)
  init(along axis: Axis, start: Lanes, length: Lanes, crossStart: Lanes, crossLength: Lanes) {
    (x, y, width, height) =
      axis == .horizontal ? (start, crossStart, length, crossLength) : (crossStart, start, crossLength, length)
  }

  /// A hidden pane's frame (RULES.md §7).
  static var zero: LaneRect {
    @inline(__always) get {
      let zero = Lanes(repeating: 0)
      return LaneRect(along: .horizontal, start: zero, length: zero, crossStart: zero, crossLength: zero)
    }
  }
}

/// A size's answer from the table, in lanes: the row (one for every lane), and both frames.
struct TableAnswer<Lanes: KernelLanes> {
  var row: UnsafePointer<TableRow>
  var primary: LaneRect<Lanes>
  var secondary: LaneRect<Lanes>
}

extension TableAnswer where Lanes: SIMD, Lanes.Scalar == Double {
  /// Lane `lane`'s answer, written into `slot`.
  @inline(__always)
  func write(_ lane: Int, into slot: UnsafeMutablePointer<Solution>) { write(lane, row: row.pointee, into: slot) }

  /// Lane `lane`'s answer with `row`, read once for every lane: written
  /// through the pointer, each answer's stores may alias it and it is read again.
  ///
  /// Note (c9768ea): peers batch 67.3 → 65.0 instructions a size (callgrind).
  @inline(__always)
  func write(_ lane: Int, row: TableRow, into slot: UnsafeMutablePointer<Solution>) {
    @inline(__always) func frame(_ rect: LaneRect<Lanes>) -> LaneRect<Double> {
      LaneRect<Double>(
        along: .horizontal, start: rect.x[lane], length: rect.width[lane], crossStart: rect.y[lane],
        crossLength: rect.height[lane])
    }
    row.write(primary: frame(primary), secondary: frame(secondary), into: slot)
  }
}

extension ArrangementPlan {
  /// The table's answer for the sizes `(widths, heights)`, given to `put`,
  /// when every lane takes the same row; false where the general path answers.
  ///
  /// A length in a piece needs no sanitising (``RegimeTable/largestLength``),
  /// and the cross length is at most the length along the axis (R16), so
  /// a split's sizes are read as given; any other size has no piece, or no area.
  @_transparent
  func tableAnswer<Lanes: KernelLanes, Mode: KernelMode>(
    widths: Lanes, heights: Lanes, mode: Mode.Type, _ put: (TableAnswer<Lanes>) -> Void
  ) -> Bool {
    if Mode.stacked || Mode.acrossFold { return besideAnswer(widths: widths, heights: heights, mode: mode, put) }
    // R1, R29: the layout area, answered only where it is not empty (no lane is then clamped).
    let zero = Lanes(repeating: 0)
    let areaWidth = SolveContext.insetLength(widths, insets.left, insets.right)
    let areaHeight = SolveContext.insetLength(heights, insets.top, insets.bottom)
    guard areaWidth.greater(zero).all && areaHeight.greater(zero).all else { return false }
    // R16: along the longer side, in every lane.
    guard let horizontal = SplitRules.alongWidth(width: areaWidth, height: areaHeight).uniform else { return false }
    // R2: the container's classes, one row for every lane.
    let code: Int
    if table.derivesClasses {
      guard let index = classIndex(widths: widths, heights: heights) else { return false }
      code = table.code(index | (horizontal ? 0 : 4))
    } else {
      code = table.code(horizontal ? 0 : 4)
    }
    if code >= 8 {
      // R17, R19: the primary alone over the layout area.
      guard code < 8 * TableRow.Kind.stacked.rawValue,
        (horizontal ? areaWidth : areaHeight).lessOrEqual(Lanes(repeating: RegimeTable.largestLength)).all
      else { return false }
      put(
        TableAnswer(
          row: table.row(code),
          primary: LaneRect(
            along: .horizontal, start: Lanes(repeating: insets.left), length: areaWidth,
            crossStart: Lanes(repeating: insets.top), crossLength: areaHeight),
          secondary: .zero))
      return true
    }
    return horizontal
      ? tableSplit(row: code, along: .horizontal, length: areaWidth, crossLength: areaHeight, mode: mode, put)
      : tableSplit(row: code, along: .vertical, length: areaHeight, crossLength: areaWidth, mode: mode, put)
  }

  /// R2: the outcome bits of derived classes when every lane has them; `nil` otherwise.
  @inline(__always)
  func classIndex<Lanes: KernelLanes>(widths: Lanes, heights: Lanes) -> Int? {
    guard let horizontallyRegular = widths.greaterOrEqual(Lanes(repeating: table.horizontalFrom)).uniform,
      let verticallyRegular = heights.greaterOrEqual(Lanes(repeating: table.verticalFrom)).uniform
    else { return nil }
    return TableRow.index(
      horizontal: true, horizontallyRegular: horizontallyRegular, verticallyRegular: verticallyRegular)
  }

  /// Both panes along `axis`: the piece's `a + f·L` for the pane sized
  /// first (R4), the rest for the other, and the boundary between them
  /// placed as the general path places it (R8, R9).
  ///
  /// Note (971033f): each axis's table read where it is: passed as an argument, the
  /// table was copied for every size.
  @_transparent
  func tableSplit<Lanes: KernelLanes, Mode: KernelMode>(
    row: Int, along axis: Axis, length: Lanes, crossLength: Lanes, mode: Mode.Type,
    _ put: (TableAnswer<Lanes>) -> Void
  ) -> Bool {
    // R30: the panes share the length beside the gap; a length beyond a
    // piece's is one sanitising might change (R29), and the general path's.
    let shared = Mode.spaced ? SplitRules.sharedLength(length, spacing: spacing) : length
    if Mode.spaced || Mode.sizes {
      guard length.lessOrEqual(Lanes(repeating: RegimeTable.largestLength)).all else { return false }
    }
    let found =
      axis == .horizontal ? horizontalRegimes.first(holding: shared) : verticalRegimes.first(holding: shared)
    let (primaryLength, secondaryLength): (Lanes, Lanes)
    if let first = found {
      let rest = shared - first
      (primaryLength, secondaryLength) = primaryFirst ? (first, rest) : (rest, first)
    } else if Mode.sizes {
      // R3–R7 themselves, where they did not compile; the row is both panes', so both must show.
      let (primaryRange, secondaryRange) =
        axis == .horizontal ? (primaryWidth, secondaryWidth) : (primaryHeight, secondaryHeight)
      let sized = PaneLengths(
        primary: ResolvedRange(primaryRange, length: shared), secondary: ResolvedRange(secondaryRange, length: shared),
        primaryFirst: primaryFirst, length: shared)
      guard (sized.primaryShown .& sized.secondaryShown).all else { return false }
      (primaryLength, secondaryLength) = (sized.primary, sized.secondary)
    } else {
      return false
    }
    let start = axis == .horizontal ? insets.left : insets.top
    let crossStart = Lanes(repeating: axis == .horizontal ? insets.top : insets.left)
    let reversed = axis.flowsBackward(rightToLeft: isRightToLeft)
    let edges = PaneEdges<Lanes>(
      start: Lanes(repeating: start), end: start + length, length: length, reversed: reversed, scale: scale,
      snaps: Mode.snaps, origin: axis == .horizontal ? originX : originY)
    let (primaryLow, primaryHigh, secondaryLow, secondaryHigh): (Lanes, Lanes, Lanes, Lanes)
    if Mode.spaced || Mode.sizes {
      // With a gap or lengths not from a piece, every edge as the general path places it (R8, R9, R30).
      let (primarySpan, secondarySpan) = edges.spans(
        primary: primaryLength, secondary: secondaryLength, gap: spacing, spaced: Mode.spaced)
      (primaryLow, primaryHigh, secondaryLow, secondaryHigh) =
        (primarySpan.low, primarySpan.high, secondarySpan.low, secondarySpan.high)
    } else {
      // What the compiler proved of every piece (``RegimeTerm/within(_:_:_:)``): the
      // boundary is no end and lies within the area, and the far edge is the area's end.
      let boundary = edges.interior(primaryLength)
      (primaryLow, primaryHigh, secondaryLow, secondaryHigh) =
        reversed ? (boundary, edges.end, edges.start, boundary) : (edges.start, boundary, boundary, edges.end)
    }
    // Unrounded, a piece's panes keep their length; a rounded edge, or a gap, may leave one without (R9).
    if Mode.snaps || Mode.spaced || Mode.sizes {
      guard (primaryHigh.greater(primaryLow) .& secondaryHigh.greater(secondaryLow)).all else { return false }
    }
    put(
      TableAnswer(
        row: table.row(row),
        primary: LaneRect(
          along: axis, start: primaryLow, length: primaryHigh - primaryLow, crossStart: crossStart,
          crossLength: crossLength),
        secondary: LaneRect(
          along: axis, start: secondaryLow, length: secondaryHigh - secondaryLow, crossStart: crossStart,
          crossLength: crossLength)))
    return true
  }

  /// The table's answer for a plan without sizing: an overlay without folds
  /// (``Stacked``) or a plan with one fold (``AcrossFold``). It answers
  /// sizes R29 keeps as they are (below ``Sanitize/limit``, with an area);
  /// the others, which sanitising would change, take the general path.
  ///
  /// Note (8fb4146): sanitised in the lanes (R29 as selects, since removed),
  /// three selects a side, plans/resize cost 140.5 instructions a size against 136.0
  /// (callgrind; its columns 91.8 against 86.6).
  @_transparent
  func besideAnswer<Lanes: KernelLanes, Mode: KernelMode>(
    widths: Lanes, heights: Lanes, mode: Mode.Type, _ put: (TableAnswer<Lanes>) -> Void
  ) -> Bool {
    let zero = Lanes(repeating: 0)
    let limit = Lanes(repeating: Sanitize.limit)
    let areaWidth = SolveContext.insetLength(widths, insets.left, insets.right)
    let areaHeight = SolveContext.insetLength(heights, insets.top, insets.bottom)
    guard (areaWidth.greater(zero) .& areaHeight.greater(zero) .& widths.less(limit) .& heights.less(limit)).all,
      let index = classIndex(widths: widths, heights: heights)
    else { return false }
    let code = table.code(index)
    guard code != 0xFF else { return false }
    if Mode.stacked {
      // R22: both panes over the layout area.
      let area = LaneRect(
        along: .horizontal, start: Lanes(repeating: insets.left), length: areaWidth,
        crossStart: Lanes(repeating: insets.top), crossLength: areaHeight)
      put(TableAnswer(row: table.row(code), primary: area, secondary: area))
      return true
    }
    return table.foldAxis == .horizontal
      ? besideFold(code: code, along: .horizontal, length: areaWidth, crossLength: areaHeight, put)
      : besideFold(code: code, along: .vertical, length: areaHeight, crossLength: areaWidth, put)
  }

  /// The panes on the sides of the plan's fold where it divides the area
  /// (R16), in flow order (R8), the primary on its side (R18, R23); a lone
  /// primary keeps to its side (R19): ``RegimeAnswer/besideFold``'s frames.
  ///
  /// Note (3d47383): R16's test written in lanes a second time (`Fold.init?(frame:dividing:)`
  /// is the first); one generic function for both gave the cold solve a second copy of the
  /// scene (measured where the pair kernel had it, its `acrossFold`, since removed).
  @_transparent
  func besideFold<Lanes: KernelLanes>(
    code: Int, along axis: Axis, length: Lanes, crossLength: Lanes, _ put: (TableAnswer<Lanes>) -> Void
  ) -> Bool {
    let fold = firstFold.frame
    let start = axis == .horizontal ? insets.left : insets.top
    let crossStart = axis == .horizontal ? insets.top : insets.left
    let (foldStart, foldEnd) = (fold.start(along: axis), fold.end(along: axis))
    // The fold starts before the area across the axis and after its start
    // along it (proved when the table was made); it must span the area and
    // end before the area does.
    let divides =
      Lanes(repeating: fold.end(along: axis.cross)).greaterOrEqual(crossStart + crossLength)
      .& Lanes(repeating: foldEnd).less(start + length)
    guard divides.all else { return false }
    let before = (start: Lanes(repeating: start), length: Lanes(repeating: foldStart - start))
    let after = (start: Lanes(repeating: foldEnd), length: start + length - foldEnd)
    let (leading, trailing) = axis.flowsBackward(rightToLeft: isRightToLeft) ? (after, before) : (before, after)
    let (primary, secondary) = table.primaryLeading ? (leading, trailing) : (trailing, leading)
    let crossStarts = Lanes(repeating: crossStart)
    put(
      TableAnswer(
        row: table.row(code),
        primary: LaneRect(
          along: axis, start: primary.start, length: primary.length, crossStart: crossStarts,
          crossLength: crossLength),
        secondary: code >= TableRow.code(.besideAlone, 0)
          ? .zero
          : LaneRect(
            along: axis, start: secondary.start, length: secondary.length, crossStart: crossStarts,
            crossLength: crossLength)))
    return true
  }

  /// The table's answer for one size into `slot`; false where the general path answers.
  @inline(__always)
  func solveFromTable<Mode: KernelMode>(
    width: Double, height: Double, mode: Mode.Type, into slot: UnsafeMutablePointer<Solution>
  ) -> Bool {
    tableAnswer(widths: width, heights: height, mode: mode) {
      $0.row.pointee.write(primary: $0.primary, secondary: $0.secondary, into: slot)
    }
  }
}
