import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Exact instructions per group, counted under callgrind in one process per
/// group (see ``Callgrind``), for machines without a usable CPU counter; with
/// `simulatesCaches`, also the misses of the simulated caches of ``CycleModel``.
public struct InstructionCounter {
  /// The executable whose worker mode counts (`arguments(title)` makes it count one group).
  public var executable: String
  public var arguments: (String) -> [String]
  /// Whether callgrind simulates the caches (a few percent more time than counting alone: the suite took 109 s against 102–107 s).
  public var simulatesCaches: Bool

  public init(executable: String, simulatesCaches: Bool = false, arguments: @escaping (String) -> [String]) {
    self.executable = executable
    self.simulatesCaches = simulatesCaches
    self.arguments = arguments
  }

  /// Instructions of one run of each group, by title.
  public func count(_ titles: [String], report: (String) -> Void) throws(ToolFailure) -> [String: Double] {
    try counts(titles, report: report).mapValues(\.instructions)
  }

  /// What callgrind counted of one run of each group, by title.
  public func counts(_ titles: [String], report: (String) -> Void) throws(ToolFailure) -> [String: Callgrind.Counts] {
    let folder = ChildProcess.temporaryPath(suffix: "-cg", in: Self.folder)
    defer { ChildProcess.removeTemporary(folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw ToolFailure("cannot create \(folder.path)", status: .toolError)
    }
    // valgrind 3.19 cannot read the DWARF of Swift 6.3 release binaries: count on a copy without it.
    let copy = folder.appendingPathComponent((executable as NSString).lastPathComponent).path
    guard ChildProcess.run(["objcopy", "--strip-debug", executable, copy]) == 0 else {
      throw ToolFailure(
        "counting under callgrind (--instructions, --cycles) needs objcopy (binutils) to prepare the binary",
        status: .toolError)
    }
    let what = simulatesCaches ? "instructions and cache misses" : "instructions"
    report("counting \(what) under callgrind: \(titles.count) group(s), a process each\n")
    // Note (cc49d40): one process per group, with arguments that depend only on its title: in one
    // process for the suite, a group's count moved with the groups before it (heap addresses)
    // and with the length of the title list (the argument strings sit on the stack), both of
    // which change memcpy's path: adding a group moved regions/query by 1.5%.
    var counts: [String: Callgrind.Counts] = [:]
    for title in titles {
      let directory = folder.appendingPathComponent("group").path
      try? FileManager.default.removeItem(atPath: directory)
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw ToolFailure("cannot create \(directory)", status: .toolError)
      }
      let command = Callgrind.command(
        executable: copy, arguments: arguments(title) + ["--output", directory + "/worker.json"], directory: directory,
        simulatingCaches: simulatesCaches)
      // A fixed, minimal environment: environment strings sit on the stack, and the stack's
      // alignment changes which paths memcpy takes, so a different shell moved counts by ~1%.
      // A fixed working folder too: what the worker allocates depends on its length, and so
      // does the heap's alignment. Note (7338ea6): run in the checkout that recorded the
      // baseline, overlay/flat counted 350 instructions an operation; in /tmp or a clone under a
      // longer path, 338 (CI's clean clone failed the gate by 2-3.5% on five groups).
      let status = ChildProcess.run(
        command, environment: Self.environment, replacingEnvironment: true, directory: Self.directory)
      guard status == 0, let count = Callgrind.readCounts(in: directory)[title],
        !simulatesCaches || count.estimatedCycles != nil
      else {
        throw ToolFailure(
          "callgrind did not count \(title) (status \(status)); is valgrind installed?", status: .toolError)
      }
      counts[title] = count
    }
    return counts
  }

  /// The working folder counting processes run in.
  public static let directory = "/"

  /// Where the counted copy of the executable and its output go: `/tmp`
  /// whatever `TMPDIR` says, where it can be written. Their paths are
  /// arguments, which sit on the stack, so their length moves memcpy's path.
  /// Note (cc5a950): under `TMPDIR=/tmp/` plus 52 characters, split/book
  /// counted 602 instructions an operation and overlay/closed-portrait 350;
  /// under `/tmp`, 614 and 338.
  public static var folder: URL? {
    access("/tmp", W_OK | X_OK) == 0 ? URL(fileURLWithPath: "/tmp", isDirectory: true) : nil
  }

  /// The environment counting processes run in.
  public static let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "SWIFT_DETERMINISTIC_HASHING": "1"]
}
