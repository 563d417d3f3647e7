import ArrangementSolver
import SceneFormat
import StrictJSON

extension FuzzChecks {
  /// The scene-file target's generator: the bytes decoded as the solver
  /// target decodes them, every generation's fields included (R30–R39), and
  /// written as a scene file. A valid scene reads back to itself; its answer
  /// is valid JSON, the same as a document and as a stream line, and has the
  /// keys of R36 and R38 exactly where the scene asks for them; a transition
  /// request with `motion` from the scene to its fourth-generation twin is
  /// answered at every step.
  static func generatedSceneAgrees(_ bytes: UnsafeRawBufferPointer) {
    var reader = ByteReader(bytes)
    let base = decodeScene(&reader)
    let third = decodeThirdGeneration(&reader, base)
    var scene = decodeFourthGeneration(&reader, third)
    // What the file format cannot say: `visible` is the secondary's, and a
    // levitation is the object form of the secondary's `levitate` only.
    scene.primary.visible = true
    if scene.secondary.adapt != .levitate { scene.levitation = nil }
    guard scene.validate().isEmpty else { return }
    let text = sceneText(scene)
    let read = Result { () throws(SceneFileError) in try Scene(json: text) }
    guard case .success(let again) = read else { preconditionFailure("a written scene is refused: \(text), \(read)") }
    precondition(again == scene, "a written scene reads back otherwise: \(text)")
    let answer = Result { () throws(SceneFileError) in try SceneFile.solve(text) }
    guard case .success(let document) = answer else { preconditionFailure("a valid scene is refused: \(text)") }
    let line = Result { () throws(SceneFileError) in try SceneFile.answerLine(.solve, text) }
    guard case .success(let compactAnswer) = line else { preconditionFailure("a valid line is refused: \(text)") }
    precondition(compact(document) == compactAnswer, "a line's answer is not the document's: \(compactAnswer)")
    guard let parsed = try? JSONParser.parse(document), case .object(let members) = parsed else {
      preconditionFailure("an answer is not a JSON object: \(document)")
    }
    precondition(
      members.contains { $0.key == "scrim" } == scene.answersScrim, "scrim answered otherwise than asked: \(document)")
    precondition(
      compactAnswer.contains(#""environment":"#) == (scene.environment != nil),
      "environment answered otherwise than asked: \(compactAnswer)")
    var twin = third
    twin.primary.visible = true
    guard twin.validate().isEmpty else { return }
    let request = #"{"from": \#(sceneText(twin)), "to": \#(text), "steps": 3, "motion": true}"#
    let transition = Result { () throws(SceneFileError) in try SceneFile.transition(request) }
    guard case .success(let frames) = transition, (try? JSONParser.parse(frames)) != nil else {
      preconditionFailure("a valid transition request is refused or answered badly: \(request)")
    }
    precondition(compact(frames).components(separatedBy: #""motion":"#).count == 9, "motion missing: \(frames)")
  }

  static func sceneText(_ scene: Scene) -> String {
    var writer = JSONWriter(capacity: 1024)
    writer.scene(scene)
    return String(decoding: writer.written, as: UTF8.self)
  }
}
