import Foundation

/// Reading and writing the tool's files.
enum Files {
  /// Scene files larger than this are refused before they are read.
  static let maximumInputBytes = 64 << 20

  /// The bytes of `path`, or standard input for `-` or no path.
  static func readInput(_ path: String?, terminal: Terminal) throws(CommandFailure) -> [UInt8] {
    guard let path, path != "-" else {
      let bytes = terminal.readStandardInput()
      guard bytes.count <= maximumInputBytes else {
        throw CommandFailure("standard input: larger than \(maximumInputBytes >> 20) MiB")
      }
      return bytes
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CommandFailure("\(path): cannot open the file")
    }
    defer { try? handle.close() }
    let data: Data?
    do {
      data = try handle.read(upToCount: maximumInputBytes + 1)
    } catch {
      throw CommandFailure("\(path): cannot read the file (\(error.localizedDescription))")
    }
    let bytes = [UInt8](data ?? Data())
    guard bytes.count <= maximumInputBytes else {
      throw CommandFailure("\(path): larger than \(maximumInputBytes >> 20) MiB")
    }
    return bytes
  }

  /// Writes `data` to `path` atomically: a temporary file in the same
  /// folder, flushed, then renamed over the old one, so a reader sees the
  /// old file or the new one, never a part.
  static func writeAtomically(_ data: Data, to path: String) throws(CommandFailure) {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    } catch {
      throw CommandFailure(
        "\(path): cannot write the file (\(error.localizedDescription))", status: ExitStatus.toolError)
    }
  }
}
