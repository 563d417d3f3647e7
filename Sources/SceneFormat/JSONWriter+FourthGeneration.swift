import ArrangementSolver

/// What an answer holds beyond R1–R35 (RULES.md §11): each pane's
/// environment (R36), the scrim (R38) and each pane's motion (R39), each
/// written only where the request calls for it.
struct AnswerExtras {
  /// R36: write `environment` in each pane (`nil` for a hidden pane).
  var writesEnvironment = false
  var primaryEnvironment: ReservedRegions?
  var secondaryEnvironment: ReservedRegions?
  /// R38: write `scrim` after `adapted`.
  var writesScrim = false
  var scrim: Rect?
  /// R39: write `motion` (and `edge`) in each pane.
  var motion: TransitionMotion?

  /// Whether a scene's answer has anything beyond R1–R35 (without motion).
  static func needed(by scene: Scene) -> Bool { scene.asksEnvironment || scene.answersScrim }

  /// The extras of `scene`'s own answer `solution`, with `motion` when given.
  init(scene: Scene, solution: Solution, motion: TransitionMotion? = nil) {
    if scene.environment != nil {
      writesEnvironment = true
      primaryEnvironment = scene.environment(of: solution.primary)
      secondaryEnvironment = scene.environment(of: solution.secondary)
    }
    writesScrim = scene.answersScrim
    scrim = scene.scrim(of: solution)
    self.motion = motion
  }

  /// A frame strictly inside a transition: motion only (R36, R38: the
  /// environment and the scrim are the ends' only).
  init(motion: TransitionMotion?) { self.motion = motion }
}

extension JSONWriter {
  /// ``solution(_:divider:adapted:)`` with the fourth generation's keys: in
  /// each pane, after its own keys, `environment` then `motion` and `edge`;
  /// after `adapted`, `scrim`.
  mutating func solution(_ solution: Solution, divider: Bool, adapted: Bool, extras: AnswerExtras) {
    pad()
    raw("{")
    newline(2)
    key("splitAxis")
    switch solution.splitAxis {
    case .horizontal?: string("horizontal")
    case .vertical?: string("vertical")
    case nil: raw("null")
    }
    byte(UInt8(ascii: ","))
    newline(2)
    key("primary")
    pane(solution.primary, environment: extras.writesEnvironment, extras.primaryEnvironment, extras.motion?.primary)
    byte(UInt8(ascii: ","))
    newline(2)
    key("secondary")
    pane(
      solution.secondary, environment: extras.writesEnvironment, extras.secondaryEnvironment,
      extras.motion?.secondary)
    tail(solution, divider: divider, adapted: adapted)
    if extras.writesScrim {
      byte(UInt8(ascii: ","))
      newline(2)
      key("scrim")
      if let scrim = extras.scrim { rect(scrim) } else { raw("null") }
    }
    newline()
    raw("}")
  }

  /// A pane with the keys R36 and R39 add.
  mutating func pane(_ pane: PaneLayout, environment: Bool, _ regions: ReservedRegions?, _ motion: PaneMotion?) {
    self.pane(pane)
    guard environment || motion != nil else { return }
    truncate(to: count - 1)  // reopen the pane's object
    if environment {
      comma()
      key("environment")
      if let regions {
        raw("{")
        key("regions")
        raw("[")
        for index in regions.indices {
          if index > 0 { comma() }
          region(regions[index])
        }
        raw("]}")
      } else {
        raw("null")
      }
    }
    if let motion {
      comma()
      key("motion")
      switch motion.kind {
      case .entering: string("entering")
      case .exiting: string("exiting")
      case .moving: string("moving")
      case .staying: string("staying")
      case .absent: string("absent")
      }
      if let edge = motion.edge {
        comma()
        key("edge")
        switch edge {
        case .left: string("left")
        case .right: string("right")
        case .top: string("top")
        case .bottom: string("bottom")
        case .center: string("center")
        }
      }
    }
    byte(UInt8(ascii: "}"))
  }
}
