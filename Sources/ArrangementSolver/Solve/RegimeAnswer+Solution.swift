extension RegimeAnswer where Lanes == Double {
  /// The answer as the general path gives it.
  @inline(__always)
  var solution: Solution {
    let across: SizeClass = regularAcross ? .regular : .compact
    let along: SizeClass = (stacked || lone || primaryHidden) && regularAlong ? .regular : .compact
    let primaryAlong: SizeClass = besideFold ? .compact : along
    let primaryClasses =
      axis == .horizontal
      ? SizeClasses(horizontal: primaryAlong, vertical: across)
      : SizeClasses(horizontal: across, vertical: primaryAlong)
    let secondaryClasses =
      axis == .horizontal
      ? SizeClasses(horizontal: along, vertical: across) : SizeClasses(horizontal: across, vertical: along)
    let primaryFrame = Rect(
      along: axis, start: primaryStart, length: primaryExtent, crossStart: crossStart, crossLength: crossLength)
    let secondaryFrame = Rect(
      along: axis, start: secondaryStart, length: secondaryExtent, crossStart: crossStart, crossLength: crossLength)
    return Solution(
      primary: primaryHidden
        ? .hidden(secondaryClasses)
        : PaneLayout(visible: true, frame: primaryFrame, zIndex: stacked ? 1 : 0, sizeClass: primaryClasses),
      secondary: lone
        ? .hidden(secondaryClasses)
        : PaneLayout(visible: true, frame: secondaryFrame, zIndex: 0, sizeClass: secondaryClasses),
      splitAxis: splits ? axis : nil)
  }
}
