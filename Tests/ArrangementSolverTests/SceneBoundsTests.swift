import ArrangementSolver
import Testing

@Suite("R29's bounds, written once (SceneBounds) and asked by validation")
struct SceneBoundsTests {
  static let values: [Double] = [
    -.infinity, -1e308, -1, -.leastNonzeroMagnitude, -0.0, 0, .leastNonzeroMagnitude, 0.5, 1, 1.0.nextUp, 2, 1e308,
    .greatestFiniteMagnitude, .infinity, .nan,
  ]

  @Test("R29: each bound on one number, at its edges and beyond", arguments: values)
  func predicates(value: Double) {
    #expect(SceneBounds.isFinite(value) == value.isFinite)
    // The other bounds are of a finite number, and false for NaN.
    guard value.isFinite || value.isNaN else { return }
    #expect(SceneBounds.isLength(value) == (value >= 0))
    #expect(SceneBounds.isFraction(value) == (value >= 0 && value <= 1))
    #expect(SceneBounds.isScale(value) == (value > 0))
  }

  @Test("R29: validate() refuses exactly the numbers outside each bound, and names the field", arguments: values)
  func validationAsksTheBounds(value: Double) {
    func issues(_ change: (inout Scene) -> Void) -> [String] {
      var scene = splitScene()
      change(&scene)
      return scene.validate().map(\.path)
    }
    func valid(_ bound: (Double) -> Bool) -> Bool { SceneBounds.isFinite(value) && bound(value) }
    #expect(issues { $0.container.x = value } == (valid { _ in true } ? [] : ["container.x"]))
    #expect(issues { $0.primary.layoutPriority = value } == (valid { _ in true } ? [] : ["primary.layoutPriority"]))
    #expect(issues { $0.container.width = value } == (valid(SceneBounds.isLength) ? [] : ["container.width"]))
    #expect(issues { $0.safeArea.right = value } == (valid(SceneBounds.isLength) ? [] : ["safeArea.right"]))
    #expect(
      issues { $0.secondary.idealSize = Size(width: 1, height: value) }
        == (valid(SceneBounds.isLength) ? [] : ["secondary.idealSize.height"]))
    #expect(
      issues { $0.primary.width.minimum = .absolute(value) }
        == (valid(SceneBounds.isLength) ? [] : ["primary.width.minimum.absolute"]))
    #expect(
      issues { $0.primary.height.preferred = .fractional(value) }
        == (valid(SceneBounds.isFraction) ? [] : ["primary.height.preferred.fraction"]))
    #expect(issues { $0.displayScale = value } == (valid(SceneBounds.isScale) ? [] : ["displayScale"]))
  }

  @Test(
    "R29: a maximum below a minimum of the same kind is refused; of different kinds, or not finite, it is not compared")
  func ordering() {
    let range = { (minimum: Dimension?, maximum: Dimension?) in DimensionRange(minimum: minimum, maximum: maximum) }
    #expect(SceneBounds.comparedBounds(range(.absolute(300), .absolute(200)))! == (300.0, 200.0))
    #expect(SceneBounds.comparedBounds(range(.fractional(0.5), .fractional(0.4)))! == (0.5, 0.4))
    #expect(SceneBounds.comparedBounds(range(.absolute(300), .fractional(0.1))) == nil)
    #expect(SceneBounds.comparedBounds(range(.intrinsic, .absolute(1))) == nil)
    #expect(SceneBounds.comparedBounds(range(nil, .absolute(1))) == nil)
    #expect(SceneBounds.isOrdered(minimum: 300, maximum: 300))
    #expect(!SceneBounds.isOrdered(minimum: 300, maximum: 300.0.nextDown))
    #expect(SceneBounds.isOrdered(minimum: .nan, maximum: 1))
    let cases: [(Dimension, Dimension, [String])] = [
      (.absolute(300), .absolute(300.0.nextDown), ["primary.width.maximum"]),
      (.absolute(300), .absolute(300), []),
      (.fractional(0.5), .fractional(0.5.nextDown), ["primary.width.maximum"]),
      (.fractional(0.5), .fractional(0.5), []),
      (.absolute(300), .fractional(0.1), []),
      // A bound that is not finite is reported as such, not compared.
      (.absolute(.nan), .absolute(1), ["primary.width.minimum.absolute"]),
      (.fractional(0.1), .fractional(-.infinity), ["primary.width.maximum.fraction"]),
    ]
    for (minimum, maximum, issues) in cases {
      #expect(splitScene(primary: pane(minimum: minimum, maximum: maximum)).validate().map(\.path) == issues)
    }
  }
}
