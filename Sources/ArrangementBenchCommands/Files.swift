import Foundation

/// Reading and writing the tool's files.
enum Files {
  /// Scene files larger than this are refused before they are read.
  static let maximumInputBytes = 64 << 20

  /// The bytes of `path`, or standard input for `-` or no path.
  static func readInput(_ path: String?, terminal: Terminal) throws(CommandFailure) -> [UInt8] {
    guard let path, path != "-" else {
      let bytes = terminal.readStandardInput(maximumInputBytes + 1)
      guard bytes.count <= maximumInputBytes else {
        throw CommandFailure("standard input: larger than \(maximumInputBytes >> 20) MiB")
      }
      return bytes
    }
    // Refuse a large file before reading any of it.
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumInputBytes {
      throw CommandFailure("\(path): larger than \(maximumInputBytes >> 20) MiB")
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw CommandFailure("\(path): is a folder, not a file")
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
}
