import Foundation
import Testing

@Suite("Package manifests")
struct PackageManifestTests {
  /// The modules of `names` that the Swift files under `folder` import.
  static func imports(under folder: URL, of names: Set<String>) -> Set<String> {
    var found: Set<String> = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      for line in text.split(separator: "\n") {
        // `import X`, `@testable import X`, `import struct X.Y`: the module is the last word's first part.
        let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
        guard words.first == "import", let last = words.last else { continue }
        let module = String(last.prefix { $0 != "." })
        if names.contains(module) { found.insert(module) }
      }
    }
    return found
  }

  /// Each target's declared dependencies (targets and products, by name) and the modules it imports.
  static func targets(of package: URL) throws -> [(name: String, declared: Set<String>, imported: Set<String>)] {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    // A scratch folder of its own: the package's .build may be locked by the build running these tests.
    let dump = try runExecutable(
      swiftOnPath!, ["package", "--scratch-path", scratch.path, "dump-package"], in: package.path, limit: 300)
    try #require(dump.status == 0, "\(dump.standardError)")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(manifest["targets"] as? [[String: Any]])
    var modules = Set(targets.compactMap { $0["name"] as? String })
    var declaredByTarget: [(String, Set<String>, URL)] = []
    for target in targets {
      let name = try #require(target["name"] as? String)
      let folder =
        (target["path"] as? String) ?? ((target["type"] as? String) == "test" ? "Tests/\(name)" : "Sources/\(name)")
      var declared: Set<String> = []
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        for kind in ["byName", "target", "product"] {
          if let name = (dependency[kind] as? [Any])?.first as? String { declared.insert(name) }
        }
      }
      modules.formUnion(declared)
      declaredByTarget.append((name, declared, package.appendingPathComponent(folder)))
    }
    return declaredByTarget.map { name, declared, folder in
      (name, declared, imports(under: folder, of: modules.subtracting([name])))
    }
  }

  @Test(
    "Each target depends on exactly the modules its sources import (this package and the hosted example)",
    .enabled(if: swiftOnPath != nil, "needs swift on PATH to read the manifests"),
    arguments: ["", "Examples/HostedSuite"])
  func dependenciesAreImports(package: String) throws {
    let folder = package.isEmpty ? repositoryRoot : repositoryRoot.appendingPathComponent(package)
    let targets = try Self.targets(of: folder)
    #expect(targets.count > 2)
    for target in targets {
      #expect(
        target.declared == target.imported,
        "\(target.name): declared \(target.declared.sorted()), imported \(target.imported.sorted())")
    }
  }
}
