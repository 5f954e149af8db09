import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoScripts
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import NIOCore
import Testing

/// Node.js for the tests: found on `PATH` (Debian's `nodejs`); under CI a missing Node.js fails the tests.
enum TestNode {
    /// The probed runtime, or why there is none.
    static let located = NodeRuntime.locate(explicitPath: nil, searchPath: ProcessInfo.processInfo.environment["PATH"])

    /// Whether the Node.js tests run: always under CI (where a missing Node.js is a failure), else when Node.js is found.
    static let isEnabled = ProcessInfo.processInfo.environment["CI"] != nil || (try? located.get()) != nil

    /// The runtime; fails the test when there is none.
    static func runtime() throws -> NodeRuntime {
        switch located {
        case .success(let runtime): return runtime
        case .failure(let error):
            Issue.record("Node.js is required for the script tests (.ci/run installs Debian's nodejs): \(error)")
            throw error
        }
    }

    /// The stand-in modules folder of the fixtures (`node_modules/ncmb`).
    static let modulesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/modules").path

    /// Runs `body` with a fresh runner and stops its workers afterwards.
    static func withRunner<Result: Sendable>(
        modulesDirectory: String? = nil, _ body: (NodeScriptRunner) async throws -> Result
    ) async throws -> Result {
        try await withRunner(configuration: .init(modulesDirectory: modulesDirectory, maximumWorkers: 4), body)
    }

    /// Runs `body` with a fresh runner set up as `configuration` and stops its workers afterwards.
    static func withRunner<Result: Sendable>(
        configuration: NodeScriptRunner.Configuration, _ body: (NodeScriptRunner) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "kumo.test.scripts")
        logger.logLevel = .critical
        let runner = try NodeScriptRunner(runtime: try runtime(), configuration: configuration, logger: logger)
        do {
            let result = try await body(runner)
            await runner.shutDown()
            return result
        } catch {
            await runner.shutDown()
            throw error
        }
    }
}

extension TestApplication {
    /// Deploys `code` as script `name` of the test application.
    @discardableResult
    func deploy(_ name: String, _ code: String, runPermission: OperationPermission? = nil) async throws -> StoredScript {
        try await storage.scripts.deploy(
            ScriptDeployment(applicationId: application.applicationId, name: name, code: code, runPermission: runPermission),
            maximumCount: 100, now: clock.now())
    }

    /// Runs `body` against this server with the Node.js runner wired in.
    static func withScripts<Result: Sendable>(
        engine: StorageEngine = .sqlite, settings: ApplicationSettings = ApplicationSettings(),
        _ body: (TestApplication, NodeScriptRunner) async throws -> Result
    ) async throws -> Result {
        try await TestNode.withRunner { runner in
            try await TestApplication.with(engine: engine, settings: settings, environment: { $0.scripts = runner }) { app in
                try await body(app, runner)
            }
        }
    }
}

extension TestRequester {
    /// Calls a script the way NCMB's SDKs do: signed with the script host, `Accept: text/plain`, a JSON content type.
    func script(
        _ method: HTTPRequest.Method, _ name: String, query: String? = nil, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> TestResponse {
        var headers = headers
        headers["Accept"] = "text/plain"
        let target = "/2015-09-01/script/\(name)" + (query.map { "?" + $0 } ?? "")
        return try await send(method, target, body: body, headers: headers, host: "script.mbaas.api.nifcloud.com")
    }
}
