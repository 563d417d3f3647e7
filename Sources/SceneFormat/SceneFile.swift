import ArrangementSolver

/// A scene file (SPEC §8): one JSON object, or an array of them.
public enum SceneFile {
  /// Reads every element of a document with `read`; an array is read
  /// element by element with paths `$[i]`.
  public static func elements<Element>(
    of document: JSONValue, _ read: (JSONValue, JSONPath) throws(SceneFileError) -> Element
  ) throws(SceneFileError) -> (elements: [Element], isArray: Bool) {
    if case .array(let items) = document {
      var elements: [Element] = []
      elements.reserveCapacity(items.count)
      for (index, item) in items.enumerated() { elements.append(try read(item, JSONPath.root.index(index))) }
      return (elements, true)
    }
    return ([try read(document, .root)], false)
  }

  /// Reads every element of a document with `read` and writes the answer to
  /// each with `render` (given its indent): one answer, or an array of answers
  /// in the same order.
  public static func answer<Element>(
    _ document: JSONValue, read: (JSONValue, JSONPath) throws(SceneFileError) -> Element,
    render: (Element, Int) -> String
  ) throws(SceneFileError) -> String {
    let (items, isArray) = try elements(of: document, read)
    return jsonDocument(items.map { render($0, isArray ? 2 : 0) }, isArray: isArray)
  }

  /// Solves every scene of a document and returns the answer text.
  public static func solve(_ document: JSONValue) throws(SceneFileError) -> String {
    try answer(document, read: { value, path throws(SceneFileError) in try Scene(json: value, at: path) }) {
      $0.solve().json(indent: $1)
    }
  }

  /// Answers every region query of a document.
  public static func regions(_ document: JSONValue) throws(SceneFileError) -> String {
    try answer(document, read: { value, path throws(SceneFileError) in try RegionQuery.read(json: value, at: path) }) {
      $0.query.answer(for: $0.regions).answerJSON(indent: $1)
    }
  }
}
