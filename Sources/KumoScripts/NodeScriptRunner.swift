import Foundation
package import KumoSeams
import KumoStorage
package import Logging
import NCMBWire

/// Runs NCMB scripts on a pool of warm Node.js workers (docs/decisions/0049-scripts-on-node-workers.md): the
/// ``ScriptRunner`` that `kumo serve` wires when Node.js is found.
package final class NodeScriptRunner: ScriptRunner {
    /// How the runner is set up; `kumo serve` fills it from its flags.
    package struct Configuration: Sendable {
        /// The folder `require` resolves modules from (`--scripts-modules`; its `node_modules` holds `ncmb`), or `nil`.
        package var modulesDirectory: String?
        /// The most worker processes at once, over all applications. Defaults to 8.
        package var maximumWorkers: Int
        /// Each worker's V8 heap limit in MiB (`--max-old-space-size`). Defaults to 128.
        package var heapMegabytes: Int
        /// How much console output one call keeps, in bytes. Defaults to 16 384.
        package var consoleBytes: Int

        /// Creates a configuration.
        package init(modulesDirectory: String? = nil, maximumWorkers: Int = 8, heapMegabytes: Int = 128, consoleBytes: Int = 16_384) {
            self.modulesDirectory = modulesDirectory
            self.maximumWorkers = maximumWorkers
            self.heapMegabytes = heapMegabytes
            self.consoleBytes = consoleBytes
        }
    }

    /// Where `require('ncmb')` clients send their requests: this Kumo.
    package struct Endpoint: Sendable, Hashable {
        /// The host name or address.
        package var host: String
        /// The TCP port.
        package var port: Int
        /// `http` or `https`.
        package var scheme: String

        /// Creates an endpoint.
        package init(host: String, port: Int, scheme: String = "http") {
            self.host = host
            self.port = port
            self.scheme = scheme
        }
    }

    package let availability: ScriptAvailability
    /// The Node.js the workers run on.
    package let runtime: NodeRuntime
    private let configuration: Configuration
    private let pool: ScriptWorkerPool
    private let directory: URL
    private let endpointBox = EndpointBox()

    /// Prepares the runner: writes the worker harness to a fresh runtime directory (with the workers' scratch folder).
    /// No worker starts until the first call, or ``warmUp(applicationId:)``.
    ///
    /// - Throws: when the runtime directory cannot be written.
    package init(runtime: NodeRuntime, configuration: Configuration = Configuration(), logger: Logger) throws {
        // A worker that died leaves a broken pipe: writing to it must fail the write, not stop Kumo.
        signal(SIGPIPE, SIG_IGN)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-scripts-\(UUID().uuidString)")
        let scratch = directory.appendingPathComponent("scratch")
        let emptyModules = directory.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: emptyModules, withIntermediateDirectories: true)
        let harness = directory.appendingPathComponent("harness.js")
        try Data(ScriptHarness.source.utf8).write(to: harness)
        let modules = configuration.modulesDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? emptyModules.path
        let arguments =
            runtime.isolationArguments(readable: [harness.path, modules], scratch: scratch.path, heapMegabytes: configuration.heapMegabytes)
            + [harness.path, "serve", modules, scratch.path]
        let environment = ["TZ": "UTC", "LANG": "C.UTF-8", "HOME": scratch.path]
        self.runtime = runtime
        self.configuration = configuration
        self.directory = directory
        self.availability = .available(description: runtime.description)
        self.pool = ScriptWorkerPool(maximumWorkers: configuration.maximumWorkers, logger: logger) { applicationId in
            let worker = try ScriptWorker(
                applicationId: applicationId, executable: runtime.executable, arguments: arguments, environment: environment,
                logger: logger)
            guard await worker.waitUntilReady() else {
                throw ScriptRunnerError.unavailable(reason: "a script worker did not start: \(worker.isAlive ? "" : "it exited")")
            }
            return worker
        }
    }

    /// Sets where `require('ncmb')` clients connect; `kumo serve` calls it once the server listens.
    package func setEndpoint(_ endpoint: Endpoint) {
        endpointBox.set(endpoint)
    }

    /// Starts one idle worker for an application ahead of its first call.
    package func warmUp(applicationId: String) async {
        await pool.replenish(applicationId: applicationId)
    }

    /// Stops every worker and removes the runtime directory.
    package func shutDown() async {
        await pool.shutDown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Returns once the application runs at least one call (tests synchronise on it instead of sleeping).
    package func waitUntilRunning(applicationId: String) async {
        await pool.waitUntilRunning(applicationId: applicationId)
    }

    /// How many worker processes exist.
    package var workerCount: Int {
        get async { await pool.count }
    }

    package func run(_ invocation: ScriptInvocation) async throws -> ScriptOutcome {
        let applicationId = invocation.script.applicationId
        let settings = invocation.settings
        do {
            try await pool.enter(
                applicationId: applicationId, concurrency: settings.maximumConcurrentExecutions, queue: settings.maximumQueuedExecutions)
        } catch ScriptWorkerPool.Refusal.tooBusy {
            throw ScriptRunnerError.tooBusy
        } catch {
            throw ScriptRunnerError.unavailable(reason: "the script runtime is stopping")
        }
        let worker: ScriptWorker
        do {
            worker = try await pool.checkOut(applicationId: applicationId)
        } catch {
            await pool.leave(applicationId: applicationId)
            throw (error as? ScriptRunnerError) ?? ScriptRunnerError.unavailable(reason: "a script worker did not start: \(error)")
        }
        let reply = await worker.run(
            frame(for: invocation), script: (invocation.script.name, invocation.script.versionHash, invocation.script.code),
            timeout: .milliseconds(settings.timeoutMilliseconds))
        await pool.checkIn(worker)
        await pool.leave(applicationId: applicationId)
        return ScriptReplyDecoding.outcome(of: reply, timeoutMilliseconds: settings.timeoutMilliseconds)
    }

    /// The `run` frame of a call, without its id and script (the worker adds them).
    private func frame(for invocation: ScriptInvocation) -> JSONObject {
        var request: JSONObject = [
            "method": .string(invocation.method), "url": .string(invocation.url),
            "headers": .array(invocation.headers.map { .array([.string($0.name), .string($0.value)]) }),
            "query": .array(invocation.query.map { .array([.string($0.name), .string($0.value)]) }),
        ]
        if let body = invocation.body { request["body"] = .object(body) }
        var frame: JSONObject = [
            "type": "run", "request": .object(request),
            "limits": [
                "responseBytes": .integer(Int64(invocation.settings.maximumResponseSize)),
                "consoleBytes": .integer(Int64(configuration.consoleBytes)),
            ],
        ]
        if let endpoint = endpointBox.value {
            frame["ncmb"] = ["host": .string(endpoint.host), "port": .integer(Int64(endpoint.port)), "protocol": .string(endpoint.scheme + ":")]
        }
        return frame
    }

    /// The endpoint, set once the server listens and read by every call.
    private final class EndpointBox: @unchecked Sendable {
        // @unchecked: `endpoint` is only touched under `lock`.
        private let lock = NSLock()
        private var endpoint: Endpoint?

        func set(_ value: Endpoint) { lock.withLock { endpoint = value } }
        var value: Endpoint? { lock.withLock { endpoint } }
    }
}
