/// One invalid field of a scene (R29).
public struct SceneIssue: Hashable, Sendable, CustomStringConvertible {
  /// The field's path from the scene, as in a scene file: `primary.width.preferred.fraction`.
  public var path: String
  /// What is wrong with it: `1.5 is outside 0...1`.
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}

extension Scene {
  /// Every invalid field of the scene (R29), in field order; empty when the
  /// scene is valid.
  ///
  /// ``solve()`` accepts any scene and sanitises bad numbers; tools that
  /// take scenes from files call this first and report the fields instead:
  /// a non-finite number anywhere, a negative width, height, inset, margin
  /// or absolute dimension, a fraction outside 0...1, a `displayScale` that
  /// is not positive, or a maximum below a minimum of the same kind; of the
  /// third generation (RULES.md §8.2), a negative `spacing` (R30) and a
  /// negative divider length or a divider fraction outside 0...1 (R31); of
  /// the fourth (RULES.md §11), the same of R37's `positions`, a non-finite
  /// `velocity`, and R38's `size` as of a pane's bounds.
  /// Coordinates may be negative. The bounds are ``SceneBounds``'s.
  ///
  /// A divider holds at most ``Divider/anchorCapacity`` anchors, so a longer
  /// list cannot reach this check: the scene-file reader reports it.
  public func validate() -> [SceneIssue] {
    var issues = Validator()
    issues.rect(container, "container")
    issues.insets(safeArea, "safeArea")
    if let displayScale, issues.finite(displayScale, "displayScale"), !SceneBounds.isScale(displayScale) {
      issues.report("displayScale", "\(formatNumber(displayScale)) is not positive")
    }
    issues.regions(regions, "regions")
    issues.pane(primary, "primary")
    issues.pane(secondary, "secondary")
    // R38: the levitated secondary's size, a dimension as a pane's bounds are.
    if let levitation {
      issues.dimension(levitation.width, "secondary.adapt.levitate.size.width")
      issues.dimension(levitation.height, "secondary.adapt.levitate.size.height")
    }
    issues.length(spacing, "spacing")
    if let divider {
      issues.dividerLength(divider.position, "divider.position")
      for index in 0..<divider.anchorCount { issues.dividerLength(divider.anchor(index), "divider.anchors[\(index)]") }
      // The fourth generation (R37): a position per axis, and the release's velocity.
      if let horizontal = divider.positions.horizontal {
        issues.dividerLength(horizontal, "divider.positions.horizontal")
      }
      if let vertical = divider.positions.vertical { issues.dividerLength(vertical, "divider.positions.vertical") }
      issues.finite(divider.velocity, "divider.velocity")
    }
    return issues.found
  }
}

/// Collects issues with their paths. Paths are built only for the fields
/// reported: a valid scene, the common case, costs no string work.
///
/// Note (29c9644): every check is inlined and regions are read in place: as calls with
/// path closures, and with the 640-byte region list copied for each region
/// read, a valid scene cost ~1,100 instructions (callgrind, scene-file/parse).
struct Validator {
  var found: [SceneIssue] = []

  @inline(never) mutating func report(_ path: String, _ message: String) {
    found.append(SceneIssue(path: path, message: message))
  }

  /// Reports a non-finite value; returns whether the value is finite.
  @discardableResult
  @inline(__always) mutating func finite(_ value: Double, _ path: @autoclosure () -> String) -> Bool {
    if SceneBounds.isFinite(value) { return true }
    report(path(), "\(formatNumber(value)) is not a finite number")
    return false
  }

  @inline(__always) mutating func length(_ value: Double, _ path: @autoclosure () -> String) {
    if finite(value, path()), !SceneBounds.isLength(value) { report(path(), "\(formatNumber(value)) is negative") }
  }

  @inline(__always) mutating func rect(_ rect: Rect, _ path: @autoclosure () -> String) {
    finite(rect.x, path() + ".x")
    finite(rect.y, path() + ".y")
    length(rect.width, path() + ".width")
    length(rect.height, path() + ".height")
  }

  @inline(__always) mutating func insets(_ insets: EdgeInsets, _ path: @autoclosure () -> String) {
    length(insets.top, path() + ".top")
    length(insets.left, path() + ".left")
    length(insets.bottom, path() + ".bottom")
    length(insets.right, path() + ".right")
  }

  @inline(__always) mutating func regions(_ regions: ReservedRegions, _ path: @autoclosure () -> String) {
    for index in regions.indices {
      let region = regions.storage.element(index)
      rect(region.frame, "\(path())[\(index)].frame")
      insets(region.margins, "\(path())[\(index)].margins")
    }
  }

  @inline(__always) mutating func pane(_ pane: PaneSettings, _ path: @autoclosure () -> String) {
    finite(pane.layoutPriority, path() + ".layoutPriority")
    range(pane.width, path() + ".width")
    range(pane.height, path() + ".height")
    if let ideal = pane.idealSize {
      length(ideal.width, path() + ".idealSize.width")
      length(ideal.height, path() + ".idealSize.height")
    }
  }

  @inline(__always) mutating func range(_ range: DimensionRange, _ path: @autoclosure () -> String) {
    dimension(range.minimum, path() + ".minimum")
    dimension(range.preferred, path() + ".preferred")
    dimension(range.maximum, path() + ".maximum")
    // A bound that is not finite is reported above, not compared.
    if let (low, high) = SceneBounds.comparedBounds(range), SceneBounds.isFinite(low), SceneBounds.isFinite(high),
      !SceneBounds.isOrdered(minimum: low, maximum: high)
    {
      report(path() + ".maximum", "\(formatNumber(high)) is below the minimum \(formatNumber(low))")
    }
  }

  /// A divider's position or anchor (R31): a length, or a fraction in 0...1.
  @inline(__always) mutating func dividerLength(_ length: DividerLength, _ path: @autoclosure () -> String) {
    switch length {
    case .absolute(let points): self.length(points, path() + ".absolute")
    case .fractional(let fraction): self.fraction(fraction, path() + ".fraction")
    }
  }

  @inline(__always) mutating func fraction(_ fraction: Double, _ path: @autoclosure () -> String) {
    if finite(fraction, path()), !SceneBounds.isFraction(fraction) {
      report(path(), "\(formatNumber(fraction)) is outside 0...1")
    }
  }

  @inline(__always) mutating func dimension(_ dimension: Dimension?, _ path: @autoclosure () -> String) {
    switch dimension {
    case .absolute(let points)?:
      length(points, path() + ".absolute")
    case .fractional(let fraction)?:
      if finite(fraction, path() + ".fraction"), !SceneBounds.isFraction(fraction) {
        report(path() + ".fraction", "\(formatNumber(fraction)) is outside 0...1")
      }
    case .intrinsic?, nil:
      break
    }
  }
}

/// A number as people write it: `250`, `0.3`, `-1e+20`, `inf`, `nan`.
package func formatNumber(_ value: Double) -> String {
  if value.isFinite && value == value.rounded() && abs(value) < 1e15 {
    return String(Int64(value))
  }
  return value.description
}

extension RegionQuery {
  /// Every invalid field of the query and its regions, as ``Scene/validate()`` reports them.
  public func validate(regions: ReservedRegions) -> [SceneIssue] {
    var issues = Validator()
    issues.rect(view, "view")
    issues.regions(regions, "regions")
    return issues.found
  }
}
