import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Crash-safe file replacement: the bytes go to a temporary file in the same
/// folder, which is flushed to disk and renamed over the target, and the
/// folder is flushed too. A reader — or a run after a crash or SIGKILL at any
/// moment — sees the old file or the new one, complete, never a part.
public enum AtomicFile {
  public struct WriteError: Error, CustomStringConvertible {
    public var description: String
  }

  public static func write(_ data: Data, to path: String) throws(WriteError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw WriteError(description: "\(folder): cannot create the folder (\(error.localizedDescription))")
    }
    let temporary = "\(folder)/.\(url.lastPathComponent).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw WriteError(description: "\(temporary): \(String(cString: strerror(errno)))") }
    var failure: String?
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        offset += written
      }
    }
    if failure == nil && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    close(descriptor)
    if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw WriteError(description: "\(path): cannot write (\(failure))")
    }
    let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }
}
