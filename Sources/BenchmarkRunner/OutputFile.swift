import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way the tool writes a file or a folder it names.
///
/// - A regular file (or a new name) is replaced atomically: the bytes go to a
///   temporary file created beside it with `O_EXCL | O_NOFOLLOW` under a
///   random name, are flushed, and the temporary is renamed over the target.
///   A reader, or a run after a crash at any moment, sees the old file or the
///   new one, never a part, and nothing planted at the temporary's name is
///   followed.
/// - A device, FIFO or socket (`/dev/null`, `/dev/stdout`, a pipe) and `-`
///   (standard output) are written through: replacing them would turn a
///   shared device into a regular file.
/// - A symbolic link is followed to what it names, which is then handled as
///   above; the link stays a link.
/// - A folder of several files (``writeFolder(_:to:)``) is built as a
///   temporary folder and swapped in as a whole.
public enum OutputFile {
  public struct WriteError: Error, CustomStringConvertible {
    public var description: String
    /// The path names something the tool will not replace (a usage error), as opposed to a failed write.
    public var refused: Bool
    public init(_ description: String, refused: Bool = false) {
      self.description = description
      self.refused = refused
    }
  }

  /// Writes `data` to `path` as described above.
  public static func write(_ data: Data, to path: String) throws(WriteError) {
    // The process's own streams are descriptors, whatever they point at: `/dev/stdout` resolved to
    // the file a shell's `>>` opened would be replaced, losing what it held.
    if let descriptor = standardDescriptor(path) {
      return try writeThrough(data, descriptor: descriptor, name: path == "-" ? "standard output" : path)
    }
    guard !path.isEmpty else { throw WriteError("the output path is empty", refused: true) }
    // What the path names, links followed: anything but a regular file or a folder is written through.
    var status = stat()
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: throw WriteError("\(path): is a folder, not a file", refused: true)
      default:
        // O_NONBLOCK is not used: a FIFO with no reader yet should wait for one, as a shell's `>` does.
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError("\(path): cannot open (\(reason()))") }
        defer { close(descriptor) }
        return try writeThrough(data, descriptor: descriptor, name: path)
      }
    }
    let target = try resolved(path)
    let folder = folder(of: target)
    try makeFolder(folder)
    let (temporary, descriptor) = try createTemporary(beside: target, in: folder)
    ChildProcess.onTemporary(temporary)
    defer { ChildProcess.onRemoved(temporary) }
    var failure: String?
    do throws(WriteError) {
      try writeThrough(data, descriptor: descriptor, name: path)
    } catch {
      failure = error.description
    }
    if failure == nil && fsync(descriptor) != 0 { failure = "\(path): cannot write (\(reason()))" }
    close(descriptor)
    if failure == nil && rename(temporary, target) != 0 { failure = "\(path): cannot write (\(reason()))" }
    if let failure {
      unlink(temporary)
      throw WriteError(failure)
    }
    syncFolder(folder)
  }

  /// Writes the named files as the folder `path`: built beside it under a
  /// random name, then swapped in whole, so that a failure at any file (a full
  /// disk) leaves the old folder as it was. An existing folder is replaced only
  /// if it holds nothing but files of these names (a previous output), so a
  /// mistyped `--output .` cannot remove anything else.
  public static func writeFolder(_ files: [(name: String, data: Data)], to path: String) throws(WriteError) {
    let target = try resolved(path)
    var status = stat()
    let exists = lstat(target, &status) == 0
    if exists {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw WriteError("\(path): exists and is not a folder", refused: true)
      }
      let names = Set(files.map(\.name))
      // A folder that cannot be listed is not known to be a report's; nor is a name of the report
      // that holds a folder or a link (it could hold anything).
      guard let present = try? FileManager.default.contentsOfDirectory(atPath: target) else {
        throw WriteError("\(path): cannot list the folder", refused: true)
      }
      let foreign = present.filter { name in
        var entry = stat()
        return !names.contains(name) || lstat("\(target)/\(name)", &entry) != 0 || entry.st_mode & S_IFMT != S_IFREG
      }.sorted()
      if !foreign.isEmpty {
        let shown = foreign.prefix(3).map { Text.quoted($0) }.joined(separator: ", ")
        throw WriteError(
          "\(path): holds other files (\(shown)\(foreign.count > 3 ? ", …" : "")); name a new or empty folder",
          refused: true)
      }
    }
    let parent = folder(of: target)
    try makeFolder(parent)
    let temporary = try createTemporaryFolder(beside: target, in: parent)
    ChildProcess.onTemporary(temporary)
    defer { ChildProcess.onRemoved(temporary) }
    do throws(WriteError) {
      for file in files {
        let descriptor = open(
          "\(temporary)/\(file.name)", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError("\(path)/\(file.name): cannot write (\(reason()))") }
        defer { close(descriptor) }
        try writeThrough(file.data, descriptor: descriptor, name: "\(path)/\(file.name)")
        if fsync(descriptor) != 0 { throw WriteError("\(path)/\(file.name): cannot write (\(reason()))") }
      }
      syncFolder(temporary)
      if exists {
        try exchange(temporary, target, name: path)
      } else if rename(temporary, target) != 0 {
        throw WriteError("\(path): cannot write (\(reason()))")
      }
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw error
    }
    // After the swap the temporary name holds the old folder.
    try? FileManager.default.removeItem(atPath: temporary)
    syncFolder(parent)
  }

  /// Removes the temporaries a process `pid` left beside `path` (a worker killed mid-write).
  public static func removeTemporaries(of path: String, process pid: pid_t) {
    let folder = folder(of: path)
    let prefix = ".\(name(of: path)).\(pid)."
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
    }
  }

  // MARK: - Parts

  /// The folder that holds `path`: `.` for a bare name, `/` for a name at the root.
  /// Note: `NSString.deletingLastPathComponent` traps on a one-character path (`--out r`).
  public static func folder(of path: String) -> String {
    var path = Substring(path)
    while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    var folder = path[..<slash]
    while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The last component of `path`, without trailing slashes.
  public static func name(of path: String) -> String {
    var path = Substring(path)
    while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/"), path.count > 1 else { return String(path) }
    return String(path[path.index(after: slash)...])
  }

  /// The descriptor `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N` stands for.
  public static func standardDescriptor(_ path: String) -> Int32? {
    switch path {
    case "-", "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        return Int32(path.dropFirst(prefix.count))
      }
      return nil
    }
  }

  /// `path`, or what its symbolic links lead to (a dangling link is refused:
  /// writing through it would create a file wherever it points).
  static func resolved(_ path: String) throws(WriteError) -> String {
    guard !path.isEmpty else { throw WriteError("the output path is empty", refused: true) }
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
    guard stat(path, &status) == 0, let real = realpath(path, nil) else {
      throw WriteError("\(path): is a symbolic link to nothing (\(reason()))", refused: true)
    }
    defer { free(real) }
    return String(cString: real)
  }

  static func makeFolder(_ folder: String) throws(WriteError) {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw WriteError("\(folder): cannot create the folder (\(error.localizedDescription))")
    }
  }

  /// A random part no other writer can predict: 64 bits from the system's generator.
  static func randomPart() -> String { String(UInt64.random(in: 0...UInt64.max), radix: 36) }

  static func createTemporary(beside target: String, in folder: String) throws(WriteError) -> (String, Int32) {
    let name = name(of: target)
    for _ in 0..<16 {
      let temporary = "\(folder)/.\(name).\(getpid()).\(randomPart()).tmp"
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if descriptor >= 0 { return (temporary, descriptor) }
      if errno != EEXIST { throw WriteError("\(target): cannot create a file beside it (\(reason()))") }
    }
    throw WriteError("\(target): cannot create a file beside it (every random name was taken)")
  }

  static func createTemporaryFolder(beside target: String, in folder: String) throws(WriteError) -> String {
    let name = name(of: target)
    for _ in 0..<16 {
      let temporary = "\(folder)/.\(name).\(getpid()).\(randomPart()).tmp"
      if mkdir(temporary, 0o755) == 0 { return temporary }
      if errno != EEXIST { throw WriteError("\(target): cannot create a folder beside it (\(reason()))") }
    }
    throw WriteError("\(target): cannot create a folder beside it (every random name was taken)")
  }

  static func writeThrough(_ data: Data, descriptor: Int32, name: String) throws(WriteError) {
    var failure: String?
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = reason()
          return
        }
        offset += written
      }
    }
    if let failure { throw WriteError("\(name): cannot write (\(failure))") }
  }

  /// Swaps two folders in one step (Linux's `renameat2` with `RENAME_EXCHANGE`,
  /// looked up at run time: the C library's header hides it from Swift). Where
  /// the system lacks it, the old folder is moved aside first.
  static func exchange(_ new: String, _ old: String, name: String) throws(WriteError) {
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    let exchangeFlag: UInt32 = 1 << 1
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      if renameat2(AT_FDCWD, new, AT_FDCWD, old, exchangeFlag) == 0 { return }
      if errno != ENOSYS && errno != EINVAL { throw WriteError("\(name): cannot replace (\(reason()))") }
    }
    let aside = "\(new).old"
    guard rename(old, aside) == 0 else { throw WriteError("\(name): cannot replace (\(reason()))") }
    guard rename(new, old) == 0 else {
      let failure = reason()
      rename(aside, old)
      throw WriteError("\(name): cannot replace (\(failure))")
    }
    rename(aside, new)
  }

  static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor >= 0 {
      fsync(descriptor)
      close(descriptor)
    }
  }

  /// The system's reason for the last failure, never empty.
  static func reason() -> String {
    let code = errno
    let text = String(cString: strerror(code))
    return text.isEmpty ? "error \(code)" : text
  }
}
