import KumoMemberwise
package import NCMBWire
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
package import Testing
import KumoSeamsTestSupport

/// A local stand-in for the APNs provider API: HTTPS with HTTP/2 (ALPN `h2`) on `127.0.0.1`, a certificate from a
/// ``TestCertificateAuthority``. It records every request and answers `POST /3/device/<token>` with the responses
/// scripted for that token (200 when none). Any other request is answered 404 and reported as a test issue when the
/// server stops (``with(authority:_:)``) or on ``recordUnexpectedRequests(sourceLocation:)``.
package final class FakeAPNsServer: Sendable {
    /// `https://127.0.0.1:<port>`.
    package let baseURL: String
    private let server: FakePlatformServer
    private let scripts: LockedBox<[String: [ScriptedPushResponse]]>

    /// Runs `body` with a started server, then stops it and reports unexpected requests.
    package static func with<Result: Sendable>(
        authority: TestCertificateAuthority, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (FakeAPNsServer) async throws -> Result
    ) async throws -> Result {
        let scripts = LockedBox([String: [ScriptedPushResponse]]())
        return try await FakePlatformServer.run(
            as: "FakeAPNsServer", authority: authority, usesHTTP2: true, sourceLocation: sourceLocation,
            responder: { FakeAPNsServer.respond(to: $0, scripts: scripts) },
            makeFake: { FakeAPNsServer(server: $0, scripts: scripts) }, body)
    }

    private init(server: FakePlatformServer, scripts: LockedBox<[String: [ScriptedPushResponse]]>) {
        self.server = server
        self.scripts = scripts
        baseURL = server.baseURL
    }

    /// Every request received, in order.
    package var requests: [RecordedPushRequest] { server.requests }

    /// The requests to `POST /3/device/<deviceToken>`.
    package func requests(to deviceToken: String) -> [RecordedPushRequest] {
        requests.filter { $0.path == "/3/device/" + deviceToken }
    }

    /// Answers the next requests for `deviceToken` with `responses`, one each; the last one keeps answering.
    package func script(deviceToken: String, _ responses: ScriptedPushResponse...) {
        scripts.mutate { $0[deviceToken] = responses }
    }

    /// Records an issue per request that was not `POST /3/device/<hex token>`.
    package func recordUnexpectedRequests(sourceLocation: SourceLocation = #_sourceLocation) {
        server.recordUnexpectedRequests(as: "FakeAPNsServer", sourceLocation: sourceLocation)
    }

    private static func respond(
        to request: RecordedPushRequest, scripts: LockedBox<[String: [ScriptedPushResponse]]>
    ) -> ScriptedPushResponse? {
        let prefix = "/3/device/"
        guard request.method == "POST", request.path.hasPrefix(prefix) else { return nil }
        let token = String(request.path.dropFirst(prefix.count))
        guard !token.isEmpty, token.allSatisfy(\.isHexDigit) else { return nil }
        var response = ScriptedPushResponse(status: 200, body: "", headers: ["apns-id": "00000000-0000-0000-0000-000000000001"])
        scripts.mutate { scripts in
            guard var queue = scripts[token], let first = queue.first else { return }
            response = first
            if queue.count > 1 {
                queue.removeFirst()
                scripts[token] = queue
            }
        }
        return response
    }
}

/// One request a fake platform server received.
package struct RecordedPushRequest: Sendable {
    /// `POST`, `GET`, ….
    package var method: String
    /// The path with its query.
    package var path: String
    /// Headers with lowercased names (a repeated header keeps its last value).
    package var headers: [String: String]
    /// The body bytes.
    package var body: [UInt8]

    /// The value of the header `name` (any case).
    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as JSON, or `nil` when it is not JSON.
    package var json: JSONValue? { try? JSONValue(parsing: body) }

    /// The body as text.
    package var text: String { String(decoding: body, as: UTF8.self) }
}

/// How a fake platform server answers one request.
@PackageMemberwiseInit
package struct ScriptedPushResponse: Sendable {
    /// The status code.
    package var status: Int
    /// The body text.
    package var body: String = ""
    /// Extra headers.
    package var headers: [String: String] = [:]

    /// An APNs error: `{"reason":"<reason>"}` with `status`.
    package static func apnsError(_ status: Int, reason: String) -> ScriptedPushResponse {
        ScriptedPushResponse(
            status: status, body: JSONValue.object(["reason": .string(reason)]).serializedString(),
            headers: ["content-type": "application/json"])
    }
}

/// The shared engine of the fake platform servers: TLS on `127.0.0.1:0`, HTTP/2 or HTTP/1.1, a responder per request.
final class FakePlatformServer: Sendable {
    /// Returns the response to a request, or `nil` for an unexpected request (answered 404 and remembered).
    typealias Responder = @Sendable (RecordedPushRequest) -> ScriptedPushResponse?

    let baseURL: String
    private let channel: any Channel
    private let recorded: LockedBox<[RecordedPushRequest]>
    private let unexpected: LockedBox<[RecordedPushRequest]>

    private init(
        channel: any Channel, port: Int, recorded: LockedBox<[RecordedPushRequest]>,
        unexpected: LockedBox<[RecordedPushRequest]>
    ) {
        self.channel = channel
        self.recorded = recorded
        self.unexpected = unexpected
        baseURL = "https://127.0.0.1:\(port)"
    }

    var requests: [RecordedPushRequest] { recorded.get() }
    var unexpectedRequests: [RecordedPushRequest] { unexpected.get() }

    /// Starts a server with `authority`'s certificate (ALPN `h2` with `usesHTTP2`, else `http/1.1`), runs `body` with
    /// the fake `makeFake` builds on it, then stops it and records each unexpected request as an issue of `fakeName`.
    static func run<Fake, Result: Sendable>(
        as fakeName: String, authority: TestCertificateAuthority, usesHTTP2: Bool, sourceLocation: SourceLocation,
        responder: @escaping Responder, makeFake: (FakePlatformServer) -> Fake, _ body: (Fake) async throws -> Result
    ) async throws -> Result {
        let context = try authority.serverContext(applicationProtocols: [usesHTTP2 ? "h2" : "http/1.1"])
        let server = try await start(context: context, usesHTTP2: usesHTTP2, responder: responder)
        let fake = makeFake(server)
        return try await server.serve(as: fakeName, sourceLocation: sourceLocation) { try await body(fake) }
    }

    /// Runs `body`, then stops the server and records each unexpected request as an issue of the test, also when
    /// `body` throws.
    func serve<Result: Sendable>(
        as fakeName: String, sourceLocation: SourceLocation, _ body: () async throws -> Result
    ) async throws -> Result {
        do {
            let result = try await body()
            await stop()
            recordUnexpectedRequests(as: fakeName, sourceLocation: sourceLocation)
            return result
        } catch {
            await stop()
            recordUnexpectedRequests(as: fakeName, sourceLocation: sourceLocation)
            throw error
        }
    }

    /// Records each unexpected request so far as an issue of the running test.
    func recordUnexpectedRequests(as fakeName: String, sourceLocation: SourceLocation) {
        for request in unexpectedRequests {
            Issue.record("\(fakeName): unexpected \(request.method) \(request.path)", sourceLocation: sourceLocation)
        }
    }

    /// Starts listening.
    static func start(context: NIOSSLContext, usesHTTP2: Bool, responder: @escaping Responder) async throws
        -> FakePlatformServer
    {
        let recorded = LockedBox<[RecordedPushRequest]>([])
        let unexpected = LockedBox<[RecordedPushRequest]>([])
        let handle: @Sendable (RecordedPushRequest) -> ScriptedPushResponse = { request in
            recorded.mutate { $0.append(request) }
            if let response = responder(request) { return response }
            unexpected.mutate { $0.append(request) }
            return ScriptedPushResponse(status: 404, body: "unexpected request")
        }
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    if usesHTTP2 {
                        _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                            mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()
                        ) { stream in
                            stream.eventLoop.makeCompletedFuture {
                                try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                                try stream.pipeline.syncOperations.addHandler(RecordingRequestHandler(handle: handle))
                            }
                        }
                    } else {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                        try channel.pipeline.syncOperations.addHandler(RecordingRequestHandler(handle: handle))
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw FakeServerError.noPort }
        return FakePlatformServer(channel: channel, port: port, recorded: recorded, unexpected: unexpected)
    }

    /// Stops listening (open connections close with the event loop's next turn).
    func stop() async {
        try? await channel.close()
    }
}

/// Why a fake server did not start.
enum FakeServerError: Error { case noPort }

/// Collects one HTTP request (head, body, end), answers it with the responder's response.
private final class RecordingRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let handle: @Sendable (RecordedPushRequest) -> ScriptedPushResponse
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(handle: @escaping @Sendable (RecordedPushRequest) -> ScriptedPushResponse) { self.handle = handle }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
        case .body(let buffer):
            body += buffer.readableBytesView
        case .end:
            guard let requestHead = head else { return }
            var headers: [String: String] = [:]
            for (name, value) in requestHead.headers { headers[name.lowercased()] = value }
            let request = RecordedPushRequest(
                method: requestHead.method.rawValue, path: requestHead.uri, headers: headers, body: body)
            let response = handle(request)
            var responseHeaders = HTTPHeaders()
            for (name, value) in response.headers { responseHeaders.add(name: name, value: value) }
            responseHeaders.replaceOrAdd(name: "content-length", value: String(response.body.utf8.count))
            let responseHead = HTTPResponseHead(
                version: requestHead.version, status: HTTPResponseStatus(statusCode: response.status), headers: responseHeaders)
            context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
            if !response.body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: response.body)))), promise: nil)
            }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            head = nil
            body = []
        }
    }
}
