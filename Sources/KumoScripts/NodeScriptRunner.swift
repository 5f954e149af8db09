import Foundation
import KumoMemberwise
package import KumoSeams
import KumoStorage
package import Logging
import NCMBWire

/// Runs NCMB scripts on a pool of warm Node.js workers (docs/decisions/0049-scripts-on-node-workers.md): the
/// ``ScriptRunner`` that `kumo serve` wires when Node.js is found.
package final class NodeScriptRunner: ScriptRunner {
    /// How the runner is set up; `kumo serve` fills it from its flags.
    @PackageMemberwiseInit
    package struct Configuration: Sendable {
        /// The folder `require` resolves modules from (`--scripts-modules`; its `node_modules` holds `ncmb`), or `nil`.
        package var modulesDirectory: String?
        /// The most worker processes at once, over all applications. Defaults to 8.
        package var maximumWorkers: Int = 8
        /// Each worker's V8 heap limit in MiB (`--max-old-space-size`). Defaults to 128.
        package var heapMegabytes: Int = 128
        /// Each worker's data limit in MiB (`RLIMIT_DATA`: the heap, `Buffer`s and every other private writable mapping);
        /// a worker that reaches it dies and is replaced. Defaults to 384.
        package var memoryMegabytes: Int = 384
        /// How much console output one call keeps, in bytes. Defaults to 16 384.
        package var consoleBytes: Int = 16_384
        /// Address ranges scripts may connect to besides public addresses and this Kumo (`--scripts-allow-network`).
        package var allowedNetworks: [AddressRange] = []
        /// How strongly the operating system confines workers (`--scripts-isolation`). Defaults to the strongest.
        package var isolation: ScriptSandbox.Preference = .automatic
        /// How many connections of scripts may be open at once through the egress relay. Defaults to 256.
        package var maximumConnections: Int = 256
    }

    /// Where `require('ncmb')` clients send their requests: this Kumo.
    @PackageMemberwiseInit
    package struct Endpoint: Sendable, Hashable {
        /// The host name or address.
        package var host: String
        /// The TCP port.
        package var port: Int
        /// `http` or `https`.
        package var scheme: String = "http"
    }

    package let availability: ScriptAvailability
    /// The Node.js the workers run on.
    package let runtime: NodeRuntime
    /// How the operating system confines the workers.
    package let sandbox: ScriptSandbox
    private let configuration: Configuration
    private let pool: ScriptWorkerPool
    private let directory: URL
    private let endpointBox = EndpointBox()
    private let relay: RelayStarter

    /// Prepares the runner: probes the sandbox, writes the worker harness to a fresh runtime directory (with the
    /// applications' scratch folders and the egress relay's socket). No worker starts until the first call, or
    /// ``warmUp(applicationId:)``.
    ///
    /// - Throws: when the runtime directory cannot be written.
    package init(runtime: NodeRuntime, configuration: Configuration = Configuration(), logger: Logger) throws {
        // A worker that died leaves a broken pipe: writing to it must fail the write, not stop Kumo.
        signal(SIGPIPE, SIG_IGN)
        let sandbox = ScriptSandbox.probe(
            node: runtime.executable, memoryMegabytes: configuration.memoryMegabytes, preference: configuration.isolation,
            searchPath: ProcessInfo.processInfo.environment["PATH"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o711])
        let harness = directory.appendingPathComponent("harness")
        try ScriptHarness.write(to: harness)
        let emptyModules = directory.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: emptyModules, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let folders = try ScriptApplicationFolders(root: directory.appendingPathComponent("scratch"), separatesUsers: sandbox.separatesUsers)
        let modules = configuration.modulesDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? emptyModules.path
        let endpointBox = endpointBox
        let relay = RelayStarter(
            path: directory.appendingPathComponent("egress.sock").path, tunnels: directory.appendingPathComponent("tunnels").path, policy: ScriptEgressPolicy(opened: configuration.allowedNetworks),
            endpoints: { endpointBox.value?.addresses ?? [] }, maximumTunnels: configuration.maximumConnections, logger: logger)
        self.runtime = runtime
        self.sandbox = sandbox
        self.configuration = configuration
        self.directory = directory
        self.relay = relay
        self.availability = .available(description: runtime.description)
        self.pool = ScriptWorkerPool(maximumWorkers: configuration.maximumWorkers, logger: logger) { applicationId in
            let relayPath = try await relay.path()
            let folder = try folders.folder(for: applicationId)
            let node =
                runtime.isolationArguments(readable: [harness.path, modules], scratch: folder.path, heapMegabytes: configuration.heapMegabytes)
                + [harness.appendingPathComponent(ScriptHarness.entryPoint).path, "serve", modules, folder.path, relayPath]
            let (executable, arguments) = sandbox.command(node: runtime.executable, arguments: node, user: folder.user)
            let worker = try ScriptWorker(
                applicationId: applicationId, executable: executable, arguments: arguments,
                environment: ["TZ": "UTC", "LANG": "C.UTF-8", "HOME": folder.path], logger: logger)
            sandbox.confine(processIdentifier: worker.processIdentifier)
            guard await worker.waitUntilReady() else {
                throw ScriptRunnerError.unavailable(reason: "a script worker did not start: \(worker.isAlive ? "" : "it exited")")
            }
            return worker
        }
    }

    /// What confines the workers, for the banner and the start log: Node.js's permission model, the operating system's
    /// layers and the network policy.
    package var isolationDescription: String {
        let opened = configuration.allowedNetworks.map(\.description).joined(separator: ", ")
        let network = "egress through Kumo, private addresses closed" + (opened.isEmpty ? "" : " but \(opened)")
        return "\(sandbox.description); \(network)"
    }

    /// Sets where `require('ncmb')` clients connect; `kumo serve` calls it once the server listens.
    package func setEndpoint(_ endpoint: Endpoint) {
        let addresses = ScriptEgressRelay.endpoints(host: endpoint.host, port: endpoint.port)
        endpointBox.set(endpoint, addresses: addresses)
    }

    /// Starts one idle worker for an application ahead of its first call.
    package func warmUp(applicationId: String) async {
        await pool.replenish(applicationId: applicationId)
    }

    /// Stops every worker and the egress relay, and removes the runtime directory.
    package func shutDown() async {
        await pool.shutDown()
        await relay.stop()
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
        return ScriptReplyDecoding.outcome(
            of: reply, timeoutMilliseconds: settings.timeoutMilliseconds, memoryMegabytes: configuration.memoryMegabytes)
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
        if let endpoint = endpointBox.value?.endpoint {
            frame["ncmb"] = ["host": .string(endpoint.host), "port": .integer(Int64(endpoint.port)), "protocol": .string(endpoint.scheme + ":")]
        }
        return frame
    }

    /// The endpoint and its addresses, set once the server listens and read by every call and connection.
    private final class EndpointBox: @unchecked Sendable {
        // @unchecked: `stored` is only touched under `lock`.
        private let lock = NSLock()
        private var stored: (endpoint: Endpoint, addresses: [ScriptEgressPolicy.Endpoint])?

        func set(_ endpoint: Endpoint, addresses: [ScriptEgressPolicy.Endpoint]) { lock.withLock { stored = (endpoint, addresses) } }
        var value: (endpoint: Endpoint, addresses: [ScriptEgressPolicy.Endpoint])? { lock.withLock { stored } }
    }

    /// Starts the egress relay at the first worker's start (binding is asynchronous; the runner is made synchronously).
    private actor RelayStarter {
        private let start: @Sendable () async throws -> ScriptEgressRelay
        private var relay: ScriptEgressRelay?
        private var isStopped = false

        init(
            path: String, tunnels: String, policy: ScriptEgressPolicy, endpoints: @escaping @Sendable () -> [ScriptEgressPolicy.Endpoint],
            maximumTunnels: Int, logger: Logger
        ) {
            start = {
                try await ScriptEgressRelay.start(
                    path: path, tunnels: tunnels, policy: policy, endpoints: endpoints, maximumTunnels: maximumTunnels, logger: logger)
            }
        }

        /// The relay's socket path, once it listens.
        func path() async throws -> String {
            if let relay { return relay.path }
            guard !isStopped else { throw ScriptRunnerError.unavailable(reason: "the script runtime is stopping") }
            let started = try await start()
            if let relay {
                await started.stop()
                return relay.path
            }
            relay = started
            return started.path
        }

        func stop() async {
            isStopped = true
            await relay?.stop()
            relay = nil
        }
    }
}
