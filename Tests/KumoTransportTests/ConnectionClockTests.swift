import HTTPTypes
import KumoTransport
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

/// The idle, header and body clocks of a connection (docs/decisions/0066-connection-hygiene.md) on an embedded event
/// loop's clock: each runs out exactly at its limit from the phase's start, however many requests came before
/// (one timer per connection, armed again only when it fires: docs/decisions/0166-per-request-path-without-per-request-allocations.md).
/// Real sockets are in `KumoServerTests` (`ConnectionHygieneTests`).
@Suite struct ConnectionClockTests {
    func connectedChannel(idle: Int64 = 60, header: Int64 = 10, body: Int64 = 5) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        let timeouts = ConnectionTimeouts(idleSeconds: Double(idle), headerSeconds: Double(header), bodySeconds: Double(body))
        try channel.pipeline.syncOperations.addHandlers(ConnectionHandlers.http1(timeouts: timeouts, logger: Logger(label: "test")))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    func serveOneRequest(on channel: EmbeddedChannel) throws {
        try channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "localhost", path: "/health", headerFields: [:])))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        _ = try channel.readInbound(as: HTTPRequestPart.self)
        _ = try channel.readInbound(as: HTTPRequestPart.self)
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
    }

    @Test func anIdleConnectionClosesExactlyAtTheIdleLimit() throws {
        let channel = try connectedChannel()
        channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func eachAnsweredRequestRestartsTheIdleClock() throws {
        let channel = try connectedChannel()
        for _ in 0..<20 {
            channel.embeddedEventLoop.advanceTime(by: .seconds(50))
            #expect(channel.isActive)
            try serveOneRequest(on: channel)
        }
        channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(channel.isActive, "the idle clock runs from the last answer, not from an earlier one")
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func noClockRunsWhileTheServerAnswers() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "localhost", path: "/slow", headerFields: [:])))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(600))
        #expect(channel.isActive)
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func aBodyStallsAtTheBodyLimitFromItsLastPart() throws {
        let channel = try connectedChannel()
        channel.embeddedEventLoop.advanceTime(by: .seconds(40))
        try channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .post, scheme: nil, authority: "localhost", path: "/upload", headerFields: [:])))
        channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "part")))
        channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        #expect(throws: Never.self) { try channel.throwIfErrorCaught() }
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(throws: (any Error).self, "the body clock ran out 5 s after the last part") { try channel.throwIfErrorCaught() }
    }
}
