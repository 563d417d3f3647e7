import ArrangementSolver

// MARK: - Writing answers (SPEC §8)

/// A number in JSON: integers without a fraction, others in the shortest
/// form that reads back to the same `Double`.
public func jsonNumber(_ value: Double) -> String { formatNumber(value) }

extension Rect {
  var json: String {
    "{\"x\": \(jsonNumber(x)), \"y\": \(jsonNumber(y)), \"width\": \(jsonNumber(width)), \"height\": \(jsonNumber(height))}"
  }
}

extension EdgeInsets {
  var json: String {
    "{\"top\": \(jsonNumber(top)), \"left\": \(jsonNumber(left)), \"bottom\": \(jsonNumber(bottom)), \"right\": \(jsonNumber(right))}"
  }
}

extension SizeClass {
  var name: String { self == .compact ? "compact" : "regular" }
}

extension Axis {
  var name: String { self == .horizontal ? "horizontal" : "vertical" }
}

extension PaneLayout {
  /// A shown pane with its size classes; a hidden one without (SPEC §8).
  var json: String {
    var text = "{\"visible\": \(visible), \"zIndex\": \(zIndex), \"frame\": \(frame.json)"
    if visible {
      text +=
        ", \"sizeClass\": {\"horizontal\": \"\(sizeClass.horizontal.name)\", \"vertical\": \"\(sizeClass.vertical.name)\"}"
    }
    return text + "}"
  }
}

extension Solution {
  /// The answer object, one pane a line, `indent` spaces deep.
  public func json(indent: Int = 0) -> String {
    let pad = String(repeating: " ", count: indent)
    let axis = splitAxis.map { "\"\($0.name)\"" } ?? "null"
    return """
      \(pad){
      \(pad)  "splitAxis": \(axis),
      \(pad)  "primary": \(primary.json),
      \(pad)  "secondary": \(secondary.json)
      \(pad)}
      """
  }
}

extension ReservedRegion {
  var json: String {
    let kindName = kind == .division ? "division" : "occlusion"
    return
      "{\"id\": \(id), \"kind\": \"\(kindName)\", \"active\": \(isActive), \"frame\": \(frame.json), \"margins\": \(margins.json)}"
  }
}

extension ReservedRegions {
  /// The answer to a region query: `{"regions": [...]}`, one region a line.
  public func answerJSON(indent: Int = 0) -> String {
    let pad = String(repeating: " ", count: indent)
    if isEmpty { return "\(pad){\"regions\": []}" }
    let lines = map { "\(pad)  \($0.json)" }.joined(separator: ",\n")
    return "\(pad){\"regions\": [\n\(lines)\n\(pad)]}"
  }
}

/// Answers to a file: one answer, or an array of answers in the same order.
public func jsonDocument(_ answers: [String], isArray: Bool) -> String {
  guard isArray else { return answers.first ?? "" }
  if answers.isEmpty { return "[]" }
  return "[\n" + answers.joined(separator: ",\n") + "\n]"
}
