import ArrangementSolver

// MARK: - Scenes as files hold them

extension JSONWriter {
  /// A scene in the file format, every field that differs from its default
  /// (`Scene(json:)` reads it back to the same scene), on one line.
  public mutating func scene(_ scene: Scene) {
    let compact = indent
    indent = nil
    defer { indent = compact }
    raw("{")
    key("container")
    rect(scene.container)
    if scene.safeArea != .zero {
      comma()
      key("safeArea")
      insets(scene.safeArea)
    }
    if let classes = scene.sizeClass {
      comma()
      key("sizeClass")
      raw("{")
      key("horizontal")
      string(classes.horizontal == .compact ? "compact" : "regular")
      comma()
      key("vertical")
      string(classes.vertical == .compact ? "compact" : "regular")
      raw("}")
    }
    if scene.layoutDirection == .rightToLeft {
      comma()
      key("layoutDirection")
      string("rightToLeft")
    }
    if let scale = scene.displayScale {
      comma()
      key("displayScale")
      number(scale)
    }
    if !scene.regions.isEmpty {
      comma()
      key("regions")
      raw("[")
      for (index, region) in scene.regions.enumerated() {
        if index > 0 { comma() }
        raw("{")
        key("id")
        integer(Int64(region.id))
        comma()
        key("kind")
        string(region.kind == .division ? "division" : "occlusion")
        if !region.isActive {
          comma()
          key("active")
          raw("false")
        }
        comma()
        key("frame")
        rect(region.frame)
        if region.margins != .zero {
          comma()
          key("margins")
          insets(region.margins)
        }
        raw("}")
      }
      raw("]")
    }
    if scene.style == .overlay {
      comma()
      key("style")
      string("overlay")
    }
    if scene.axes != .both {
      comma()
      key("axes")
      raw("[")
      if scene.axes.contains(.horizontal) { string("horizontal") }
      if scene.axes == .both { comma() }
      if scene.axes.contains(.vertical) { string("vertical") }
      raw("]")
    }
    // Panes only where they differ from the defaults.
    if scene.primary != PaneSettings() {
      comma()
      key("primary")
      paneSettings(scene.primary, primary: true)
    }
    if scene.secondary != PaneSettings() {
      comma()
      key("secondary")
      paneSettings(scene.secondary, primary: false, levitation: scene.levitation)
    }
    // The third generation (RULES.md §8.2), each only where it is not the
    // default, so that a scene without them is written as before.
    if scene.spacing != 0 {
      comma()
      key("spacing")
      number(scene.spacing)
    }
    if let divider = scene.divider {
      comma()
      key("divider")
      raw("{")
      key("position")
      dividerLength(divider.position)
      if divider.anchorCount > 0 {
        comma()
        key("anchors")
        raw("[")
        for index in 0..<divider.anchorCount {
          if index > 0 { comma() }
          dividerLength(divider.anchor(index))
        }
        raw("]")
      }
      if divider.snap {
        comma()
        key("snap")
        raw("true")
      }
      if !divider.snapToFolds {
        comma()
        key("snapToFolds")
        raw("false")
      }
      // The fourth generation (R37).
      if !divider.positions.isEmpty {
        comma()
        key("positions")
        raw("{")
        if let horizontal = divider.positions.horizontal {
          key("horizontal")
          dividerLength(horizontal)
        }
        if let vertical = divider.positions.vertical {
          if divider.positions.horizontal != nil { comma() }
          key("vertical")
          dividerLength(vertical)
        }
        raw("}")
      }
      if divider.velocity != 0 {
        comma()
        key("velocity")
        number(divider.velocity)
      }
      if let step = divider.step {
        comma()
        key("step")
        switch step {
        case .next: string("next")
        case .previous: string("previous")
        case .first: string("first")
        case .last: string("last")
        }
      }
      raw("}")
    }
    if scene.foldPolicy != .avoidSeparating {
      comma()
      key("foldPolicy")
      string(scene.foldPolicy == .alwaysAvoid ? "alwaysAvoid" : "neverAvoid")
    }
    if scene.foldAxes != .both {
      comma()
      key("foldAxes")
      raw("[")
      if scene.foldAxes.contains(.vertical) { string("vertical") }
      if scene.foldAxes.contains(.horizontal) { string("horizontal") }
      raw("]")
    }
    // R36.
    if let environment = scene.environment {
      comma()
      key("environment")
      raw("{")
      if environment.includeInactive {
        key("includeInactive")
        raw("true")
      }
      if environment.layoutDirectionBehavior == .fixed {
        if environment.includeInactive { comma() }
        key("layoutDirectionBehavior")
        string("fixed")
      }
      raw("}")
    }
    raw("}")
  }

  mutating func dividerLength(_ length: DividerLength) {
    raw("{")
    switch length {
    case .absolute(let points):
      key("absolute")
      number(points)
    case .fractional(let fraction):
      key("fraction")
      number(fraction)
    }
    raw("}")
  }

  mutating func paneSettings(_ pane: PaneSettings, primary: Bool, levitation: Levitation? = nil) {
    raw("{")
    var first = true
    func field(_ name: StaticString, _ writer: inout JSONWriter) {
      if !first { writer.comma() }
      first = false
      writer.key(name)
    }
    if pane.layoutPriority != 0 {
      field("layoutPriority", &self)
      number(pane.layoutPriority)
    }
    if pane.width != .automatic {
      field("width", &self)
      dimensionRange(pane.width)
    }
    if pane.height != .automatic {
      field("height", &self)
      dimensionRange(pane.height)
    }
    if let ideal = pane.idealSize {
      field("idealSize", &self)
      raw("{")
      key("width")
      number(ideal.width)
      comma()
      key("height")
      number(ideal.height)
      raw("}")
    }
    if pane.fixedSize.horizontal && pane.fixedSize.vertical {
      field("fixedSize", &self)
      raw("true")
    } else if !pane.fixedSize.isNone {
      field("fixedSize", &self)
      raw(pane.fixedSize.horizontal ? #"{"horizontal":true}"# : #"{"vertical":true}"#)
    }
    // The secondary's `visible` before the edges, which R35 gives it too, and `adapt` (R33) last.
    if !primary && !pane.visible {
      field("visible", &self)
      raw("false")
    }
    if let edge = pane.overlayEdge {
      field("overlayEdge", &self)
      string(edge == .leading ? "leading" : "trailing")
    }
    if let edge = pane.overlayVerticalEdge {
      field("overlayVerticalEdge", &self)
      string(edge == .top ? "top" : "bottom")
    }
    if !primary && pane.adapt == .levitate, let levitation {
      field("adapt", &self)
      self.levitation(levitation)
    } else if !primary && pane.adapt != .hide {
      field("adapt", &self)
      string(pane.adapt == .reflow ? "reflow" : "levitate")
    }
    raw("}")
  }

  /// R38's object form of `adapt`, the fields that differ from their defaults.
  mutating func levitation(_ levitation: Levitation) {
    raw("{")
    key("levitate")
    raw("{")
    var first = true
    func field(_ name: StaticString, _ writer: inout JSONWriter) {
      if !first { writer.comma() }
      first = false
      writer.key(name)
    }
    if levitation.alignment != .center {
      field("alignment", &self)
      switch levitation.alignment {
      case .center: string("center")
      case .top: string("top")
      case .bottom: string("bottom")
      case .leading: string("leading")
      case .trailing: string("trailing")
      case .topLeading: string("topLeading")
      case .topTrailing: string("topTrailing")
      case .bottomLeading: string("bottomLeading")
      case .bottomTrailing: string("bottomTrailing")
      }
    }
    if levitation.scrim {
      field("scrim", &self)
      raw("true")
    }
    if levitation.width != nil || levitation.height != nil {
      field("size", &self)
      raw("{")
      if let width = levitation.width {
        key("width")
        dimension(width)
      }
      if let height = levitation.height {
        if levitation.width != nil { comma() }
        key("height")
        dimension(height)
      }
      raw("}")
    }
    raw("}}")
  }

  mutating func dimension(_ bound: Dimension) {
    raw("{")
    switch bound {
    case .absolute(let points):
      key("absolute")
      number(points)
    case .fractional(let fraction):
      key("fraction")
      number(fraction)
    case .intrinsic:
      key("intrinsic")
      raw("true")
    }
    raw("}")
  }

  mutating func dimensionRange(_ range: DimensionRange) {
    raw("{")
    var first = true
    for (index, bound) in [range.minimum, range.preferred, range.maximum].enumerated() {
      guard let bound else { continue }
      if !first { comma() }
      first = false
      switch index {
      case 0: key("minimum")
      case 1: key("preferred")
      default: key("maximum")
      }
      switch bound {
      case .absolute(let points):
        raw("{")
        key("absolute")
        number(points)
        raw("}")
      case .fractional(let fraction):
        raw("{")
        key("fraction")
        number(fraction)
        raw("}")
      case .intrinsic:
        raw("{")
        key("intrinsic")
        raw("true}")
      }
    }
    raw("}")
  }
}
