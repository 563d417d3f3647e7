#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: its answer, and messages and progress. Tests
/// capture both; the tool writes them to standard output and error.
public struct Terminal {
  public var write: (String) -> Void
  public var report: (String) -> Void
  /// Reads standard input, at most the given number of bytes.
  public var readStandardInput: (Int) -> [UInt8]

  public init(
    write: @escaping (String) -> Void, report: @escaping (String) -> Void,
    readStandardInput: @escaping (Int) -> [UInt8]
  ) {
    self.write = write
    self.report = report
    self.readStandardInput = readStandardInput
  }

  /// The process's own standard streams.
  public static var standard: Terminal {
    Terminal(
      write: { writeAll($0, to: 1) },
      report: { writeAll($0, to: 2) },
      readStandardInput: { limit in
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count < limit {
          let count = read(0, &buffer, min(buffer.count, limit - bytes.count))
          if count < 0 && errno == EINTR { continue }
          if count <= 0 { break }
          bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
      })
  }
}

/// Writes the whole text to a file descriptor, retrying short writes.
func writeAll(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}

/// The tool's exit statuses, its interface with scripts and CI.
public enum ExitStatus {
  public static let success: Int32 = 0
  /// A tool error: a file that cannot be written, a broken baseline.
  public static let toolError: Int32 = 1
  /// Bad input (usage, scene files); for `run`/`check`/`compare`, a regression.
  public static let badInput: Int32 = 2
  public static let regression: Int32 = 2
  public static let inconclusive: Int32 = 3
  public static let improvementOnly: Int32 = 4
  public static let noBaseline: Int32 = 5
}

/// A failure that ends a command with a one-line message and a status.
public struct CommandFailure: Error {
  public var message: String
  public var status: Int32

  public init(_ message: String, status: Int32 = ExitStatus.badInput) {
    self.message = message
    self.status = status
  }
}
