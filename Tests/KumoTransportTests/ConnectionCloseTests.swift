import HTTPTypes
import KumoTransport
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

/// The connection handlers keep `Connection: close` true on the response itself (docs/decisions/0114-connection-close-said-and-done.md):
/// one in an embedded pipeline per case. Real sockets, the close included, are in `KumoServerTests`
/// (`AbuseConnectionCloseTests`, `FramingErrorTests`).
@Suite struct ConnectionCloseTests {
    func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        let timeouts = ConnectionTimeouts(idleSeconds: 60, headerSeconds: 60, bodySeconds: 60)
        try channel.pipeline.syncOperations.addHandlers(ConnectionHandlers.http1(timeouts: timeouts, logger: Logger(label: "test")))
        return channel
    }

    /// Sends a request with `fields`, answers it with `response` fields, and returns the response head as written.
    func exchange(request fields: HTTPFields = [:], response: HTTPFields = [:], beforeAnswer: (EmbeddedChannel) -> Void = { _ in })
        throws -> HTTPResponse?
    {
        let channel = try channel()
        try channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "localhost", path: "/health", headerFields: fields)))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        beforeAnswer(channel)
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok, headerFields: response)))
        guard case .head(let head)? = try channel.readOutbound(as: HTTPResponsePart.self) else { return nil }
        _ = try? channel.finish()
        return head
    }

    @Test(arguments: ["close", "Close", "keep-alive, close"])
    func aRequestThatAsksToCloseGetsTheHeader(value: String) throws {
        let head = try exchange(request: [.connection: value])
        #expect(head?.headerFields[.connection] == "close")
    }

    @Test func aRequestThatDoesNotAskGetsNoHeader() throws {
        let head = try exchange(request: [.connection: "keep-alive"])
        #expect(head?.headerFields[.connection] == nil)
    }

    @Test func theResponseInProgressWhenTheServerStopsGetsTheHeader() throws {
        let head = try exchange { channel in channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent()) }
        #expect(head?.headerFields[.connection] == "close")
    }

    @Test func aResponseTheResponderMarkedKeepsItsHeader() throws {
        let head = try exchange(response: [.connection: "Close"])
        #expect(head?.headerFields[.connection] == "close")
    }
}
