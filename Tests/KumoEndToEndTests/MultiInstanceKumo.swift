import AsyncHTTPClient
import Foundation
import KumoSeams
import NCMBWire
import NIOCore
import NIOHTTP1

/// A `kumo serve` child process on a PostgreSQL database given by URL, for the multi-instance tests.
final class MultiInstanceKumo: @unchecked Sendable {
    // @unchecked: `process` and `port` are set once in `start` before the value is shared, then only read.
    static let applicationKey = "multiinstanceapplicationkey"
    static let clientKey = "multiinstanceclientkey"

    let databaseURL: String
    let extraArguments: [String]
    private(set) var port = 0
    private var process: ChildProcess?
    private let dataDirectory: URL

    init(databaseURL: String, extraArguments: [String] = []) {
        self.databaseURL = databaseURL
        self.extraArguments = extraArguments
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-multi-\(UUID().uuidString)")
    }

    /// Runs `kumo apps create` with the test keys against the database (which migrates it).
    static func createApplication(databaseURL: String) throws {
        try run([
            "apps", "create", "--name", "multi", "--application-key", applicationKey, "--client-key", clientKey, "--database", databaseURL,
        ])
    }

    /// Lets clients register pushes (`kumo apps settings --client-push on`,
    /// docs/decisions/0061-push-from-clients-off-by-default.md).
    static func allowClientPush(databaseURL: String) throws {
        try run(["apps", "settings", "--client-push", "on", "--database", databaseURL])
    }

    /// Runs one `kumo` command to its end; throws when it fails.
    static func run(_ arguments: [String]) throws {
        let process = ChildProcess()
        process.executableURL = KumoProcess.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw KumoProcessError.commandFailed(process.arguments ?? [], process.terminationStatus)
        }
    }

    /// Starts `kumo serve --port 0 --database URL` and waits until it prints its port.
    func start() throws {
        let process = ChildProcess()
        process.executableURL = KumoProcess.executable
        process.arguments =
            ["serve", "--port", "0", "--database", databaseURL, "--data-dir", dataDirectory.path, "--log-level", "error"] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var collected = ""
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected += String(decoding: chunk, as: UTF8.self)
            if let range = collected.range(of: #"listening on http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
                let portText = collected[range].split(separator: ":").last?.dropLast(), let port = Int(portText)
            {
                self.port = port
                PipeReader.discard(output.fileHandleForReading, name: "kumo.test-output")
                return
            }
        }
        process.terminate()
        throw KumoProcessError.didNotStart(collected)
    }

    /// Sends SIGTERM and waits for the exit; removes the (unused) data directory.
    @discardableResult
    func stop() -> Int32 {
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        guard let process else { return 0 }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
        return process.terminationStatus
    }

    /// Sends one signed request over real HTTP, with the session token when one is given.
    func send(
        _ method: HTTPMethod, _ path: String, query: String? = nil, body: String? = nil, sessionToken: String? = nil
    ) async throws -> (status: Int, body: String) {
        let timestamp = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)).formatted
        let signature = RequestSignature.signature(
            method: method.rawValue, host: "127.0.0.1", path: path, rawQuery: query, applicationKey: Self.applicationKey,
            clientKey: Self.clientKey, timestamp: timestamp)
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)\(query.map { "?" + $0 } ?? "")")
        request.method = method
        request.headers.add(name: NCMBHeaderName.applicationKey, value: Self.applicationKey)
        request.headers.add(name: NCMBHeaderName.timestamp, value: timestamp)
        request.headers.add(name: NCMBHeaderName.signature, value: signature)
        request.headers.add(name: "Content-Type", value: "application/json")
        if let sessionToken { request.headers.add(name: NCMBHeaderName.sessionToken, value: sessionToken) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return (Int(response.status.code), String(buffer: bytes))
    }

    /// `GET /ready`: 200 once storage answers.
    func readiness() async throws -> Int {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/ready"), timeout: .seconds(30))
        return Int(response.status.code)
    }
}
