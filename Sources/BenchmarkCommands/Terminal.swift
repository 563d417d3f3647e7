import BenchmarkRunner

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
  /// The `errno` of the first failed `write` of text, 0 if none failed;
  /// the tool reports it when the command ends (see ``BenchmarkTool/main(_:terminal:handlingInterrupts:)``).
  public var writeFailure: () -> Int32 = { 0 }
  /// Whether reports reach a terminal, where progress is one line rewritten in place.
  public var reportsToTerminal = false

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
  public func output(_ bytes: UnsafeBufferPointer<UInt8>) throws(CommandFailure) {
    let failure = writeBytes(bytes)
    if failure == 0 { return }
    if failure == EPIPE { throw CommandFailure("", status: .success) }
    throw CommandFailure(
      "cannot write standard output: \(String(cString: strerror(failure)))", status: ExitStatus.toolError)
  }

  /// The process's own standard streams.
  public static var standard: Terminal {
    var terminal = Terminal(
      write: { text in
        let failure = writeAll(text, to: 1)
        if failure != 0 && firstWriteFailure == 0 { firstWriteFailure = failure }
      },
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
    terminal.writeFailure = { firstWriteFailure }
    terminal.reportsToTerminal = isatty(2) != 0
    return terminal
  }
}

/// The first failed write of text to standard output (an `errno`), for the tool to report.
nonisolated(unsafe) var firstWriteFailure: Int32 = 0

/// Writes the whole text to a file descriptor, retrying short writes;
/// returns 0, or the `errno` of the write that failed.
@discardableResult
func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
  var text = text
  return text.withUTF8 { writeChecked($0, to: descriptor) }
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

/// The failures of commands are the runner's (a message and an exit status).
public typealias CommandFailure = ToolFailure
