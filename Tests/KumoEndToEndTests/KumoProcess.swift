import AsyncHTTPClient
import Foundation
import KumoSeams
import KumoTestSupport
import NCMBWire
import NIOCore
import NIOHTTP1

/// A real `kumo serve` child process on 127.0.0.1 with an ephemeral port, for tier-3 tests
/// (docs/architecture.md#tests).
final class KumoProcess: @unchecked Sendable {
    // @unchecked: `process` and `port` are set once in `start` before the value is shared, then only read.
    let dataDirectory: URL
    let applicationKey = "e2eapplicationkey"
    let clientKey = "e2eclientkey"
    private(set) var port = 0
    private var process: ChildProcess?

    /// The running server's process id (for signals), or `nil` when it is not running.
    var processIdentifier: Int32? { process?.processIdentifier }

    /// The `kumo` executable built beside the test bundle (or `KUMO_EXECUTABLE`).
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["KUMO_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("kumo")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("kumo")
    }

    init(dataDirectory: URL? = nil) throws {
        self.dataDirectory =
            dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("kumo-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.dataDirectory, withIntermediateDirectories: true)
    }

    /// Runs `kumo` with arguments to completion and returns its standard output.
    ///
    /// - Parameter environment: variables added to this process's environment.
    @discardableResult
    func runCommand(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let process = ChildProcess()
        process.executableURL = Self.executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw KumoProcessError.commandFailed(arguments, process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `executable ARGUMENTS` (`kumo` by default) to completion off the cooperative pool, with `environment` added to
    /// this process's; returns its status and both outputs. A command still running after a minute is terminated.
    static func runToExit(
        _ arguments: [String], executable: URL = KumoProcess.executable, environment: [String: String] = [:]
    ) async throws -> (status: Int32, output: String, error: String) {
        try await offTheCooperativePool {
            let process = ChildProcess()
            process.executableURL = executable
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            // A server that starts after all would never end: it is stopped after a minute, and the test fails on it.
            let stopper = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: stopper)
            defer { stopper.cancel() }
            let errorData = error.fileHandleForReading.readDataToEndOfFile()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
        }
    }

    /// Creates the test application with known keys (once per data directory).
    func createApplication() throws {
        try runCommand([
            "apps", "create", "--name", "e2e", "--application-key", applicationKey, "--client-key", clientKey,
            "--data-dir", dataDirectory.path,
        ])
    }

    /// Lets clients register pushes (`kumo apps settings --client-push on`,
    /// docs/decisions/0061-push-from-clients-off-by-default.md).
    func allowClientPush() throws {
        try runCommand(["apps", "settings", "--client-push", "on", "--data-dir", dataDirectory.path])
    }

    /// Starts `kumo serve --port 0` and waits until it prints the port it listens on; returns what it printed so far.
    ///
    /// - Parameters:
    ///   - extraArguments: more `kumo serve` options.
    ///   - environment: variables added to this process's environment.
    ///   - logLevel: `--log-level`.
    ///   - standardError: where the server's log goes (discarded by default).
    ///   - alsoAwaiting: a pattern (regular expression) of standard output to wait for besides the listening line.
    ///   - port: the port to listen on; 0 (the default) for a free one, or the previous run's to restart in its place.
    @discardableResult
    func start(
        extraArguments: [String] = [], environment: [String: String] = [:], logLevel: String = "error",
        standardError: FileHandle = FileHandle.nullDevice, alsoAwaiting: String? = nil, port: Int = 0
    ) throws -> String {
        let process = ChildProcess()
        process.executableURL = Self.executable
        process.arguments =
            ["serve", "--port", String(port), "--data-dir", dataDirectory.path, "--log-level", logLevel] + extraArguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = standardError
        try process.run()
        self.process = process
        var collected = ""
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected += String(decoding: chunk, as: UTF8.self)
            if let alsoAwaiting, collected.range(of: alsoAwaiting, options: .regularExpression) == nil { continue }
            if let range = collected.range(of: #"listening on https?://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) {
                let match = collected[range]
                if let portText = match.split(separator: ":").last?.dropLast(), let port = Int(portText) {
                    self.port = port
                    // Keep draining stdout so the child never blocks on a full pipe.
                    PipeReader.discard(output.fileHandleForReading, name: "kumo.test-output")
                    return collected
                }
            }
        }
        process.terminate()
        throw KumoProcessError.didNotStart(collected)
    }

    /// Sends SIGKILL: no shutdown code runs, as in a power cut of the process.
    func kill() {
        guard let process else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Sends SIGTERM and waits for a graceful exit; returns the exit status.
    @discardableResult
    func stop() -> Int32 {
        guard let process else { return 0 }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
        return process.terminationStatus
    }

    func removeData() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Sends one signed request over real HTTP.
    ///
    /// - Parameter timestamp: `X-NCMB-Timestamp` (default: now).
    func send(
        _ method: HTTPMethod, _ path: String, query: String? = nil, body: String? = nil, timestamp: String? = nil,
        client: HTTPClient = .shared
    ) async throws -> (status: Int, body: String) {
        let timestamp = timestamp ?? WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)).formatted
        let signature = RequestSignature.signature(
            method: method.rawValue, host: "127.0.0.1", path: path, rawQuery: query, applicationKey: applicationKey,
            clientKey: clientKey, timestamp: timestamp)
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)\(query.map { "?" + $0 } ?? "")")
        request.method = method
        request.headers.add(name: NCMBHeaderName.applicationKey, value: applicationKey)
        request.headers.add(name: NCMBHeaderName.timestamp, value: timestamp)
        request.headers.add(name: NCMBHeaderName.signature, value: signature)
        request.headers.add(name: "Content-Type", value: "application/json")
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return (Int(response.status.code), String(buffer: bytes))
    }
}

enum KumoProcessError: Error {
    case commandFailed([String], Int32)
    case didNotStart(String)
}
