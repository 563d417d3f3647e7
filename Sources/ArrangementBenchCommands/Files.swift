import BenchmarkCommands
import BenchmarkRunner

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading the tool's input files.
enum Files {
  /// Scene documents larger than this are refused before they are read.
  static let maximumInputBytes = 64 << 20

  /// The bytes of `path`, or of standard input for `-` or no path, read
  /// straight into one array (no second copy: a large document costs its
  /// size once).
  static func readInput(_ path: String?, terminal: Terminal) throws(CommandFailure) -> [UInt8] {
    let input = try InputStream(path, terminal: terminal)
    defer { input.close() }
    let limit = maximumInputBytes
    let name = path.flatMap { $0 == "-" ? nil : $0 } ?? "standard input"
    if let size = input.size, size > limit {
      throw CommandFailure("\(name): larger than \(limit >> 20) MiB", status: .badInput)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(limit, input.size ?? 0) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = try chunk.withUnsafeMutableBufferPointer { buffer throws(CommandFailure) in
        try input.read(into: buffer)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > limit { throw CommandFailure("\(name): larger than \(limit >> 20) MiB", status: .badInput) }
    }
    return bytes
  }

  /// A file or standard input, read in pieces.
  struct InputStream {
    let name: String
    let descriptor: Int32?
    let terminal: Terminal
    /// The file's size, where it is a regular file.
    let size: Int?

    init(_ path: String?, terminal: Terminal) throws(CommandFailure) {
      self.terminal = terminal
      guard let path, path != "-" else {
        name = "standard input"
        descriptor = nil
        size = nil
        return
      }
      name = path
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        // A file that cannot be read is a tool error (1), as the status table says; bad contents are 2.
        throw CommandFailure("\(path): cannot open the file (\(String(cString: strerror(errno))))", status: .toolError)
      }
      var status = stat()
      if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        Glibc.close(descriptor)
        throw CommandFailure("\(path): is a folder, not a file", status: .toolError)
      }
      self.descriptor = descriptor
      size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
    }

    /// Reads what is available, at most the buffer's size; 0 at the end.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(CommandFailure) -> Int {
      guard let descriptor else {
        let bytes = terminal.readStandardInput(buffer.count)
        _ = buffer.initialize(from: bytes)
        return bytes.count
      }
      while true {
        let count = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
        if count >= 0 { return count }
        if errno == EINTR { continue }
        throw CommandFailure("\(name): cannot read the file (\(String(cString: strerror(errno))))", status: .toolError)
      }
    }

    func close() {
      if let descriptor { _ = Glibc.close(descriptor) }
    }
  }
}
