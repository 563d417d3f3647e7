import BenchmarkRunner
import Foundation

/// The commit a tool was built from, for `--version`. SwiftPM runs nothing at build
/// time without a plugin, so nothing is embedded: the tool asks git, when `--version`
/// is given, about the checkout that holds its sources (the path the compiler saw), if
/// that folder is still one. What git says now is the build's commit only if the
/// checkout has not moved since: a HEAD or branch that changed after the executable
/// was written, or a commit made after it, is said rather than hidden.
public enum BuildCommit {
  /// `commit 1a2b3c4d5e6f`, `commit 1a2b3c4d5e6f with uncommitted changes`, or
  /// `commit unknown: its checkout moved to 1a2b3c4d5e6f after this build`; `nil` where
  /// `source` is not in a git checkout (a copy without `.git`, a folder since removed).
  public static func describe(source: String, executable: String?) -> String? {
    let folder = URL(fileURLWithPath: source).deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      return nil
    }
    func git(_ arguments: [String]) -> String? {
      ChildProcess.output(["git", "-C", folder] + arguments)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard let commit = git(["rev-parse", "--short=12", "--verify", "--quiet", "HEAD"]), !commit.isEmpty else {
      return nil
    }
    if let executable, let built = modified(executable) {
      // When HEAD last changed: the files git rewrites on a checkout or a commit, and the commit's own time.
      var moments = [git(["log", "-1", "--format=%ct", "HEAD"]).flatMap(Double.init)]
      for ref in ["HEAD", git(["rev-parse", "--symbolic-full-name", "HEAD"])].compactMap({ $0 }) where !ref.isEmpty {
        moments.append(git(["rev-parse", "--path-format=absolute", "--git-path", ref]).flatMap(modified))
      }
      // A second of slack: file times and commit times are kept in whole seconds on some systems.
      if moments.contains(where: { ($0 ?? 0) > built + 1 }) {
        return "commit unknown: its checkout moved to \(commit) after this build"
      }
    }
    let changed = git(["status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty } ?? false
    return "commit \(commit)\(changed ? " with uncommitted changes" : "")"
  }

  /// A file's modification time in seconds since 1970, if it exists.
  static func modified(_ path: String) -> Double? {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date)?.timeIntervalSince1970
  }
}
