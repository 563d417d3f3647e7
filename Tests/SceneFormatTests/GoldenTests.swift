import ArrangementSolver
import Foundation
import SceneFormat
import StrictJSON
import Testing

/// One golden case: a scene file and its documented answer.
struct GoldenCase: CustomTestStringConvertible, Sendable {
  var name: String
  var rules: [String]
  var scene: Scene
  var expected: Solution

  var testDescription: String { "\(rules.joined(separator: ",")): \(name)" }

  /// All cases of `Golden/*.json`, read with the scene-file reader.
  static let all: [GoldenCase] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted().flatMap { file -> [GoldenCase] in
      let bytes = [UInt8](FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) ?? Data())
      guard case .array(let items) = try! JSONParser.parse(bytes) else { fatalError("\(file): expected an array") }
      return items.map { item in
        guard case .string(let name)? = item["name"], case .array(let rules)? = item["rules"] else {
          fatalError("\(file): a case needs a name and rules")
        }
        return GoldenCase(
          name: name,
          rules: rules.compactMap { if case .string(let rule) = $0 { rule } else { nil } },
          scene: try! Scene(json: jsonText(item["scene"]!)),
          expected: solution(item["expected"]!))
      }
    }
  }()
}

// MARK: - Variants expanded by the harness

extension GoldenCase {
  /// The same case in the other layout direction: everything mirrored across the container.
  var mirrored: GoldenCase {
    var scene = self.scene
    let container = scene.container
    scene.layoutDirection = scene.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
    scene.safeArea = scene.safeArea.mirrored
    for index in scene.regions.indices {
      let frame = scene.regions[index].frame
      scene.regions[index].frame.x = container.x + container.width - (frame.x - container.x) - frame.width
      scene.regions[index].margins = scene.regions[index].margins.mirrored
    }
    var expected = self.expected
    for keyPath in [\Solution.primary, \Solution.secondary] where expected[keyPath: keyPath].visible {
      expected[keyPath: keyPath].frame = expected[keyPath: keyPath].frame.mirrored(inWidth: container.width)
    }
    return GoldenCase(name: name + " (mirrored)", rules: rules, scene: scene, expected: expected)
  }

  /// The same case with x and y exchanged: a book posture becomes a tabletop.
  var rotated: GoldenCase {
    var scene = self.scene
    scene.container = scene.container.transposed
    scene.safeArea = scene.safeArea.transposed
    scene.sizeClass = scene.sizeClass.map { SizeClasses(horizontal: $0.vertical, vertical: $0.horizontal) }
    scene.axes = Axes(rawValue: (scene.axes.contains(.horizontal) ? 2 : 0) | (scene.axes.contains(.vertical) ? 1 : 0))
    for index in scene.regions.indices {
      scene.regions[index].frame = scene.regions[index].frame.transposed
      scene.regions[index].margins = scene.regions[index].margins.transposed
    }
    for keyPath in [\Scene.primary, \Scene.secondary] {
      var pane = scene[keyPath: keyPath]
      (pane.width, pane.height) = (pane.height, pane.width)
      pane.idealSize = pane.idealSize.map { Size(width: $0.height, height: $0.width) }
      let leading = pane.overlayEdge == .leading
      pane.overlayEdge = pane.overlayVerticalEdge == .top ? .leading : .trailing
      pane.overlayVerticalEdge = leading ? .top : .bottom
      scene[keyPath: keyPath] = pane
    }
    var expected = self.expected
    expected.splitAxis = expected.splitAxis?.cross
    for keyPath in [\Solution.primary, \Solution.secondary] {
      expected[keyPath: keyPath].frame = expected[keyPath: keyPath].frame.transposed
      let classes = expected[keyPath: keyPath].sizeClass
      expected[keyPath: keyPath].sizeClass = SizeClasses(horizontal: classes.vertical, vertical: classes.horizontal)
    }
    return GoldenCase(name: name + " (rotated)", rules: rules, scene: scene, expected: expected)
  }

  /// Cases with a vertical fold, in a non-square area, read the same turned a quarter.
  var hasVerticalFold: Bool {
    scene.container.width != scene.container.height
      && scene.regions.contains { $0.kind == .division && $0.frame.height > $0.frame.width }
  }

  /// The case and the variants the harness derives from it.
  static var expanded: [GoldenCase] {
    all.flatMap { golden -> [GoldenCase] in
      var variants = [golden, golden.mirrored]
      if golden.hasVerticalFold && golden.scene.layoutDirection == .leftToRight { variants.append(golden.rotated) }
      return variants
    }
  }
}

@Suite("Golden scenes from Tests/SceneFormatTests/Golden, with mirrored and rotated variants")
struct GoldenTests {
  @Test("A golden scene solves to its documented answer", arguments: GoldenCase.expanded)
  func golden(_ golden: GoldenCase) {
    let solution = golden.scene.solve()
    #expect(solution.splitAxis == golden.expected.splitAxis)
    for (actual, expected) in [
      (solution.primary, golden.expected.primary), (solution.secondary, golden.expected.secondary),
    ] {
      #expect(actual.visible == expected.visible)
      #expect(actual.zIndex == expected.zIndex)
      #expect(Tolerance.equal(actual.frame, expected.frame), "\(actual.frame) != \(expected.frame)")
      if expected.visible { #expect(actual.sizeClass == expected.sizeClass) }
    }
  }

  @Test("The golden files hold enough cases, and the harness adds variants")
  func coverage() {
    #expect(GoldenCase.all.count >= 20)
    #expect(GoldenCase.expanded.count > 2 * GoldenCase.all.count)
  }
}

// MARK: - Reading expected answers

/// An answer object of RULES.md §8 read back into a ``Solution``.
func solution(_ value: JSONValue) -> Solution {
  func number(_ value: JSONValue?) -> Double {
    guard case .number(let number, _)? = value else { fatalError("expected a number") }
    return number
  }
  func pane(_ value: JSONValue) -> PaneLayout {
    let frame = value["frame"]!
    var classes = SizeClasses(horizontal: .regular, vertical: .regular)
    if let sizeClass = value["sizeClass"] {
      classes.horizontal = sizeClass["horizontal"] == .string("compact") ? .compact : .regular
      classes.vertical = sizeClass["vertical"] == .string("compact") ? .compact : .regular
    }
    return PaneLayout(
      visible: value["visible"] == .bool(true),
      frame: Rect(
        x: number(frame["x"]), y: number(frame["y"]), width: number(frame["width"]), height: number(frame["height"])),
      zIndex: Int(number(value["zIndex"])), sizeClass: classes)
  }
  let axis: Axis? =
    switch value["splitAxis"] {
    case .string("horizontal")?: .horizontal
    case .string("vertical")?: .vertical
    default: nil
    }
  return Solution(primary: pane(value["primary"]!), secondary: pane(value["secondary"]!), splitAxis: axis)
}

/// The tests' one tolerance: frames derived from fractions or pixel rounding
/// may differ from a hand-written decimal in the last bits.
enum Tolerance {
  static let points = 1e-9

  static func equal(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= points * max(1, abs(a), abs(b)) }

  static func equal(_ a: Rect, _ b: Rect) -> Bool {
    equal(a.x, b.x) && equal(a.y, b.y) && equal(a.width, b.width) && equal(a.height, b.height)
  }
}

/// A parsed value written back as JSON text (numbers as they were written).
func jsonText(_ value: JSONValue) -> String {
  func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
  switch value {
  case .null: return "null"
  case .bool(let flag): return flag ? "true" : "false"
  case .number(_, let literal): return literal
  case .string(let text): return string(text)
  case .array(let items): return "[" + items.map(jsonText).joined(separator: ",") + "]"
  case .object(let members):
    return "{" + members.map { string($0.key) + ":" + jsonText($0.value) }.joined(separator: ",") + "}"
  }
}
