package import KumoSeams
package import Logging
package import NIOCore

/// The channel handlers of every HTTP/1 connection, and what the request pipeline reads from them
/// (docs/architecture.md#modules: `KumoTransport`).
package enum ConnectionHandlers {
    /// After the HTTP/1 decoder: the idle, header and body clocks (``ConnectionTimeoutHandler``,
    /// docs/decisions/0066-connection-hygiene.md), NCMB JSON for what the HTTP layer refuses and `Connection: close` kept
    /// true (``FramingErrorHandler``, docs/decisions/0063-framing-errors-answer-ncmb-json.md,
    /// docs/decisions/0114-connection-close-said-and-done.md), and the watch that tells a request in progress that its
    /// client has gone (``DisconnectWatchHandler``).
    package static func http1(timeouts: ConnectionTimeouts, logger: Logger) -> [any RemovableChannelHandler] {
        [ConnectionTimeoutHandler(timeouts: timeouts), FramingErrorHandler(logger: logger), DisconnectWatchHandler()]
    }

    /// The disconnect signal and the peer address without its port (rendered once per connection) of a connection set
    /// up with ``http1(timeouts:logger:)``, in one pipeline look-up; `nil` for another channel. Call on the channel's
    /// event loop.
    package static func requestFacts(of channel: any Channel) -> (disconnect: DisconnectSignal, peerAddress: String?)? {
        guard let watch = try? channel.pipeline.syncOperations.handler(type: DisconnectWatchHandler.self) else { return nil }
        return (watch.signal, watch.peerAddress(of: channel))
    }

    /// The NCMB error a failure to read a request (a framing error, a stalled body) is answered with, or `nil` for an
    /// I/O error (no client left to answer).
    package static func framingError(for error: any Error) -> KumoError? {
        FramingErrorHandler.kumoError(for: error)
    }
}
