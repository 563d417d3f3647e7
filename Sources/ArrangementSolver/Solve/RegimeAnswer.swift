/// The panes of one answer, in lanes: both shown side by side along
/// `axis` (R8, R21), compact along it (R20); or, with the container's
/// classes, `stacked`, both over the same extent, the primary in front
/// (R22), or `lone`, the primary alone (R6, R17, R19). The general path
/// builds every answer with an area as one with `Lanes == Double` (its
/// placed panes, the sides of a fold, R17's lone primary, R22), and a
/// plan's table builds its rows with the same builders; ``solution`` then
/// gives the classes and the split axis (R20, R21), so each of those rules
/// is written once.
///
/// Note (1951445): on the general path this costs the fold groups 4–8 instructions a
/// cold solve (callgrind: split/book 667 → 675, overlay/book 666 → 673,
/// overlay/tabletop 656 → 660) and leaves the stacked overlays at 346;
/// accepted for one spelling of R18, R19, R22 and R23.
struct RegimeAnswer<Lanes: KernelLanes> {
  var axis: Axis
  /// The layout area's extent across `axis`.
  var crossStart: Double
  var crossLength: Lanes
  /// Each pane's extent along `axis`.
  var primaryStart: Lanes
  var primaryExtent: Lanes
  var secondaryStart: Lanes
  var secondaryExtent: Lanes
  /// The container's class across `axis` is regular (R2); the panes keep it (R20).
  var regularAcross: Lanes.Mask
  /// A split along `axis` (R21); false for an overlay side by side across a fold.
  var splits: Bool = true
  /// Both panes over the same extent, the primary in front (R22).
  var stacked = false
  /// The secondary hidden: the primary alone over the area (R17, R19) or
  /// along the axis (R6).
  var lone = false
  /// The container's class along `axis` is regular, in every lane; read only
  /// when `stacked`, `lone` or `primaryHidden`.
  var regularAlong = false
  /// With `lone`: the primary keeps to its side of a fold, compact along `axis` (R19, R20);
  /// the hidden secondary has the container's classes.
  var besideFold = false
  /// The primary hidden: the secondary alone along the axis, or neither (R6;
  /// the general path only).
  var primaryHidden = false
}

extension RegimeAnswer {
  /// The panes over the whole layout area with the container's classes:
  /// both, or the primary alone (`secondaryShown` false); `stacked` puts the
  /// primary in front (an overlay without a fold, R22); a split whose axis
  /// is not allowed or not regular shows its primary alone (R17, R19, R20).
  @inline(__always)
  static func overArea(
    left: Double, top: Double, areaWidth: Lanes, areaHeight: Lanes, horizontalRegular: Bool,
    verticalRegular: Lanes.Mask, secondaryShown: Bool, stacked: Bool
  ) -> Self {
    let start = Lanes(repeating: left)
    let zero = Lanes(repeating: 0)
    return RegimeAnswer(
      axis: .horizontal, crossStart: top, crossLength: areaHeight, primaryStart: start, primaryExtent: areaWidth,
      secondaryStart: secondaryShown ? start : zero, secondaryExtent: secondaryShown ? areaWidth : zero,
      regularAcross: verticalRegular, splits: false, stacked: stacked, lone: !secondaryShown,
      regularAlong: horizontalRegular)
  }

  /// The panes on the two sides of `fold`, which divides the area from
  /// `start` over `length` along its split axis (R16): the sides in flow
  /// order, leading then trailing (mirrored when `reversed`); the primary
  /// on the leading side when `primaryLeading` (a split, R18; an overlay's
  /// edge setting, R23), else the trailing one. Both compact along the axis
  /// (R20); without the secondary, the primary keeps to its side (R19).
  @inline(__always)
  static func besideFold(
    _ fold: Fold, start: Double, length: Lanes, crossStart: Double, crossLength: Lanes, reversed: Bool,
    primaryLeading: Bool, secondaryShown: Bool, splits: Bool, regularAcross: Lanes.Mask, regularAlong: Bool
  ) -> Self {
    let before = (start: Lanes(repeating: start), length: Lanes(repeating: fold.start - start))
    let after = (start: Lanes(repeating: fold.end), length: start + length - fold.end)
    let (leading, trailing) = reversed ? (after, before) : (before, after)
    let (primary, secondary) = primaryLeading ? (leading, trailing) : (trailing, leading)
    let zero = Lanes(repeating: 0)
    return RegimeAnswer(
      axis: fold.splitAxis, crossStart: crossStart, crossLength: crossLength, primaryStart: primary.start,
      primaryExtent: primary.length, secondaryStart: secondaryShown ? secondary.start : zero,
      secondaryExtent: secondaryShown ? secondary.length : zero, regularAcross: regularAcross,
      splits: splits && secondaryShown, lone: !secondaryShown, regularAlong: regularAlong,
      besideFold: !secondaryShown)
  }
}
