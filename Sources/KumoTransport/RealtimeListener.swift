package import HummingbirdCore
package import NIOCore

/// What a realtime module plugs into the HTTP listener (docs/architecture.md#realtime): the child channel of a plain
/// HTTP/1 connection, which serves requests as usual and upgrades `GET /realtime` to a WebSocket.
///
/// `buildApplication` hands it the responder, Kumo's HTTP/1 configuration (its connection-hygiene handlers) and the
/// connection limit, so an upgradable connection keeps the limits of any other. Over Kumo's own TLS the listener keeps
/// HTTP/2 and HTTP/1.1 without upgrades: realtime needs TLS to end at a proxy (docs/wire/realtime.md#transport).
package protocol RealtimeListener: Sendable {
    /// The child channel of one connection.
    ///
    /// - Parameters:
    ///   - responder: the server's HTTP responder, for requests that are not upgrades.
    ///   - http1: Kumo's HTTP/1 configuration (its connection-hygiene handlers, added once a request is no upgrade).
    ///   - firstRequest: the guard of the first request head, to install right after the HTTP/1 decoder.
    ///   - connectionLimit: the server's connection limit.
    func childChannel(
        responder: @escaping HTTPChannelHandler.Responder, http1: HTTP1Channel.Configuration, firstRequest: FirstRequestGuard,
        connectionLimit: ConnectionLimit
    ) -> any ServerChildChannel
}
