/// A scene compiled for everything but its container's size.
///
/// For a fixed configuration (style, pane settings, regions, direction,
/// scale) every size bound is `a + f·L` in the layout area's length `L`, so
/// the plan sanitises and resolves the scene once (R29, R3) and solving for
/// a size repeats only the arithmetic that depends on it: the shape of a
/// sweep, a resize animation or a capacity test. ``Scene/solve()`` runs the
/// same steps on the scene itself; tests hold every path of a plan to it, bit
/// for bit. A split without folds also compiles its sizing regimes
/// (``RegimeTable``): making such a plan takes a few microseconds (about 7 µs
/// for the peers scene on the reference machine), so make one per
/// configuration, not per size.
///
/// ```swift
/// let plan = ArrangementPlan(scene)
/// for width in stride(from: 320.0, through: 2048, by: 1) {
///   let solution = plan.solve(width: width, height: 800)
/// }
/// ```
@frozen
public struct ArrangementPlan: Sendable {
  /// The container's origin in window coordinates (R9 rounds in window coordinates).
  @usableFromInline var originX: Double
  @usableFromInline var originY: Double
  @usableFromInline var insets: EdgeInsets
  /// The given size classes; used unless `derivesClasses` (R2).
  @usableFromInline var givenClasses: SizeClasses
  @usableFromInline var derivesClasses: Bool
  @usableFromInline var isRightToLeft: Bool
  /// Pixels per point, 0 for no rounding (R9, R29).
  @usableFromInline var scale: Double
  @usableFromInline var style: ArrangementStyle
  @usableFromInline var axes: Axes
  @usableFromInline var secondaryVisible: Bool
  /// An overlay primary on the leading side / on top (R23).
  @usableFromInline var overlayPrimaryLeading: Bool
  @usableFromInline var overlayPrimaryTop: Bool
  /// The primary is sized first (R4).
  @usableFromInline var primaryFirst: Bool
  @usableFromInline var primaryWidth: LinearRange
  @usableFromInline var primaryHeight: LinearRange
  @usableFromInline var secondaryWidth: LinearRange
  @usableFromInline var secondaryHeight: LinearRange
  /// Which of `divisions` are folds the plan uses (R16, R32), and the first
  /// (the one a table reads).
  ///
  /// Note (d32c543): a mask over `divisions`, not a list of its own: eight more
  /// candidates made a plan 384 bytes larger, and callers copy plans
  /// (callgrind, plans/resize/columns: 136 → 134 instructions a size).
  @usableFromInline var foldMask: UInt8
  @usableFromInline var firstFold: FoldCandidate
  /// The entry ``solve(width:height:)`` calls, from ``kernel``, `compiled` and `spacing`.
  @usableFromInline var entry: PlanEntry
  /// A split without folds: where its sizing rules reduce to one formula,
  /// along each axis (R3–R7); empty tables when `compiled` is false.
  @usableFromInline var horizontalRegimes: RegimeTable
  @usableFromInline var verticalRegimes: RegimeTable
  @usableFromInline var compiled: Bool
  /// R30, R31, R33 (R32 is compiled into `folds`).
  @usableFromInline var spacing: Double
  @usableFromInline var dividerSettings: DividerSettings?
  @usableFromInline var anchorA: InlineArray<8, Double>
  @usableFromInline var anchorF: InlineArray<8, Double>
  @usableFromInline var divisions: InlineArray<8, FoldCandidate>
  @usableFromInline var divisionCount: Int
  @usableFromInline var secondaryAdapt: AdaptStrategy
  /// R33, R38: the levitated secondary's ranges (R38's `size` as the
  /// preferred size) and its alignment.
  @usableFromInline var levitateWidth: LinearRange
  @usableFromInline var levitateHeight: LinearRange
  @usableFromInline var levitateAlignment: LevitateAlignment
  /// A compiled split's answers (``AnswerTable``); empty for other plans.
  @usableFromInline var table: AnswerTable

  /// Compiles `scene`; its container's size is ignored (give it to ``solve(width:height:)``).
  public init(_ scene: Scene) {
    self = withUnsafePointer(to: scene) { Self(compiling: SceneReference(scene: $0)) }
  }

  /// Stores what the cold solve reads from the scene (`SceneReference`), so
  /// both read the configuration through the same getters.
  init(compiling scene: SceneReference) {
    originX = scene.originX
    originY = scene.originY
    insets = scene.sanitizedInsets
    let given = scene.givenSizeClasses
    givenClasses = given ?? SizeClasses(horizontal: .compact, vertical: .compact)
    derivesClasses = given == nil
    isRightToLeft = scene.isRightToLeft
    scale = scene.pixelScale
    style = scene.arrangementStyle
    axes = scene.allowedAxes
    secondaryVisible = scene.showsSecondary
    overlayPrimaryLeading = scene.overlayPrimaryLeading
    overlayPrimaryTop = scene.overlayPrimaryTop
    primaryFirst = scene.primaryFirst
    primaryWidth = LinearRange(scene.scene.pointee.primary, along: .horizontal)
    primaryHeight = LinearRange(scene.scene.pointee.primary, along: .vertical)
    secondaryWidth = LinearRange(scene.scene.pointee.secondary, along: .horizontal)
    secondaryHeight = LinearRange(scene.scene.pointee.secondary, along: .vertical)
    divisions = InlineArray(repeating: FoldCandidate())
    divisionCount = scene.divisionCount
    for index in 0..<divisionCount { divisions[index] = scene.division(index) }
    // A usable fold is a division region: its candidate is the one stored there.
    foldMask = 0
    firstFold = FoldCandidate()
    for index in 0..<scene.activeFoldCount {
      let candidate = scene.activeFold(index)
      guard candidate.isFold else { continue }
      if foldMask == 0 { firstFold = candidate }
      foldMask |= 1 << UInt8(index)
    }
    spacing = scene.splitSpacing
    dividerSettings = scene.dividerSettings
    anchorA = InlineArray(repeating: 0)
    anchorF = InlineArray(repeating: 0)
    for index in 0..<(dividerSettings?.anchorCount ?? 0) {
      (anchorA[index], anchorF[index]) = scene.dividerAnchor(index)
    }
    secondaryAdapt = scene.secondaryAdapt
    levitateWidth = scene.secondaryRange(along: .horizontal)
    levitateHeight = scene.secondaryRange(along: .vertical)
    levitateAlignment = scene.levitateAlignment
    horizontalRegimes = RegimeTable()
    verticalRegimes = RegimeTable()
    compiled = false
    entry = .general
    table = AnswerTable()
    let kernel = kernel
    let bounded =
      insets.left + insets.right <= RegimeTable.largestInsets && insets.top + insets.bottom <= RegimeTable.largestInsets
    if kernel == .noGrid || kernel == .snappingGrid, bounded {
      horizontalRegimes = RegimeTable.compile(primaryWidth, secondaryWidth, primaryFirst: primaryFirst)
      verticalRegimes = RegimeTable.compile(primaryHeight, secondaryHeight, primaryFirst: primaryFirst)
      compiled =
        (horizontalRegimes.count > 0 || verticalRegimes.count > 0)
        && horizontalRegimes.coversRegime(primaryWidth, secondaryWidth, primaryFirst: primaryFirst)
        && verticalRegimes.coversRegime(primaryHeight, secondaryHeight, primaryFirst: primaryFirst)
    }
    entry = PlanEntry(kernel: kernel, compiled: compiled, bounded: bounded, spacing: spacing)
    table = AnswerTable(self)
  }
}

/// A pane's size range along one axis with every bound a linear function
/// `a + f·L` of the layout area's length (R3): an absolute bound is `a`, a
/// fraction is `f`, a missing minimum is 0 and a missing maximum is `L`.
@frozen
public struct LinearRange: Sendable {
  @usableFromInline var minimumA = 0.0
  @usableFromInline var minimumF = 0.0
  @usableFromInline var preferredA = 0.0
  @usableFromInline var preferredF = 0.0
  @usableFromInline var hasPreferred = false
  @usableFromInline var maximumA = 0.0
  @usableFromInline var maximumF = 1.0

  // Note (621dbce): transparent: with `@inline(__always)` it stayed an out-of-line call
  // on the cold paths, twice a solve (callgrind: peers /resizing 582 → 513
  // instructions, peers cold 770 → 736, split groups 25–30 fewer).
  //
  // Note (74d8c78): the range chosen by the axis here becomes a choice of address per field,
  // taken by a branch. Read at one address (the scene's pane plus an offset chosen by the
  // axis), a cold solve ran 5–17 instructions fewer (peers /resizing 507.6 → 493.5, peers
  // 636.6 → 622.5) but up to 7 % slower (`ab` a7c9efb against fbdcc6c, 6 rounds: peers
  // 37.5 → 40.1 ns, split/flat 46.1 → 48.6, in place 25.6 → 25.1): each load then waited
  // for the axis's comparison. Dropped.
  @_transparent
  init(_ pane: PaneSettings, along axis: Axis) {
    let range = axis == .horizontal ? pane.width : pane.height
    // R29: a non-finite ideal size counts as missing, a negative one as 0.
    var ideal = 0.0
    var hasIdeal = false
    if let size = pane.idealSize, let length = Sanitize.bound(axis == .horizontal ? size.width : size.height) {
      ideal = length
      hasIdeal = true
    }
    var hasMinimum = false
    var hasMaximum = false
    Self.resolve(range.minimum, ideal, hasIdeal, &minimumA, &minimumF, &hasMinimum)
    Self.resolve(range.preferred, ideal, hasIdeal, &preferredA, &preferredF, &hasPreferred)
    Self.resolve(range.maximum, ideal, hasIdeal, &maximumA, &maximumF, &hasMaximum)
    if !hasMaximum { (maximumA, maximumF) = (0, 1) }
    // `splitArrangementFixedLayoutSize()`: preferred = maximum = the ideal size; the minimum
    // stays; per axis (R35).
    if pane.fixedSize[axis] && hasIdeal {
      (preferredA, preferredF, hasPreferred) = (ideal, 0, true)
      (maximumA, maximumF) = (ideal, 0)
    }
  }

  /// One bound as `a + f·L`; left unset when missing (R29: non-finite counts as missing).
  @inline(__always)
  static func resolve(
    _ dimension: Dimension?, _ ideal: Double, _ hasIdeal: Bool, _ a: inout Double, _ f: inout Double,
    _ present: inout Bool
  ) {
    switch dimension {
    case .absolute(let points)?:
      guard let points = Sanitize.bound(points) else { return }
      (a, f, present) = (points, 0, true)
    case .fractional(let fraction)?:
      guard let fraction = Sanitize.fraction(fraction) else { return }
      (a, f, present) = (0, fraction, true)
    case .intrinsic?:
      guard hasIdeal else { return }
      (a, f, present) = (ideal, 0, true)
    case nil:
      return
    }
  }
}

/// An active division region, sanitised, in container coordinates.
@frozen
public struct FoldCandidate: Sendable {
  @usableFromInline var id = 0
  @usableFromInline var frame = Rect.zero
  /// False for a placeholder: a region that is not an active fold.
  @usableFromInline var isFold = false

  @usableFromInline
  init() {}

  @usableFromInline
  init(_ region: ReservedRegion, originX: Double, originY: Double) {
    id = region.id
    frame = Sanitize.rect(region.frame).offsetBy(dx: -originX, dy: -originY)
    isFold = true
  }
}

// MARK: - What a solve reads

/// The configuration a solve reads, from a compiled plan or straight from a
/// scene: the one generic solve (specialised for each) reads both, so a plan
/// and a scene always give bit-identical answers, while a cold solve of a
/// scene resolves only what its container needs.
@usableFromInline
protocol ArrangementConfiguration {
  var originX: Double { get }
  var originY: Double { get }
  var sanitizedInsets: EdgeInsets { get }
  /// The given size classes, or nil to derive them (R2).
  var givenSizeClasses: SizeClasses? { get }
  var isRightToLeft: Bool { get }
  var pixelScale: Double { get }
  var arrangementStyle: ArrangementStyle { get }
  var allowedAxes: Axes { get }
  var showsSecondary: Bool { get }
  var overlayPrimaryLeading: Bool { get }
  var overlayPrimaryTop: Bool { get }
  var primaryFirst: Bool { get }
  /// The panes' ranges along `axis`, resolved against the layout area's length there (R3).
  func resolvedRanges(along axis: Axis, length: Double) -> (
    primary: ResolvedRange<Double>, secondary: ResolvedRange<Double>
  )
  /// The division regions the arrangement may use (R16, R32: its fold
  /// policy and fold axes), offered by index; those it may not come back as
  /// placeholders.
  var activeFoldCount: Int { get }
  /// The `index`-th usable division region, sanitised, in container coordinates.
  func activeFold(_ index: Int) -> FoldCandidate
  /// Whether the configuration may use R30, R31 or R33 at all (a type's constant).
  static var thirdGeneration: Bool { get }
  /// R30: the gap between panes that sizing places (a sanitised length).
  var splitSpacing: Double { get }
  /// R31: the divider's settings, or `nil`; its lengths are `a + f·L'`.
  var dividerSettings: DividerSettings? { get }
  var hasDivider: Bool { get }
  /// R31: the divider's anchor `index` (below its `anchorCount`) as `a + f·L'`.
  func dividerAnchor(_ index: Int) -> (a: Double, f: Double)
  /// R31's fold candidates: every division region, active or not, offered by index.
  var divisionCount: Int { get }
  func division(_ index: Int) -> FoldCandidate
  /// R33: the secondary's strategy, `hide` when it cannot apply (not visible).
  var secondaryAdapt: AdaptStrategy { get }
  /// R33's levitated secondary: its range along `axis` as `a + f·L`, with
  /// R38's `size` as its preferred size where given.
  func secondaryRange(along axis: Axis) -> LinearRange
  /// R38: where the levitated secondary floats in the primary's frame.
  var levitateAlignment: LevitateAlignment { get }
}

/// The divider's settings, sanitised (R29, R31): its position is `a + f·L'`.
/// Small on purpose: a solve copies it; the anchors are read by index
/// (``ArrangementConfiguration/dividerAnchor(_:)``) only when it snaps.
@frozen
public struct DividerSettings: Sendable {
  /// The position along a horizontal split, and along a vertical one (R37's `positions`).
  @usableFromInline var positionA: Double
  @usableFromInline var positionF: Double
  @usableFromInline var verticalA: Double
  @usableFromInline var verticalF: Double
  /// R37: the release's velocity (finite) and step (0: none, 1 + `DividerStep.rawValue`).
  @usableFromInline var velocity: Double
  @usableFromInline var anchorCount: Int
  @usableFromInline var snaps: Bool
  @usableFromInline var snapsToFolds: Bool
  @usableFromInline var step: UInt8

  @inlinable @inline(__always)
  init(_ divider: Divider) {
    (positionA, positionF) = Self.linear(divider.positions.horizontal ?? divider.position)
    (verticalA, verticalF) = Self.linear(divider.positions.vertical ?? divider.position)
    velocity = Sanitize.velocity(divider.velocity)
    anchorCount = divider.anchorCount
    snaps = divider.snap
    snapsToFolds = divider.snapToFolds
    step = divider.step.map { 1 + $0.rawValue } ?? 0
  }

  /// R29: a negative or non-finite length counts as 0, a fraction is clamped into 0...1.
  @inlinable @inline(__always)
  static func linear(_ length: DividerLength) -> (Double, Double) {
    switch length {
    case .absolute(let points): (Sanitize.length(points), 0)
    case .fractional(let fraction): (0, Sanitize.fraction(fraction) ?? 0)
    }
  }

  /// Anchor `index` of `divider` as `a + f·L'`.
  @inlinable @inline(__always)
  static func anchor(_ divider: Divider, _ index: Int) -> (a: Double, f: Double) {
    let value = divider.anchorValues[index]
    return divider.anchorFractions & (1 << UInt8(index)) != 0
      ? (0, Sanitize.fraction(value) ?? 0) : (Sanitize.length(value), 0)
  }
}

extension ArrangementPlan: ArrangementConfiguration {
  @usableFromInline var sanitizedInsets: EdgeInsets { @inline(__always) get { insets } }
  @usableFromInline var givenSizeClasses: SizeClasses? { @inline(__always) get { derivesClasses ? nil : givenClasses } }
  @usableFromInline var pixelScale: Double { @inline(__always) get { scale } }
  @usableFromInline var arrangementStyle: ArrangementStyle { @inline(__always) get { style } }
  @usableFromInline var allowedAxes: Axes { @inline(__always) get { axes } }
  @usableFromInline var showsSecondary: Bool { @inline(__always) get { secondaryVisible } }
  @usableFromInline var activeFoldCount: Int {
    @inline(__always) get { UInt8.bitWidth - foldMask.leadingZeroBitCount }
  }

  // Note (a137a13): selecting a pair of stored ranges by axis and then resolving it copied
  // both 56-byte ranges through the select (44 instructions a solve); resolving
  // inside each branch reads the fields in place.
  @usableFromInline @inline(__always)
  func resolvedRanges(along axis: Axis, length: Double) -> (
    primary: ResolvedRange<Double>, secondary: ResolvedRange<Double>
  ) {
    axis == .horizontal
      ? (ResolvedRange(primaryWidth, length: length), ResolvedRange(secondaryWidth, length: length))
      : (ResolvedRange(primaryHeight, length: length), ResolvedRange(secondaryHeight, length: length))
  }

  @usableFromInline @inline(__always)
  func activeFold(_ index: Int) -> FoldCandidate {
    foldMask & (1 << UInt8(index)) != 0 ? divisions.element(index) : FoldCandidate()
  }

  @usableFromInline static var thirdGeneration: Bool { @inline(__always) get { true } }
  @usableFromInline var splitSpacing: Double { @inline(__always) get { spacing } }
  @usableFromInline var hasDivider: Bool { @inline(__always) get { dividerSettings != nil } }

  @usableFromInline @inline(__always)
  func dividerAnchor(_ index: Int) -> (a: Double, f: Double) { (anchorA.element(index), anchorF.element(index)) }

  @usableFromInline @inline(__always)
  func division(_ index: Int) -> FoldCandidate { divisions.element(index) }

  @usableFromInline @inline(__always)
  func secondaryRange(along axis: Axis) -> LinearRange { axis == .horizontal ? levitateWidth : levitateHeight }

  /// Moves the divider to `position` (a drag; `snap`: released, with R37's
  /// `velocity` and `step`), keeping its anchors; the position replaces the
  /// divider's along both axes (R37's `positions`). A plan without a divider
  /// gains one without anchors that snaps to folds. Then
  /// ``solve(width:height:)`` answers as a scene with that divider (and no
  /// `positions`) would, bit for bit.
  public mutating func moveDivider(
    to position: DividerLength, snap: Bool = false, velocity: Double = 0, step: DividerStep? = nil
  ) {
    if dividerSettings == nil {
      dividerSettings = DividerSettings(Divider(position: position))
      if style == .split {
        entry = .general
        table = AnswerTable()
      }
    }
    placeDivider(at: position, snap: snap, velocity: velocity, step: step)
  }

  /// ``moveDivider(to:snap:)`` for a plan that has a divider (a drag's, inlined there).
  @inline(__always)
  mutating func placeDivider(at position: DividerLength, snap: Bool, velocity: Double = 0, step: DividerStep? = nil) {
    let (a, f) = DividerSettings.linear(position)
    (dividerSettings!.positionA, dividerSettings!.positionF) = (a, f)
    (dividerSettings!.verticalA, dividerSettings!.verticalF) = (a, f)
    dividerSettings!.snaps = snap
    dividerSettings!.velocity = Sanitize.velocity(velocity)
    dividerSettings!.step = step.map { 1 + $0.rawValue } ?? 0
  }
}

/// Which rules a scene reading may meet: every rule, or only Apple's (R1–R29),
/// for a scene that sets none of the third generation's fields (R30–R33, and
/// R35's edges on the secondary), which then read as their defaults, as constants.
///
/// Note (d01d7ec): the cold solve reads a scene through a pointer to a copy that LLVM
/// elides only while no call it cannot see receives the pointer; R30, R31 and
/// R33 are out-of-line calls, and with them in every cold solve the copy came
/// back (callgrind: peers cold 706 → 951 instructions a solve), and the fold
/// policy's and edges' reads cost the rest (830 with only those).
protocol SceneRules {
  static var beyondSizing: Bool { get }
}

/// R1–R35.
enum EveryRule: SceneRules {
  static var beyondSizing: Bool { @inline(__always) get { true } }
}

/// A scene that sets none of the third generation's fields (`Scene.setsThirdGeneration`).
enum AppleSizing: SceneRules {
  static var beyondSizing: Bool { @inline(__always) get { false } }
}

/// A scene read with every rule: plans compile through it.
typealias SceneReference = SceneReading<EveryRule>

/// A scene read in place, through a pointer: the one place where a scene's
/// configuration is read (R4, R16, R22, R23, R29 sanitising), by
/// ``Scene/solve()``, ``Scene/solve(resizingTo:)``, ``Scene/solve(_:into:)``
/// and, once, by ``ArrangementPlan/init(_:)``.
struct SceneReading<Rules: SceneRules>: ArrangementConfiguration {
  let scene: UnsafePointer<Scene>

  var originX: Double { @inline(__always) get { Sanitize.coordinate(scene.pointee.container.x) } }
  var originY: Double { @inline(__always) get { Sanitize.coordinate(scene.pointee.container.y) } }
  var sanitizedInsets: EdgeInsets { @inline(__always) get { Sanitize.insets(scene.pointee.safeArea) } }
  var givenSizeClasses: SizeClasses? { @inline(__always) get { scene.pointee.sizeClass } }
  var isRightToLeft: Bool { @inline(__always) get { scene.pointee.layoutDirection == .rightToLeft } }
  var pixelScale: Double { @inline(__always) get { Sanitize.scale(scene.pointee.displayScale) } }
  var arrangementStyle: ArrangementStyle { @inline(__always) get { scene.pointee.style } }
  var allowedAxes: Axes { @inline(__always) get { scene.pointee.axes } }
  var showsSecondary: Bool { @inline(__always) get { scene.pointee.secondary.visible } }
  var overlayPrimaryLeading: Bool {
    @inline(__always) get {
      guard Rules.beyondSizing else { return scene.pointee.primary.overlayEdge == .leading }
      return OverlayRules.primaryTakes(
        .leading, primary: scene.pointee.primary.overlayEdge,
        secondary: scene.pointee.secondary.overlayEdge, default: .trailing)
    }
  }
  var overlayPrimaryTop: Bool {
    @inline(__always) get {
      guard Rules.beyondSizing else { return scene.pointee.primary.overlayVerticalEdge == .top }
      return OverlayRules.primaryTakes(
        .top, primary: scene.pointee.primary.overlayVerticalEdge,
        secondary: scene.pointee.secondary.overlayVerticalEdge, default: .bottom)
    }
  }
  /// R4: the primary is sized first unless the secondary's priority is higher.
  var primaryFirst: Bool {
    @inline(__always) get {
      Sanitize.priority(scene.pointee.primary.layoutPriority)
        >= Sanitize.priority(scene.pointee.secondary.layoutPriority)
    }
  }

  @inline(__always)
  func resolvedRanges(along axis: Axis, length: Double) -> (
    primary: ResolvedRange<Double>, secondary: ResolvedRange<Double>
  ) {
    (
      ResolvedRange(LinearRange(scene.pointee.primary, along: axis), length: length),
      ResolvedRange(LinearRange(scene.pointee.secondary, along: axis), length: length)
    )
  }

  /// The division regions R32's policy lets the arrangement use: active
  /// ones (`avoidSeparating`), all (`alwaysAvoid`), none (`neverAvoid`).
  var usableDivisions: UInt8 {
    @inline(__always) get {
      guard Rules.beyondSizing else { return scene.pointee.regions.activeDivisions }
      return switch scene.pointee.foldPolicy {
      case .avoidSeparating: scene.pointee.regions.activeDivisions
      case .alwaysAvoid: scene.pointee.regions.divisions
      case .neverAvoid: 0
      }
    }
  }

  /// The regions up to the last usable division region are offered; the
  /// others, and folds of an orientation `foldAxes` leaves out (R32), come
  /// back as placeholders the fold search skips.
  var activeFoldCount: Int {
    @inline(__always) get { UInt8.bitWidth - usableDivisions.leadingZeroBitCount }
  }

  /// Region `index` (below 8), read where it is.
  ///
  /// Note (7d24804): by address arithmetic. Through `InlineArray.element(_:)`, a
  /// switch over the slots, LLVM computed the fields' addresses of all eight
  /// slots ahead of the fold search and spilled them (callgrind, split/book:
  /// 729 instructions a cold solve so, 623 this way).
  @inline(__always)
  func region(_ index: Int) -> ReservedRegion {
    (UnsafeRawPointer(scene) + Self.regionsOffset).load(
      fromByteOffset: index &* MemoryLayout<ReservedRegion>.stride, as: ReservedRegion.self)
  }

  static var regionsOffset: Int { @inline(__always) get { MemoryLayout<Scene>.offset(of: \Scene.regions.storage)! } }

  @inline(__always)
  func activeFold(_ index: Int) -> FoldCandidate {
    guard usableDivisions & (1 << UInt8(index)) != 0 else { return FoldCandidate() }
    let fold = FoldCandidate(region(index), originX: originX, originY: originY)
    let axes = scene.pointee.foldAxes
    guard !Rules.beyondSizing || axes == .both || axes.allows(fold.frame.foldOrientation) else {
      return FoldCandidate()
    }
    return fold
  }

  static var thirdGeneration: Bool { @inline(__always) get { Rules.beyondSizing } }

  var splitSpacing: Double {
    @inline(__always) get { Rules.beyondSizing ? Sanitize.length(scene.pointee.spacing) : 0 }
  }

  var dividerSettings: DividerSettings? {
    @inline(__always) get { Rules.beyondSizing ? scene.pointee.divider.map(DividerSettings.init) : nil }
  }

  var hasDivider: Bool { @inline(__always) get { Rules.beyondSizing && scene.pointee.divider != nil } }

  @inline(__always)
  func dividerAnchor(_ index: Int) -> (a: Double, f: Double) { DividerSettings.anchor(scene.pointee.divider!, index) }

  var divisionCount: Int {
    @inline(__always) get { UInt8.bitWidth - scene.pointee.regions.divisions.leadingZeroBitCount }
  }

  @inline(__always)
  func division(_ index: Int) -> FoldCandidate {
    guard scene.pointee.regions.divisions & (1 << UInt8(index)) != 0 else { return FoldCandidate() }
    return FoldCandidate(region(index), originX: originX, originY: originY)
  }

  var secondaryAdapt: AdaptStrategy {
    @inline(__always) get {
      Rules.beyondSizing && scene.pointee.secondary.visible ? scene.pointee.secondary.adapt : .hide
    }
  }

  @inline(__always)
  func secondaryRange(along axis: Axis) -> LinearRange {
    LevitateRules.range(scene, along: axis)
  }

  var levitateAlignment: LevitateAlignment {
    @inline(__always) get { LevitateRules.alignment(scene) }
  }
}
