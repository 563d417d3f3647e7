import ArrangementSolver
import StrictJSON

/// A transition request (R34, RULES.md §8.2): two scenes and exactly one of
/// a progress or a number of steps.
struct TransitionRequest {
  /// What the request asks for: one progress, or the frames at `k / steps`.
  enum Progress {
    case progress(Double)
    case steps(Int)
  }

  /// The most steps a request may ask for (R34).
  static let maximumSteps = 1024

  static let fields = NameList(["from", "to", "progress", "steps", "motion"])

  var from: Scene
  var to: Scene
  var progress: Progress
  /// R39: answer each pane's motion kind.
  var motion = false

  /// Reads a request; each scene is read and validated as a scene file is,
  /// its errors named under `from` or `to`. Giving both `progress` and
  /// `steps` is an error at the one given second; giving neither, at `progress`.
  init(reading reader: inout JSONReader) throws(SceneFileError) {
    var scenes = (from: Scene(container: .zero), to: Scene(container: .zero))
    var given = 0
    var progress = Progress.progress(0)
    var motion = false
    try reader.members(Self.fields) { reader, field throws(SceneFileError) in
      given |= 1 << field
      switch field {
      case 0: try scenes.from.read(from: &reader)
      case 1: try scenes.to.read(from: &reader)
      case 4: motion = try reader.readBool()
      default:
        if given & 0b1100 == 0b1100 {
          throw SceneFileError(.root, "a transition request has exactly one of \"progress\" and \"steps\", not both")
        }
        // A number JSON can hold; R34 clamps it into 0...1 (JSON has no NaN; 1e999 is refused as elsewhere).
        progress = field == 2 ? .progress(try reader.finiteNumber()) : .steps(try reader.steps())
      }
    }
    if given & 1 == 0 { throw missing("from") }
    if given & 2 == 0 { throw missing("to") }
    if given & 0b1100 == 0 {
      throw SceneFileError(
        JSONPath.root.key("progress"),
        "required field is missing (a transition request has exactly one of \"progress\" and \"steps\")")
    }
    from = scenes.from
    to = scenes.to
    self.progress = progress
    self.motion = motion
  }

  /// Writes the answer (R34): one scene answer for a progress, `{"frames":
  /// [...]}` for steps. A scene answer has `divider` and `adapted` where its
  /// end has them: `from`'s scene at progress 0, `to`'s past it.
  func answer(into writer: inout JSONWriter) {
    let transition = Transition(from: from, to: to)
    // R39: the kinds are the transition's, found once when it was made.
    let motion = self.motion ? transition.motion : nil
    switch progress {
    case .progress(let progress):
      let answer = transition.solution(at: progress)
      if progress > 0 && progress < 1 {
        writer.solution(between: answer, of: to, motion: motion)
      } else {
        writer.solution(answer, of: progress > 0 ? to : from, motion: motion)
      }
    case .steps(let steps):
      withUnsafeTemporaryAllocation(of: Solution.self, capacity: steps + 1) { frames in
        frames.initialize(repeating: transition.from)
        let count = transition.solutions(steps: steps, into: frames)
        writer.frames(UnsafeBufferPointer(rebasing: frames[..<count]), from: from, to: to, motion: motion)
      }
    }
  }
}

extension JSONReader {
  /// A transition's `steps`: an integer from 1 to ``TransitionRequest/maximumSteps``,
  /// decided by the literal's digits (`2.0` is 2).
  mutating func steps() throws(SceneFileError) -> Int {
    guard kind == .number else { throw mismatch("a number") }
    let literal = try number().literal
    let text = excerpt(String(decoding: literal, as: UTF8.self))
    switch Self.wholeNumber(literal) {
    case .int(let steps) where (1...TransitionRequest.maximumSteps).contains(steps): return steps
    case .int, .outOfRange: throw SceneFileError(.root, "\(text) is outside 1...\(TransitionRequest.maximumSteps)")
    case .fraction: throw SceneFileError(.root, "\(text) is not an integer")
    }
  }
}
