import ArrangementSolver
import BenchmarkRunner

/// One scene of a sweep with its stable ID, e.g. `split/book/ratio0.3/w=950,h=760/rtl/camera-on`.
public struct SweepPoint: Sendable {
  public var id: String
  public var scene: Scene
}

/// Container sizes: a geometric grid plus real device geometries (the list below: points, as the devices report them).
public enum SweepSizes {
  /// `count` values from `low` to `high`, equally spaced on a log scale, rounded to whole points.
  public static func geometric(from low: Double, to high: Double, count: Int) -> [Double] {
    (0..<count).map { index in
      (low * cPow(high / low, Double(index) / Double(count - 1))).rounded()
    }
  }

  /// iPhone Duo, iPhones and iPads, portrait and landscape (points).
  public static let devices: [Size] = [
    Size(width: 466, height: 678), Size(width: 678, height: 466),  // iPhone Duo outer
    Size(width: 951, height: 669), Size(width: 669, height: 951),  // iPhone Duo inner
    Size(width: 402, height: 874), Size(width: 874, height: 402),  // iPhone 6.3-inch
    Size(width: 440, height: 956), Size(width: 956, height: 440),  // iPhone Pro Max
    Size(width: 744, height: 1133), Size(width: 1133, height: 744),  // iPad mini
    Size(width: 834, height: 1210), Size(width: 1376, height: 1032),  // iPad Pro 11 and 13
  ]

  /// The default grid: 12 widths × 8 heights, 320…2732 by 320…2048, then the devices.
  public static let standard: [Size] =
    geometric(from: 320, to: 2732, count: 12).flatMap { width in
      geometric(from: 320, to: 2048, count: 8).map { Size(width: width, height: $0) }
    } + devices
}

/// A device posture: the regions and safe area it gives a container.
public enum Posture: String, CaseIterable, Sendable {
  case closedPortrait = "closed-portrait"
  case closedLandscape = "closed-landscape"
  case flat
  case book
  case tabletop

  /// The fold's assumed width while folded, margins included (the iPhone Duo profile of docs/RULES.md, R14).
  static let foldWidth = 24.0

  /// The scene for a container of `size` in this posture; closed postures
  /// turn the container to their orientation.
  func scene(size: Size, cameraOn: Bool) -> Scene {
    var size = size
    let long = max(size.width, size.height)
    let short = min(size.width, size.height)
    switch self {
    case .closedPortrait: size = Size(width: short, height: long)
    case .closedLandscape: size = Size(width: long, height: short)
    default: break
    }
    var scene = Scene(container: Rect(x: 0, y: 0, width: size.width, height: size.height), displayScale: 3)
    let half = Self.foldWidth / 2
    switch self {
    case .closedPortrait:
      scene.safeArea = EdgeInsets(right: 84)
      scene.regions.append(outerCamera(size))
    case .closedLandscape:
      scene.safeArea = EdgeInsets(left: 84)
      scene.regions.append(outerCamera(size))
    case .flat, .book:
      scene.safeArea = EdgeInsets(right: 84)
      scene.regions.append(
        ReservedRegion(
          id: 1, kind: .division,
          frame: Rect(x: size.width / 2 - half, y: 0, width: Self.foldWidth, height: size.height),
          margins: EdgeInsets(left: 8, right: 8), isActive: self == .book))
    case .tabletop:
      scene.safeArea = EdgeInsets(top: 84, bottom: 95)
      scene.regions.append(
        ReservedRegion(
          id: 1, kind: .division,
          frame: Rect(x: 0, y: size.height / 2 - half, width: size.width, height: Self.foldWidth),
          margins: EdgeInsets(top: 8, bottom: 8)))
    }
    // The inner camera, under the display: active only while it streams.
    scene.regions.append(
      ReservedRegion(
        id: 3, kind: .occlusion, frame: Rect(x: size.width * 0.25, y: 0, width: 40, height: 40), isActive: cameraOn))
    return scene
  }

  private func outerCamera(_ size: Size) -> ReservedRegion {
    ReservedRegion(id: 2, kind: .occlusion, frame: Rect(x: size.width - 40, y: 8, width: 30, height: 30))
  }
}

/// The arrangement style of a sweep point.
public enum StylePreset: String, CaseIterable, Sendable {
  case split
  case splitHorizontal = "split-horizontal"
  case overlay

  func apply(to scene: inout Scene) {
    switch self {
    case .split: scene.style = .split
    case .splitHorizontal:
      scene.style = .split
      scene.axes = .horizontal
    case .overlay: scene.style = .overlay
    }
  }
}

/// Pane sizing settings of a sweep point.
public enum SizingPreset: String, CaseIterable, Sendable {
  case standard = "default"
  case ratio = "ratio0.3"
  case minMax = "minmax"
  case fixedIntrinsic = "fixed"
  case prioritySwap = "priority"

  func apply(to scene: inout Scene) {
    switch self {
    case .standard: break
    case .ratio:
      scene.primary.width.preferred = .fractional(0.3)
      scene.primary.height.preferred = .fractional(0.3)
    case .minMax:
      let range = DimensionRange(minimum: .absolute(250), preferred: .fractional(0.3), maximum: .absolute(600))
      scene.primary.width = range
      scene.primary.height = range
      scene.secondary.width.minimum = .absolute(200)
      scene.secondary.height.minimum = .absolute(200)
    case .fixedIntrinsic:
      scene.primary.width.preferred = .intrinsic
      scene.primary.height.preferred = .intrinsic
      scene.primary.idealSize = Size(width: 320, height: 240)
      scene.secondary.idealSize = Size(width: 300, height: 200)
      scene.secondary.fixedSize = true
    case .prioritySwap:
      scene.primary.width.minimum = .absolute(400)
      scene.primary.height.minimum = .absolute(400)
      scene.secondary.layoutPriority = 1
      scene.secondary.width.preferred = .fractional(0.7)
      scene.secondary.height.preferred = .fractional(0.7)
    }
  }
}

/// The default sweep: style × posture × size × camera × sizing × direction.
public enum Sweep {
  /// The points of one style and posture, in a stable order.
  public static func points(style: StylePreset, posture: Posture, sizes: [Size] = SweepSizes.standard) -> [SweepPoint] {
    var points: [SweepPoint] = []
    for size in sizes {
      // Filter: the small outer display is never larger than a phone.
      if posture == .closedPortrait || posture == .closedLandscape, max(size.width, size.height) > 1400 { continue }
      for cameraOn in [false, true] {
        for sizing in SizingPreset.allCases {
          for direction in LayoutDirection.allCases {
            var scene = posture.scene(size: size, cameraOn: cameraOn)
            style.apply(to: &scene)
            sizing.apply(to: &scene)
            scene.layoutDirection = direction
            let id =
              "\(style.rawValue)/\(posture.rawValue)/\(sizing.rawValue)/w=\(formatNumber(scene.container.width)),h=\(formatNumber(scene.container.height))/\(direction == .leftToRight ? "ltr" : "rtl")/camera-\(cameraOn ? "on" : "off")"
            points.append(SweepPoint(id: id, scene: scene))
          }
        }
      }
    }
    return points
  }

  /// Random scenes from a seeded generator; the seed is part of every ID.
  public static func random(seed: UInt64, count: Int) -> [SweepPoint] {
    var scenes = RandomScenes(seed: seed)
    return (0..<count).map { SweepPoint(id: "random/seed=\(seed)/\($0)", scene: scenes.next()) }
  }
}

/// An endless sequence of seeded random scenes: a size, a device posture with
/// the camera on or off, a style, a sizing preset and a direction.
public struct RandomScenes: Sendable {
  var generator: SplitMix64

  public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  public mutating func next() -> Scene {
    func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
    let size = Size(width: Double(320 + generator.next() % 2400), height: Double(320 + generator.next() % 1700))
    var scene = pick(Posture.allCases).scene(size: size, cameraOn: generator.next() % 2 == 0)
    pick(StylePreset.allCases).apply(to: &scene)
    pick(SizingPreset.allCases).apply(to: &scene)
    scene.layoutDirection = pick(LayoutDirection.allCases)
    return scene
  }
}

// Keeps Foundation out of the definitions: pow from the C library.
#if canImport(Glibc)
  import Glibc
  @inline(__always) func cPow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
#elseif canImport(Darwin)
  import Darwin
  @inline(__always) func cPow(_ x: Double, _ y: Double) -> Double { Darwin.pow(x, y) }
#endif
