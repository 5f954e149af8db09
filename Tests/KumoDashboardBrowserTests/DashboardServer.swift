import AsyncHTTPClient
import Foundation
import KumoSeams
import KumoTestSupport
import NCMBWire
import NIOCore
import NIOHTTP1

/// A real `kumo serve` with its dashboard on 127.0.0.1 (ephemeral port), an application with known keys and one
/// administrator, for the browser tests.
final class DashboardServer: @unchecked Sendable {
    // @unchecked: `process` and `port` are set once in `start` before the value is shared, then only read.
    let dataDirectory: URL
    let applicationName = "e2e"
    let applicationKey = "browserapplicationkey"
    let clientKey = "browserclientkey"
    let adminEmail = "admin@example.com"
    let adminPassword = "correct horse battery staple"
    private(set) var port = 0
    private var process: ChildProcess?

    /// `http://127.0.0.1:PORT`.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// The `kumo` executable built beside the test bundle (or `KUMO_EXECUTABLE`).
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["KUMO_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("kumo")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kumo")
    }

    /// Prepares a data directory with the application and the administrator, runs the `setup` commands (each given
    /// `--data-dir`, e.g. `["apps", "push", …]`), then starts `kumo serve` with `serveArguments` added.
    static func started(setup: [[String]] = [], serveArguments: [String] = []) async throws -> DashboardServer {
        let server = try DashboardServer()
        try await offTheCooperativePool {
            try server.run([
                "apps", "create", "--name", server.applicationName, "--application-key", server.applicationKey,
                "--client-key", server.clientKey, "--data-dir", server.dataDirectory.path,
            ])
            try server.run([
                "admins", "create", "--email", server.adminEmail, "--password", server.adminPassword,
                "--password-hash-cost", "4", "--data-dir", server.dataDirectory.path,
            ])
            for arguments in setup { try server.run(arguments + ["--data-dir", server.dataDirectory.path]) }
            try server.startBlocking(extraArguments: serveArguments)
        }
        return server
    }

    private init() throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-dashboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    }

    /// Runs `kumo` with arguments to completion; returns its standard output.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let process = ChildProcess()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = Self.environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DashboardServerError.commandFailed(arguments, process.terminationStatus, errorText)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The environment of every `kumo` child: this process's, with the lowest bcrypt cost so that tests stay fast.
    private static var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["KUMO_DASHBOARD_PASSWORD_HASH_COST": "4"]) { _, new in new }
    }

    private func startBlocking(extraArguments: [String]) throws {
        let process = ChildProcess()
        process.executableURL = Self.executable
        process.arguments = ["serve", "--port", "0", "--data-dir", dataDirectory.path, "--log-level", "error"] + extraArguments
        process.environment = Self.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var collected = ""
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected += String(decoding: chunk, as: UTF8.self)
            // The first heartbeat row is written too, so the Overview lists this instance at once.
            if collected.contains("Heartbeat: instance "),
                let range = collected.range(of: #"listening on https?://127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
                let port = Int(collected[range].split(separator: ":").last?.dropLast() ?? "")
            {
                self.port = port
                // Keep draining standard output so that the server never blocks on a full pipe.
                output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
                return
            }
        }
        process.terminate()
        process.waitUntilExit()
        throw DashboardServerError.didNotStart(collected)
    }

    /// Stops the server (SIGTERM, then waits) and removes its data.
    func stop() {
        if let process {
            process.terminate()
            process.waitUntilExit()
        }
        process = nil
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Sends one signed NCMB request over real HTTP, as an app would: ACLs and class permissions apply, for the
    /// user of `sessionToken` when given. `query` is the raw query (percent-encoded, without `?`); `keys` signs with
    /// another application's keys.
    func rest(
        _ method: HTTPMethod, _ path: String, query: String? = nil, body: String? = nil, sessionToken: String? = nil,
        keys: (applicationKey: String, clientKey: String)? = nil
    ) async throws -> (status: Int, json: JSONValue?) {
        let (applicationKey, clientKey) = keys ?? (applicationKey, clientKey)
        let timestamp = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)).formatted
        let signature = RequestSignature.signature(
            method: method.rawValue, host: "127.0.0.1", path: path, rawQuery: query, applicationKey: applicationKey,
            clientKey: clientKey, timestamp: timestamp)
        var request = HTTPClientRequest(url: origin + path + (query.map { "?" + $0 } ?? ""))
        request.method = method
        request.headers.add(name: NCMBHeaderName.applicationKey, value: applicationKey)
        request.headers.add(name: NCMBHeaderName.timestamp, value: timestamp)
        request.headers.add(name: NCMBHeaderName.signature, value: signature)
        if let sessionToken { request.headers.add(name: NCMBHeaderName.sessionToken, value: sessionToken) }
        request.headers.add(name: "Content-Type", value: "application/json")
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 16 * 1024 * 1024))
        return (Int(response.status.code), text.isEmpty ? nil : try JSONValue(parsing: text))
    }

    /// Sends a request to the dashboard with the given cookies and headers, as another site or a script would.
    func dashboard(
        _ method: HTTPMethod, _ path: String, cookies: [String: String], headers: [String: String] = [:], body: String? = nil
    ) async throws -> (status: Int, body: String, headers: HTTPHeaders) {
        var request = HTTPClientRequest(url: origin + path)
        request.method = method
        if !cookies.isEmpty {
            request.headers.add(name: "Cookie", value: cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; "))
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 16 * 1024 * 1024))
        return (Int(response.status.code), text, response.headers)
    }
}

enum DashboardServerError: Error {
    case commandFailed([String], Int32, String)
    case didNotStart(String)
}
