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
    removeStaleTemporaries(in: folder)
    let (temporary, descriptor) = try createTemporary(beside: target, in: folder)
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
  /// mistyped `--output .` cannot remove anything else. Writers racing to
  /// create the same new folder all succeed: whoever comes second replaces the
  /// first one's output as it would an older one. A folder that holds the
  /// working directory (`--out .` inside a report) keeps its inode, so the
  /// shell standing in it is not left in a removed folder: each file is
  /// written beside its old one first, then all are renamed in.
  public static func writeFolder(_ files: [(name: String, data: Data)], to path: String) throws(WriteError) {
    let target = try resolved(path)
    for _ in 0..<8 {
      var status = stat()
      let exists = lstat(target, &status) == 0
      if exists {
        guard status.st_mode & S_IFMT == S_IFDIR else {
          throw WriteError("\(path): exists and is not a folder", refused: true)
        }
        try checkOnlyOwnFiles(in: target, names: Set(files.map(\.name)), path: path)
        if holdsWorkingDirectory(target) { return try replaceFiles(files, in: target, path: path) }
      }
      let real = exists ? (realPath(target) ?? target) : target
      let parent = folder(of: real)
      try makeFolder(parent)
      removeStaleTemporaries(in: parent)
      let temporary = try createTemporaryFolder(beside: real, in: parent)
      defer { ChildProcess.onRemoved(temporary) }
      var raced = false
      do throws(WriteError) {
        try writeFiles(files, into: temporary, path: path)
        syncFolder(temporary)
        if exists {
          try exchange(temporary, real, name: path)
        } else if rename(temporary, real) != 0 {
          // Another writer made the folder since it was looked at: replace its output instead.
          guard errno == ENOTEMPTY || errno == EEXIST else { throw WriteError("\(path): cannot write (\(reason()))") }
          raced = true
        }
      } catch {
        try? FileManager.default.removeItem(atPath: temporary)
        throw error
      }
      // After a swap the temporary name holds the old folder; after a lost race, this writer's files.
      try? FileManager.default.removeItem(atPath: temporary)
      if raced { continue }
      syncFolder(parent)
      return
    }
    throw WriteError("\(path): cannot write (other writers kept replacing it)")
  }

  /// Refuses a folder that holds anything but regular files of `names`.
  static func checkOnlyOwnFiles(in target: String, names: Set<String>, path: String) throws(WriteError) {
    // A folder that cannot be listed is not known to be a report's; nor is a name of the report
    // that holds a folder or a link (it could hold anything).
    guard let present = try? FileManager.default.contentsOfDirectory(atPath: target) else {
      throw WriteError("\(path): cannot list the folder", refused: true)
    }
    let foreign = present.filter { name in
      var entry = stat()
      if maker(ofTemporary: name) != nil { return false }  // a writer's temporary, its own or a stale one
      return !names.contains(name) || lstat("\(target)/\(name)", &entry) != 0 || entry.st_mode & S_IFMT != S_IFREG
    }.sorted()
    if !foreign.isEmpty {
      let shown = foreign.prefix(3).map { Text.quoted($0) }.joined(separator: ", ")
      throw WriteError(
        "\(path): holds other files (\(shown)\(foreign.count > 3 ? ", …" : "")); name a new or empty folder",
        refused: true)
    }
  }

  static func writeFiles(_ files: [(name: String, data: Data)], into folder: String, path: String) throws(WriteError) {
    for file in files {
      let descriptor = open("\(folder)/\(file.name)", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw WriteError("\(displayed(path, file.name)): cannot write (\(reason()))") }
      defer { close(descriptor) }
      try writeThrough(file.data, descriptor: descriptor, name: displayed(path, file.name))
      if fsync(descriptor) != 0 { throw WriteError("\(displayed(path, file.name)): cannot write (\(reason()))") }
    }
  }

  /// Replaces the files of a folder that must keep its inode: every file is
  /// written to a temporary beside it before any is renamed in, so a failed
  /// write (a full disk) leaves the old files as they were.
  static func replaceFiles(_ files: [(name: String, data: Data)], in target: String, path: String) throws(WriteError) {
    removeStaleTemporaries(in: target)
    var written: [(temporary: String, final: String)] = []
    defer { for entry in written { ChildProcess.onRemoved(entry.temporary) } }
    do throws(WriteError) {
      for file in files {
        let final = "\(target)/\(file.name)"
        let (temporary, descriptor) = try createTemporary(beside: final, in: target)
        written.append((temporary, final))
        defer { close(descriptor) }
        try writeThrough(file.data, descriptor: descriptor, name: displayed(path, file.name))
        if fsync(descriptor) != 0 { throw WriteError("\(displayed(path, file.name)): cannot write (\(reason()))") }
      }
      for entry in written where rename(entry.temporary, entry.final) != 0 {
        throw WriteError("\(path): cannot write (\(reason()))")
      }
    } catch {
      for entry in written { unlink(entry.temporary) }
      throw error
    }
    syncFolder(target)
  }

  /// `path/name` as a message shows it: one slash, whatever `path` ends with.
  public static func displayed(_ path: String, _ name: String) -> String {
    var folder = Substring(path)
    while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
    return folder == "/" ? "/\(name)" : "\(folder)/\(name)"
  }

  static func realPath(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// Whether the working directory is `folder` or lies inside it.
  static func holdsWorkingDirectory(_ folder: String) -> Bool {
    guard let real = realPath(folder), let here = realPath(".") else { return false }
    return here == real || here.hasPrefix(real == "/" ? "/" : real + "/")
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

  /// The descriptor a path stands for: `-` is standard output; any path that
  /// names what standard output or error is (the same device and inode, links
  /// followed: `/dev/stdout`, `//dev/./stdout`, a link to `/proc/self/fd/1`, the
  /// log a shell's `>>` opened) is that stream, so it is appended to, never
  /// replaced; `/dev/fd/N` and `/proc/self/fd/N` name descriptor N.
  public static func standardDescriptor(_ path: String) -> Int32? {
    if path == "-" { return 1 }
    var named = stat()
    if !path.isEmpty && stat(path, &named) == 0 {
      for descriptor: Int32 in [1, 2] {
        var stream = stat()
        if fstat(descriptor, &stream) == 0 && stream.st_dev == named.st_dev && stream.st_ino == named.st_ino {
          return descriptor
        }
      }
    }
    for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
      return Int32(path.dropFirst(prefix.count))
    }
    return nil
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

  /// A new temporary file beside `target`, `.NAME.PID.RANDOM.tmp`, registered
  /// for removal on an interrupt before it exists (so no moment leaves it unregistered).
  static func createTemporary(beside target: String, in folder: String) throws(WriteError) -> (String, Int32) {
    let name = name(of: target)
    for _ in 0..<16 {
      let temporary = "\(folder)/.\(name).\(getpid()).\(randomPart()).tmp"
      ChildProcess.onTemporary(temporary)
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if descriptor >= 0 { return (temporary, descriptor) }
      let failure = errno
      ChildProcess.onRemoved(temporary)
      if failure != EEXIST { throw WriteError("\(target): cannot create a file beside it (\(reason(failure)))") }
    }
    throw WriteError("\(target): cannot create a file beside it (every random name was taken)")
  }

  /// A new temporary folder beside `target`, named and registered as ``createTemporary(beside:in:)``'s files.
  static func createTemporaryFolder(beside target: String, in folder: String) throws(WriteError) -> String {
    let name = name(of: target)
    for _ in 0..<16 {
      let temporary = "\(folder)/.\(name).\(getpid()).\(randomPart()).tmp"
      ChildProcess.onTemporary(temporary)
      if mkdir(temporary, 0o755) == 0 { return temporary }
      let failure = errno
      ChildProcess.onRemoved(temporary)
      if failure != EEXIST { throw WriteError("\(target): cannot create a folder beside it (\(reason(failure)))") }
    }
    throw WriteError("\(target): cannot create a folder beside it (every random name was taken)")
  }

  /// The process that made a temporary of this tool's pattern, `.NAME.PID.RANDOM.tmp`, or `nil`
  /// for any other name.
  static func maker(ofTemporary entry: String) -> pid_t? {
    guard entry.hasPrefix("."), entry.hasSuffix(".tmp") else { return nil }
    let parts = entry.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 3, !parts[parts.count - 3].isEmpty || parts.count > 3 else { return nil }
    let random = parts[parts.count - 1]
    let pid = parts[parts.count - 2]
    guard (1...13).contains(random.count), random.allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLowercase) }),
      (1...10).contains(pid.count), pid.allSatisfy({ $0.isASCII && $0.isNumber }), let value = pid_t(pid), value > 0
    else { return nil }
    return value
  }

  /// Removes the temporaries in `folder` that a process of this user left
  /// when it died mid-write (SIGKILL, a crash): their maker's PID is gone. A
  /// live process's temporaries, and names of any other pattern, stay.
  public static func removeStaleTemporaries(in folder: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries {
      guard let pid = maker(ofTemporary: entry), pid != getpid() else { continue }
      guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
      let path = folder == "/" ? "/\(entry)" : "\(folder)/\(entry)"
      var status = stat()
      guard lstat(path, &status) == 0, status.st_uid == getuid() else { continue }
      switch status.st_mode & S_IFMT {
      case S_IFREG: unlink(path)
      case S_IFDIR: try? FileManager.default.removeItem(atPath: path)
      default: continue
      }
    }
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

  /// The system's reason for the last failure (or for `code`), never empty.
  static func reason(_ code: Int32 = errno) -> String {
    let text = String(cString: strerror(code))
    return text.isEmpty ? "error \(code)" : text
  }
}
