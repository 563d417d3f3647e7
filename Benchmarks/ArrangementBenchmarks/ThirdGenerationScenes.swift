import ArrangementSolver
import BenchmarkRunner

/// Seeded random scenes that use the third generation's fields (R30–R35,
/// RULES.md §8.2): `RandomScenes`' scene for the same seed, then spacing, a
/// divider with anchors and snapping, a fold policy and fold axes, the
/// secondary's adapt strategy, per-axis `fixedSize` and the secondary's
/// overlay edges, each drawn on its own.
///
/// A generator of its own, not a change to `RandomScenes`: that one draws the
/// `random/seed=S` and `scene-file/…` groups' scenes, which must stay the
/// same from commit to commit for their measurements to compare. The new
/// fields come from a second stream of numbers, so the base scenes are
/// exactly `RandomScenes(seed:)`'s.
public struct ThirdGenerationScenes: Sendable {
  var base: RandomScenes
  var generator: SplitMix64

  public init(seed: UInt64) {
    base = RandomScenes(seed: seed)
    generator = SplitMix64(seed: seed ^ 0x7452_6433_3035_0000)  // "tR3305": R30–R35
  }

  public mutating func next() -> Scene {
    var scene = base.next()
    func below(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
    func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    func length() -> DividerLength {
      below(2) == 0 ? .fractional(Double(below(101)) / 100) : .absolute(Double(below(1600)) + pick([0, 0.5]))
    }
    // Each field in about half the scenes (or a third), so that every pair occurs.
    if below(2) == 0 { scene.spacing = pick([1, 8, 12, 16, 24, 0.5, 100]) }
    if below(2) == 0 {
      scene.divider = Divider(
        position: length(), anchors: (0..<below(Divider.anchorCapacity + 1)).map { _ in length() },
        snap: below(3) != 0, snapToFolds: below(4) != 0)
    }
    if below(2) == 0 { scene.foldPolicy = pick(FoldPolicy.allCases) }
    if below(3) == 0 { scene.foldAxes = pick([[], .vertical, .horizontal]) }
    if below(2) == 0 { scene.secondary.adapt = pick(AdaptStrategy.allCases) }
    for keyPath in [\Scene.primary, \Scene.secondary] where below(3) == 0 {
      scene[keyPath: keyPath].fixedSize = pick([
        FixedLayoutSize(horizontal: true, vertical: false), FixedLayoutSize(horizontal: false, vertical: true),
        true,
      ])
      if scene[keyPath: keyPath].idealSize == nil {
        scene[keyPath: keyPath].idealSize = Size(width: Double(200 + below(600)), height: Double(150 + below(500)))
      }
    }
    if below(3) == 0 { scene.secondary.overlayEdge = pick(HorizontalEdge.allCases) }
    if below(3) == 0 { scene.secondary.overlayVerticalEdge = pick(VerticalEdge.allCases) }
    return scene
  }
}
