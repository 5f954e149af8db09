import Foundation
import KumoScripts
import Testing

/// The worker harness's JavaScript (`Sources/KumoScripts/Harness`): every file is embedded, and every embedded file
/// compiles (`node --check`).
struct ScriptHarnessTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/KumoScripts/Harness")

    @Test func theEmbeddedFilesAreExactlyTheHarnessFolder() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: ScriptHarnessTests.folder.path).sorted()
        #expect(onDisk == ScriptHarness.files.map(\.name).sorted())
        #expect(ScriptHarness.files.contains { $0.name == ScriptHarness.entryPoint })
        for file in ScriptHarness.files {
            let source = try Data(contentsOf: ScriptHarnessTests.folder.appendingPathComponent(file.name))
            #expect(Array(source) == file.bytes, "\(file.name) differs from its embedded copy")
        }
    }

    @Test(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
    func everyHarnessFileCompiles() throws {
        let runtime = try TestNode.runtime()
        for file in ScriptHarness.files {
            let message = try ScriptSyntaxCheck.check(String(decoding: file.bytes, as: UTF8.self), name: file.name, runtime: runtime)
            #expect(message == nil, "\(file.name): \(message ?? "")")
        }
    }
}
