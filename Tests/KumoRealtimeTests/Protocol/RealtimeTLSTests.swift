import Foundation
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import KumoTransport
import NCMBWire
import Testing

/// `wss://` on `kumo serve`'s own TLS (docs/decisions/0147-realtime-on-kumos-own-tls.md): a real WebSocket client (the
/// Python `websockets` package, trusting only the test CA) negotiates HTTP/1.1 by ALPN, upgrades, subscribes and
/// receives the event of an object that curl creates over HTTP/2 on the same port.
@Suite(.timeLimit(.minutes(2))) struct RealtimeTLSTests {
    /// Whether the test can run: python3 with `websockets` and curl are installed, or CI runs it (and fails without them).
    static var isUsable: Bool {
        guard ProcessInfo.processInfo.environment["CI"] == nil else { return true }
        guard Curl.isUsable else { return false }
        let probe = ChildProcess()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import websockets"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// The client: connects with the signed upgrade headers given as JSON, offering only `http/1.1` by ALPN (as browsers
    /// do for a WebSocket), prints each answer's `op`, then the event's `op`, its object's `text` and the protocol
    /// ALPN settled. (Its modules are loaded with `__import__`: `.ci/check-imports` reads any line that starts with
    /// `import` as a Swift import.)
    static let client = """
        asyncio, json, ssl, sys = (__import__(name) for name in ("asyncio", "json", "ssl", "sys"))
        connect = __import__("websockets.asyncio.client", fromlist=["connect"]).connect
        async def main():
            port, ca, headers = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
            context = ssl.create_default_context(cafile=ca)
            context.set_alpn_protocols(["http/1.1"])
            async with connect(f"wss://localhost:{port}/2013-09-01/realtime", ssl=context, additional_headers=headers,
                               open_timeout=20) as socket:
                async def receive():
                    return json.loads(await asyncio.wait_for(socket.recv(), 20))
                print((await receive())["op"], flush=True)
                await socket.send(json.dumps({"op": "subscribe", "requestId": 1, "className": "Chat"}))
                print((await receive())["op"], flush=True)
                event = await receive()
                alpn = socket.transport.get_extra_info("ssl_object").selected_alpn_protocol()
                print(event["op"], event["object"].get("text"), alpn, flush=True)
        asyncio.run(main())
        """

    @Test(.enabled(if: isUsable, "needs python3 with websockets, and curl (CI installs them)"))
    func aWebSocketClientSubscribesOverWSSAndRESTStaysOnHTTP2() async throws {
        let files = try TLSFiles()
        defer { files.remove() }
        let credentials = try TLSCredentials(certificateChainPath: files.chain.path, privateKeyPath: files.key.path)
        try await RealtimeTestServer.with(.sqlite, tls: credentials) { server in
            let host = "localhost:\(server.port)"
            let upgrade = Self.signedHeaders(server, method: "GET", host: host, path: "/2013-09-01/realtime")
            let process = ChildProcess()
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")  // the python3 on PATH, where pip installs
            let headers = String(decoding: try JSONSerialization.data(withJSONObject: upgrade), as: UTF8.self)
            process.arguments = ["python3", "-c", Self.client, "\(server.port)", files.caFile.path, headers]
            process.standardOutput = output
            process.standardError = output
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let lines = LineReader(output.fileHandleForReading)

            let connected = try await lines.next()
            let subscribed = try await lines.next()
            var create = Self.signedHeaders(server, method: "POST", host: host, path: "/2013-09-01/classes/Chat")
                .map { ["-H", "\($0.key): \($0.value)"] }.flatMap { $0 }
            create += ["--http2", "-X", "POST", "-H", "Content-Type: application/json", "--data", #"{"text":"over wss"}"#]
            let created = try await Curl.fetch(create, port: server.port, path: "/2013-09-01/classes/Chat", caFile: files.caFile)
            let event = try await lines.next()
            let health = try await Curl.fetch(["--http2"], port: server.port, caFile: files.caFile)
            try await offTheCooperativePool { process.waitUntilExit() }

            #expect(connected == "connected")
            #expect(subscribed == "subscribed")
            #expect(created.written == "2 201", "REST over HTTP/2 on the port that serves wss: \(created.log)")
            #expect(event == "create over wss http/1.1")
            #expect(health.written == "2 200")
            #expect(process.terminationStatus == 0)
        }
    }

    /// The NCMB signature headers of a request to `host` (what the client sends as `Host` or `:authority`).
    static func signedHeaders(_ server: RealtimeTestServer, method: String, host: String, path: String) -> [String: String] {
        let timestamp = server.clock.now().formatted
        let application = server.application
        let signature = RequestSignature.signature(
            method: method, host: host, path: path, rawQuery: nil, applicationKey: application.applicationKey,
            clientKey: application.clientKey, timestamp: timestamp)
        return [
            NCMBHeaderName.applicationKey: application.applicationKey, NCMBHeaderName.timestamp: timestamp,
            NCMBHeaderName.signature: signature,
        ]
    }
}

/// A test CA and a `localhost` leaf's chain and key in a temporary folder.
struct TLSFiles {
    let directory: URL
    var chain: URL { directory.appendingPathComponent("chain.pem") }
    var key: URL { directory.appendingPathComponent("key.pem") }
    var caFile: URL { directory.appendingPathComponent("ca.pem") }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-wss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let authority = try TestCertificateAuthority()
        let leaf = try authority.issueLeaf(commonName: "localhost")
        try Data(authority.certificatePEM.utf8).write(to: caFile)
        try Data(leaf.certificatePEM.utf8).write(to: chain)
        try Data(leaf.privateKeyPEM.utf8).write(to: key)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// Lines of a child process's output, read off the cooperative pool; the end of the output is an error naming what
/// was read.
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private var buffered = ""
    private var all = ""

    init(_ handle: FileHandle) { self.handle = handle }

    struct Ended: Error, CustomStringConvertible {
        let description: String
    }

    /// The next line; throws ``Ended`` when the output ends first.
    func next() async throws -> String {
        while true {
            if let newline = buffered.firstIndex(of: "\n") {
                let line = String(buffered[..<newline])
                buffered.removeSubrange(...newline)
                return line
            }
            let handle = handle
            let data = try await offTheCooperativePool { handle.availableData }
            guard !data.isEmpty else { throw Ended(description: "the output ended after: \(all)") }
            let text = String(decoding: data, as: UTF8.self)
            buffered += text
            all += text
        }
    }
}
