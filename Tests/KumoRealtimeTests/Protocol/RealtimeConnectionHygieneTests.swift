import Foundation
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import NIOPosix
import Testing

/// Connections that may upgrade to a WebSocket keep Kumo's connection hygiene (docs/decisions/0066-connection-hygiene.md,
/// docs/decisions/0063-framing-errors-answer-ncmb-json.md): the first request head has its idle and header clocks and
/// NCMB JSON for what the decoder refuses (`FirstRequestGuard`), and a request that is no upgrade gets Kumo's own
/// handlers. Raw sockets with short configured clocks; each test waits for the server's close, never for time.
@Suite struct RealtimeConnectionHygieneTests {
    static func withServer(
        idle: Double = 60, header: Double = 60, body: Double = 60, _ test: @escaping @Sendable (RealtimeTestServer) async throws -> Void
    ) async throws {
        try await RealtimeTestServer.with(
            .sqlite,
            configure: { configuration in
                configuration.idleTimeoutSeconds = idle
                configuration.headerTimeoutSeconds = header
                configuration.bodyTimeoutSeconds = body
            }, test)
    }

    @Test func anIdleConnectionIsClosedWithoutAnAnswer() async throws {
        try await Self.withServer(idle: 0.2) { server in
            let answer = try await RawExchange.send([], port: server.port)

            #expect(answer.isEmpty)
        }
    }

    @Test func aHeadThatNeverCompletesIsClosedWithoutAnAnswer() async throws {
        try await Self.withServer(header: 0.2) { server in
            let answer = try await RawExchange.send(Array("GET /2013-09-01/realtime HTTP/1.1\r\nHost: loc".utf8), port: server.port)

            #expect(answer.isEmpty)
        }
    }

    @Test func aMalformedFirstHeadIsAnsweredInNCMBJSON() async throws {
        try await Self.withServer { server in
            let answer = try await RawExchange.send(
                Array("GET /2013-09-01/realtime HTTP/1.1\r\nBad header line\r\n\r\n".utf8), port: server.port)

            #expect(answer.hasPrefix("HTTP/1.1 400"))
            #expect(answer.contains(#"{"code":"E400000","error":"Bad Request."}"#))
            #expect(answer.contains("Connection: close"))
        }
    }

    @Test func aStalledBodyOfTheFirstRequestIsAnsweredInNCMBJSON() async throws {
        try await Self.withServer(body: 0.2) { server in
            let timestamp = server.clock.now().formatted
            let signature = RequestSignature.signature(
                method: "POST", host: "localhost", path: "/2013-09-01/classes/Stalled", rawQuery: nil,
                applicationKey: server.application.applicationKey, clientKey: server.application.clientKey, timestamp: timestamp)
            let head =
                "POST /2013-09-01/classes/Stalled HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "X-NCMB-Application-Key: \(server.application.applicationKey)\r\nX-NCMB-Timestamp: \(timestamp)\r\n"
                + "X-NCMB-Signature: \(signature)\r\nContent-Length: 10\r\n\r\n{\""
            let answer = try await RawExchange.send(Array(head.utf8), port: server.port)

            #expect(answer.hasPrefix("HTTP/1.1 400"))
            #expect(answer.contains("E400000"))
        }
    }

    @Test func plainRequestsAreServedAsBefore() async throws {
        try await Self.withServer { server in
            let answer = try await RawExchange.send(
                Array("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8), port: server.port)

            #expect(answer.hasPrefix("HTTP/1.1 200"))
            #expect(answer.hasSuffix(#"{"status":"ok"}"#))
        }
    }
}

/// One raw TCP exchange: sends bytes, then reads everything the server sends until it closes (at most
/// ``RealtimeTestClient/patience``).
enum RawExchange {
    struct StayedOpen: Error {}

    static func send(_ bytes: [UInt8], port: Int) async throws -> String {
        let collected = Mailbox<String>()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Collector(collected: collected))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        if !bytes.isEmpty { try await channel.writeAndFlush(ByteBuffer(bytes: bytes)) }
        guard let text = await collected.next(within: RealtimeTestClient.patience) else {
            try? await channel.close()
            throw StayedOpen()
        }
        return text
    }

    private final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private let collected: Mailbox<String>
        private var buffer = ByteBuffer()

        init(collected: Mailbox<String>) { self.collected = collected }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            buffer.writeBuffer(&bytes)
        }

        func channelInactive(context: ChannelHandlerContext) {
            collected.put(String(buffer: buffer))
            context.fireChannelInactive()
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case ChannelEvent.inputClosed = event { context.close(promise: nil) }
            context.fireUserInboundEventTriggered(event)
        }
    }
}
