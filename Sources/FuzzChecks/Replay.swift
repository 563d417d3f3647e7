import Foundation

/// Runs `check` on every file named, or in every folder named; returns how many.
public func replayCorpus(_ paths: some Sequence<String>, check: (UnsafeRawBufferPointer) -> Void) -> Int {
  var count = 0
  for path in paths {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
    let files =
      isFolder.boolValue
      ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" } : [path]
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      data.withUnsafeBytes(check)
      count += 1
    }
  }
  return count
}
