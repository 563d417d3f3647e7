/// Reads the members of one JSON object, refusing keys it does not know.
struct ObjectReader {
  let members: [(key: String, value: JSONValue)]
  let path: JSONPath

  init(_ value: JSONValue, at path: JSONPath, allowing keys: Set<String>) throws(SceneFileError) {
    guard case .object(let members) = value else {
      throw SceneFileError(path, "expected an object, found \(value.typeName)")
    }
    for member in members where !keys.contains(member.key) {
      throw SceneFileError(
        path.key(member.key), "unknown field (expected one of: \(keys.sorted().joined(separator: ", ")))")
    }
    self.members = members
    self.path = path
  }

  /// The value of `key` and its path; `nil` when absent or `null`.
  func optional(_ key: String) -> (value: JSONValue, path: JSONPath)? {
    guard let member = members.first(where: { $0.key == key }) else { return nil }
    if case .null = member.value { return nil }
    return (member.value, path.key(key))
  }

  func required(_ key: String) throws(SceneFileError) -> (value: JSONValue, path: JSONPath) {
    guard let found = optional(key) else { throw SceneFileError(path.key(key), "required field is missing") }
    return found
  }

  func number(_ key: String) throws(SceneFileError) -> Double? {
    guard let (value, path) = optional(key) else { return nil }
    return try readNumber(value, at: path)
  }

  func bool(_ key: String) throws(SceneFileError) -> Bool? {
    guard let (value, path) = optional(key) else { return nil }
    guard case .bool(let flag) = value else {
      throw SceneFileError(path, "expected a boolean, found \(value.typeName)")
    }
    return flag
  }

  func choice<Value>(_ key: String, _ cases: KeyValuePairs<String, Value>) throws(SceneFileError) -> Value? {
    guard let (value, path) = optional(key) else { return nil }
    return try readChoice(value, at: path, cases)
  }
}

/// A finite number (R29: `1e999` reads as infinity and is refused).
func readNumber(_ value: JSONValue, at path: JSONPath) throws(SceneFileError) -> Double {
  guard case .number(let number, let literal) = value else {
    throw SceneFileError(path, "expected a number, found \(value.typeName)")
  }
  guard number.isFinite else { throw SceneFileError(path, "\(literal) is not a finite number") }
  return number
}

/// One of a fixed set of strings.
func readChoice<Value>(_ value: JSONValue, at path: JSONPath, _ cases: KeyValuePairs<String, Value>)
  throws(SceneFileError)
  -> Value
{
  guard case .string(let name) = value else {
    throw SceneFileError(path, "expected a string, found \(value.typeName)")
  }
  guard let found = cases.first(where: { $0.key == name }) else {
    let names = cases.map { quoted($0.key) }.joined(separator: ", ")
    throw SceneFileError(path, "unknown value \(quoted(name)) (expected one of: \(names))")
  }
  return found.value
}

/// A JSON array's elements with their paths.
func readArray(_ value: JSONValue, at path: JSONPath) throws(SceneFileError) -> [(value: JSONValue, path: JSONPath)] {
  guard case .array(let elements) = value else {
    throw SceneFileError(path, "expected an array, found \(value.typeName)")
  }
  return elements.enumerated().map { ($1, path.index($0)) }
}
