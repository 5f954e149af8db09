package import HummingbirdCore
package import NIOCore

/// What a realtime module plugs into the HTTP listener (docs/architecture.md#realtime): the child channel of an
/// HTTP/1.1 connection, which serves requests as usual and upgrades `GET /realtime` to a WebSocket.
///
/// `buildApplication` hands it the responder and Kumo's HTTP/1 configuration (its connection-hygiene handlers), and
/// puts the channel it returns under the connection limit and on the connection's event loop, so an upgradable
/// connection keeps the limits of any other. Over Kumo's own TLS the same channel serves the connections that ALPN
/// settles as HTTP/1.1 (``SecureChildChannel``), so `wss://` works there too; HTTP/2 connections serve REST
/// (docs/decisions/0147-realtime-on-kumos-own-tls.md).
package protocol RealtimeListener: Sendable {
    /// The child channel of one connection.
    ///
    /// - Parameters:
    ///   - responder: the server's HTTP responder, for requests that are not upgrades.
    ///   - http1: Kumo's HTTP/1 configuration (its connection-hygiene handlers, added once a request is no upgrade).
    ///   - firstRequest: the guard of the first request head, to install right after the HTTP/1 decoder.
    func childChannel(
        responder: @escaping HTTPChannelHandler.Responder, http1: HTTP1Channel.Configuration, firstRequest: FirstRequestGuard
    ) -> any ServerChildChannel
}
