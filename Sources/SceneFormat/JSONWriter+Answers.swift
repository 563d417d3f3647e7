import ArrangementSolver

// MARK: - Answers

extension JSONWriter {
  // Note (39b021e): the commonest pieces of an answer are written as whole fragments in
  // either layout, rather than key by key (callgrind, 3,000 answers: 4.1k → ~2.5k instructions each).

  mutating func rect(_ rect: Rect) {
    let compact = indent == nil
    raw(compact ? #"{"x":"# : #"{"x": "#)
    number(rect.x)
    raw(compact ? #","y":"# : #", "y": "#)
    number(rect.y)
    raw(compact ? #","width":"# : #", "width": "#)
    number(rect.width)
    raw(compact ? #","height":"# : #", "height": "#)
    number(rect.height)
    byte(UInt8(ascii: "}"))
  }

  mutating func insets(_ insets: EdgeInsets) {
    raw("{")
    key("top")
    number(insets.top)
    comma()
    key("left")
    number(insets.left)
    comma()
    key("bottom")
    number(insets.bottom)
    comma()
    key("right")
    number(insets.right)
    raw("}")
  }

  /// A shown pane with its size classes; a hidden one without (the file format's rule).
  mutating func pane(_ pane: PaneLayout) {
    let compact = indent == nil
    if pane.visible {
      raw(compact ? #"{"visible":true,"zIndex":"# : #"{"visible": true, "zIndex": "#)
    } else {
      raw(compact ? #"{"visible":false,"zIndex":"# : #"{"visible": false, "zIndex": "#)
    }
    integer(Int64(pane.zIndex))
    raw(compact ? #","frame":"# : #", "frame": "#)
    rect(pane.frame)
    if pane.visible {
      raw(compact ? #","sizeClass":{"horizontal":"# : #", "sizeClass": {"horizontal": "#)
      raw(pane.sizeClass.horizontal == .compact ? #""compact""# : #""regular""#)
      raw(compact ? #","vertical":"# : #", "vertical": "#)
      raw(pane.sizeClass.vertical == .compact ? #""compact"}"# : #""regular"}"#)
    }
    byte(UInt8(ascii: "}"))
  }

  /// The answer to a scene, one pane a line; then `divider` (R31) when
  /// `divider` is true and `adapted` (R33) when `adapted` is true, one a line
  /// (RULES.md §8.2: the scene has a divider; its secondary's `adapt` is not `hide`).
  mutating func solution(_ solution: Solution, divider: Bool = false, adapted: Bool = false) {
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
    pane(solution.primary)
    byte(UInt8(ascii: ","))
    newline(2)
    key("secondary")
    pane(solution.secondary)
    tail(solution, divider: divider, adapted: adapted)
    newline()
    raw("}")
  }

  /// R31's `divider` and R33's `adapted`, where the scene calls for them.
  @inline(__always)
  mutating func tail(_ solution: Solution, divider: Bool, adapted: Bool) {
    if divider {
      byte(UInt8(ascii: ","))
      newline(2)
      key("divider")
      if let answer = solution.divider {
        raw("{")
        key("position")
        number(answer.position)
        comma()
        key("anchor")
        if let anchor = answer.anchor { integer(Int64(anchor)) } else { raw("null") }
        raw("}")
      } else {
        raw("null")
      }
    }
    if adapted {
      byte(UInt8(ascii: ","))
      newline(2)
      key("adapted")
      switch solution.adapted {
      case .reflowed?: string("reflowed")
      case .levitated?: string("levitated")
      case nil: raw("null")
      }
    }
  }

  /// The answer to a scene, with the fields of the third and fourth
  /// generations the scene calls for (RULES.md §8.2, §11), and R39's
  /// `motion` when given (a transition's frame).
  mutating func solution(_ solution: Solution, of scene: Scene, motion: TransitionMotion? = nil) {
    let (divider, adapted) = (scene.divider != nil, scene.secondary.adapt != .hide)
    guard motion != nil || AnswerExtras.needed(by: scene) else {
      return self.solution(solution, divider: divider, adapted: adapted)
    }
    self.solution(
      solution, divider: divider, adapted: adapted,
      extras: AnswerExtras(scene: scene, solution: solution, motion: motion))
  }

  /// A transition's frame strictly between its ends: `to`'s keys of R31 and
  /// R33, and R39's motion when given; never R36's environment or R38's scrim.
  mutating func solution(between solution: Solution, of scene: Scene, motion: TransitionMotion?) {
    let (divider, adapted) = (scene.divider != nil, scene.secondary.adapt != .hide)
    guard let motion else { return self.solution(solution, divider: divider, adapted: adapted) }
    self.solution(solution, divider: divider, adapted: adapted, extras: AnswerExtras(motion: motion))
  }

  /// The answer to a `steps` transition request (R34): `{"frames": [...]}`,
  /// one frame's answer after another, each with the fields its end calls for
  /// (`from`'s at progress 0, `to`'s after).
  mutating func frames(
    _ frames: UnsafeBufferPointer<Solution>, from: Scene, to: Scene, motion: TransitionMotion? = nil
  ) {
    pad()
    raw("{")
    key("frames")
    raw("[")
    let outer = indent
    indent = indent.map { $0 + 2 }
    for index in frames.indices {
      if index > 0 { byte(UInt8(ascii: ",")) }
      if outer != nil { byte(UInt8(ascii: "\n")) }
      if index == 0 || index == frames.count - 1 {
        solution(frames[index], of: index == 0 ? from : to, motion: motion)
      } else {
        solution(between: frames[index], of: to, motion: motion)
      }
    }
    indent = outer
    if !frames.isEmpty { newline() }
    raw("]}")
  }

  mutating func region(_ region: ReservedRegion) {
    raw("{")
    key("id")
    integer(Int64(region.id))
    comma()
    key("kind")
    string(region.kind == .division ? "division" : "occlusion")
    comma()
    key("active")
    bool(region.isActive)
    comma()
    key("frame")
    rect(region.frame)
    comma()
    key("margins")
    insets(region.margins)
    raw("}")
  }

  /// The answer to a region query: `{"regions": [...]}`, one region a line.
  mutating func regions(_ regions: ReservedRegions) {
    pad()
    raw("{")
    key("regions")
    raw("[")
    for (index, region) in regions.enumerated() {
      if index > 0 { byte(UInt8(ascii: ",")) }
      newline(2)
      self.region(region)
    }
    if !regions.isEmpty { newline() }
    raw("]}")
  }

  /// The answer to a displacement request.
  mutating func displacement(_ result: DisplacementResult) {
    pad()
    raw("{")
    newline(2)
    key("elements")
    raw("[")
    for index in 0..<result.elements.count {
      if index > 0 { byte(UInt8(ascii: ",")) }
      newline(4)
      rect(result.elements[index])
    }
    newline(2)
    raw("],")
    newline(2)
    key("area")
    if let area = result.area { rect(area) } else { raw("null") }
    byte(UInt8(ascii: ","))
    newline(2)
    key("shrunk")
    bool(result.shrunk)
    byte(UInt8(ascii: ","))
    newline(2)
    key("offset")
    raw("{")
    key("dx")
    number(result.offset.dx)
    comma()
    key("dy")
    number(result.offset.dy)
    raw("}")
    newline()
    raw("}")
  }

  /// The answer to a grid request: `{"columnCount": 4, "columns": [...]}`,
  /// in the grid's coordinates, leading first.
  mutating func grid(_ grid: GridFit) {
    pad()
    raw("{")
    newline(2)
    key("columnCount")
    let count = grid.columnCount
    integer(Int64(count))
    byte(UInt8(ascii: ","))
    newline(2)
    key("columns")
    raw("[")
    withUnsafeTemporaryAllocation(of: Rect.self, capacity: max(count, 1)) { frames in
      let written = grid.columns(into: frames)
      for index in 0..<written {
        if index > 0 { byte(UInt8(ascii: ",")) }
        newline(4)
        rect(frames[index])
      }
    }
    newline(2)
    raw("]")
    newline()
    raw("}")
  }
}

// MARK: - Public entry points

extension JSONWriter {
  /// A solution as one line of a stream answers it (compact, with its line break).
  public mutating func line(_ solution: Solution) {
    line(solution, divider: false, adapted: false)
  }

  /// ``line(_:)`` with the third generation's fields `scene` calls for (RULES.md §8.2).
  ///
  /// Note (6a91a20): two entry points, not an optional scene: the optional copied the
  /// whole scene (1,092 bytes) into every call (callgrind: scene-file/write
  /// 1,911 → 2,090 instructions a scene).
  public mutating func line(_ solution: Solution, of scene: Scene) {
    guard AnswerExtras.needed(by: scene) else {
      return line(solution, divider: scene.divider != nil, adapted: scene.secondary.adapt != .hide)
    }
    let layout = indent
    indent = nil
    self.solution(solution, of: scene)
    byte(UInt8(ascii: "\n"))
    indent = layout
  }

  mutating func line(_ solution: Solution, divider: Bool, adapted: Bool) {
    let layout = indent
    indent = nil
    self.solution(solution, divider: divider, adapted: adapted)
    byte(UInt8(ascii: "\n"))
    indent = layout
  }
}
