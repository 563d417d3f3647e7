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
  /// Writes answer bytes to standard output; returns 0, or the `errno` of
  /// the failed write (see ``output(_:)``).
  public var writeBytes: (UnsafeBufferPointer<UInt8>) -> Int32
  /// Reads from standard input once: at most the given number of bytes,
  /// whatever is available; no bytes at the end of the input.
  public var readStandardInput: (Int) -> [UInt8]

  public init(
    write: @escaping (String) -> Void, report: @escaping (String) -> Void,
    readStandardInput: @escaping (Int) -> [UInt8],
    writeBytes: ((UnsafeBufferPointer<UInt8>) -> Int32)? = nil
  ) {
    self.write = write
    self.report = report
    self.readStandardInput = readStandardInput
    self.writeBytes =
      writeBytes ?? { bytes in
        write(String(decoding: bytes, as: UTF8.self))
        return 0
      }
  }

  /// Writes answer bytes to standard output: a failed write is an error
  /// (`cannot write standard output: No space left on device`), a closed
  /// pipe a quiet stop.
  func output(_ bytes: UnsafeBufferPointer<UInt8>) throws(CommandFailure) {
    let failure = writeBytes(bytes)
    if failure == 0 { return }
    if failure == EPIPE { throw CommandFailure("", status: ExitStatus.success) }
    throw CommandFailure(
      "cannot write standard output: \(String(cString: strerror(failure)))", status: ExitStatus.toolError)
  }

  /// The process's own standard streams.
  public static var standard: Terminal {
    Terminal(
      write: { writeAll($0, to: 1) },
      report: { writeAll($0, to: 2) },
      readStandardInput: { limit in
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
          let count = read(0, &buffer, limit)
          if count < 0 && errno == EINTR { continue }
          return Array(buffer.prefix(max(count, 0)))
        }
      },
      writeBytes: { writeChecked($0, to: 1) })
  }
}

/// Writes the whole text to a file descriptor, retrying short writes.
func writeAll(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { _ = writeChecked($0, to: descriptor) }
}

/// Writes every byte to a file descriptor, retrying short and interrupted
/// writes; returns 0, or the `errno` of the write that failed.
func writeChecked(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return 0
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
