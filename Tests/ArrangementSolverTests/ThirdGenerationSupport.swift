import ArrangementSolver
import Testing

// MARK: - Helpers for the third generation's tests (R30–R35)

/// Every field of an answer as bits, the divider answer and the adaptation
/// included: two answers are the same, bit for bit, when these are equal.
func thirdBits(_ solution: Solution) -> [UInt64] {
  func pane(_ pane: PaneLayout) -> [UInt64] {
    let frame = pane.frame
    return [
      frame.x.bitPattern, frame.y.bitPattern, frame.width.bitPattern, frame.height.bitPattern,
      UInt64(bitPattern: Int64(pane.zIndex)), pane.visible ? 1 : 0,
      UInt64(pane.sizeClass.horizontal.rawValue) << 8 | UInt64(pane.sizeClass.vertical.rawValue),
    ]
  }
  let divider = solution.divider
  return pane(solution.primary) + pane(solution.secondary) + [
    UInt64(solution.splitAxis?.rawValue ?? 9), UInt64(solution.adapted?.rawValue ?? 9),
    divider == nil ? 0 : 1, divider?.position.bitPattern ?? 0, UInt64(bitPattern: Int64(divider?.anchor ?? -1)),
  ]
}

/// The same bits for a pane's frame only.
func frameBits(_ frame: Rect) -> [UInt64] {
  [frame.x.bitPattern, frame.y.bitPattern, frame.width.bitPattern, frame.height.bitPattern]
}

/// A 1000 × 800 split scene, regular both ways (a horizontal split), with `spacing`.
func spaced(_ spacing: Double, width: Double = 1000, height: Double = 800) -> Scene {
  var scene = splitScene(width: width, height: height)
  scene.spacing = spacing
  return scene
}

/// A division region that is not active (a flat device), vertical when `width <= height`.
func inactiveFold(id: Int = 1, x: Double, y: Double = 0, width: Double, height: Double) -> ReservedRegion {
  fold(id: id, x: x, y: y, width: width, height: height, active: false)
}

/// The tabletop posture: 1000 × 800, a horizontal fold 20 points thick at y 390.
func tabletopScene() -> Scene {
  var scene = splitScene(width: 1000, height: 800)
  scene.regions = [fold(x: 0, y: 390, width: 1000, height: 20)]
  return scene
}

/// `value` rounded as R9 rounds, to the nearest multiple of `1/scale`, halves away from zero.
func pixelRounded(_ value: Double, scale: Double) -> Double {
  (value * scale).rounded(.toNearestOrAwayFromZero) / scale
}

let compactBoth = SizeClasses(horizontal: .compact, vertical: .compact)
let compactWide = SizeClasses(horizontal: .compact, vertical: .regular)
let compactTall = SizeClasses(horizontal: .regular, vertical: .compact)
