import Foundation
import KumoSeams
import Testing

/// The web app's JavaScript, checked by Node.js (docs/decisions/0111-dashboard-javascript-tested-with-node.md): every
/// module parses (`node --check`), and the pure modules' tests in `JavaScript/` pass (`node --test`). Both need
/// Node.js, which CI installs (`.ci/run`); elsewhere they run when `node` is on the `PATH`.
@Suite(.enabled(if: NodeForScripts.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct DashboardScriptTests {
    // MARK: Tests

    @Test func everyModuleOfTheWebAppParses() async throws {
        let modules = try RepositoryFiles.names(in: RepositoryFiles.assets).filter { $0.hasSuffix(".js") }

        for module in modules {
            // Sources/KumoDashboard/package.json makes Node read Assets/ as ES modules, so `--check` parses them as such.
            let (status, output) = try await NodeForScripts.run(["--check", RepositoryFiles.assets.appendingPathComponent(module).path])

            #expect(status == 0, "\(module): \(output)")
        }
        #expect(modules.count > 50)
    }

    @Test func theTestsOfThePureModulesPass() async throws {
        let tests = try RepositoryFiles.names(in: RepositoryFiles.javaScriptTests).filter { $0.hasSuffix(".test.js") }

        let (status, output) = try await NodeForScripts.run(
            ["--test"] + tests.map { RepositoryFiles.javaScriptTests.appendingPathComponent($0).path })

        #expect(!tests.isEmpty)
        #expect(status == 0, "\(output)")
        #expect(output.contains("# fail 0"), "\(output)")
    }
}

/// Node.js for the web app's checks and tests.
enum NodeForScripts {
    /// `node` on the `PATH`, or `nil`.
    static let node: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").lazy
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("node") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Always under CI (where a missing Node.js is a failure), else when Node.js is found.
    static let isEnabled = ProcessInfo.processInfo.environment["CI"] != nil || node != nil

    /// How long one run of Node.js may take before it is stopped and the test fails.
    static let deadline = Duration.seconds(120)

    /// Runs `node` with `arguments`; its exit status and what it wrote (standard output and error).
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let node = try #require(Self.node, "Node.js is required for the dashboard's JavaScript tests (.ci/run installs Debian's nodejs)")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-node-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = ChildProcess()
        process.executableURL = node
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        let ended = AsyncStream<Void> { continuation in
            process.terminationHandler = { _ in continuation.finish() }
        }
        try process.run()
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in ended {}
                return true
            }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return false
            }
            let first = await group.next() ?? false
            if !first { process.terminate() }
            group.cancelAll()
            return first
        }
        #expect(finished, "node \(arguments.joined(separator: " ")) ran past \(deadline) and was stopped")
        return (process.terminationStatus, (try? RepositoryFiles.text(log)) ?? "")
    }
}
