import ArrangementSolver
import Testing

// MARK: - Scenes used across the rule tests

let regular = SizeClasses(horizontal: .regular, vertical: .regular)
let compact = SizeClasses(horizontal: .compact, vertical: .compact)

/// A split scene with regular size classes and no insets.
func splitScene(
  width: Double = 1000, height: Double = 800, primary: PaneSettings = PaneSettings(),
  secondary: PaneSettings = PaneSettings()
) -> Scene {
  Scene(
    container: Rect(x: 0, y: 0, width: width, height: height), sizeClass: regular, primary: primary,
    secondary: secondary)
}

/// A fold (division region): vertical when `width <= height`.
func fold(id: Int = 1, x: Double, y: Double = 0, width: Double, height: Double, active: Bool = true, margin: Double = 0)
  -> ReservedRegion
{
  ReservedRegion(
    id: id, kind: .division, frame: Rect(x: x, y: y, width: width, height: height),
    margins: width <= height
      ? EdgeInsets(left: margin, right: margin) : EdgeInsets(top: margin, bottom: margin),
    isActive: active)
}

func camera(id: Int, x: Double, y: Double, size: Double, active: Bool = true) -> ReservedRegion {
  ReservedRegion(id: id, kind: .occlusion, frame: Rect(x: x, y: y, width: size, height: size), isActive: active)
}

/// The book posture of RULES.md §8: 950 × 760, an 84-point strip on the right, a zero-width fold at 475.
func bookScene() -> Scene {
  var scene = Scene(
    container: Rect(x: 0, y: 0, width: 950, height: 760), safeArea: EdgeInsets(right: 84), sizeClass: regular)
  scene.regions = [fold(x: 475, width: 0, height: 760)]
  return scene
}

/// A pane whose preferred length along the split axis is `preferred`.
func pane(
  minimum: Dimension? = nil, preferred: Dimension? = nil, maximum: Dimension? = nil, priority: Double = 0
) -> PaneSettings {
  PaneSettings(
    layoutPriority: priority, width: DimensionRange(minimum: minimum, preferred: preferred, maximum: maximum))
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

// MARK: - Tolerance

/// The one tolerance of the tests: frames derived from fractions or pixel
/// rounding may differ from a hand-computed value in the last bits
/// (`1/3` is not a `Double`). `Equatable` stays exact; this is used only
/// where a test's expected value is itself a rounded decimal.
enum Tolerance {
  static let points = 1e-9

  static func equal(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= points * max(1, abs(a), abs(b)) }

  static func equal(_ a: Rect, _ b: Rect) -> Bool {
    equal(a.x, b.x) && equal(a.y, b.y) && equal(a.width, b.width) && equal(a.height, b.height)
  }
}

/// Every bit of an answer's panes, split axis and divider, for answers that must match bit for bit.
func solutionBits(_ solution: Solution) -> [UInt64] {
  var bits: [UInt64] = []
  for pane in [solution.primary, solution.secondary] {
    let frame = pane.frame
    bits += [frame.x.bitPattern, frame.y.bitPattern, frame.width.bitPattern, frame.height.bitPattern]
    bits += [UInt64(pane.zIndex), pane.visible ? 1 : 0]
    bits += [UInt64(pane.sizeClass.horizontal.rawValue), UInt64(pane.sizeClass.vertical.rawValue)]
  }
  let axis: UInt64 = solution.splitAxis.map { $0 == .horizontal ? 1 : 2 } ?? 0
  let divider = solution.divider
  let anchor: UInt64 = divider?.anchor.map { UInt64($0) + 2 } ?? (divider == nil ? 0 : 1)
  return bits + [axis, divider?.position.bitPattern ?? 0, anchor]
}
