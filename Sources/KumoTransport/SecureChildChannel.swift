package import HummingbirdCore
package import Logging
package import NIOCore
package import NIOSSL
import NIOTLS

/// HTTPS on one port (docs/operations.md#tls): TLS first, then HTTP/2 or HTTP/1.1 as ALPN settles, each served by its
/// own child channel (docs/decisions/0147-realtime-on-kumos-own-tls.md).
///
/// Unlike Hummingbird's `HTTP2UpgradeChannel`, whose HTTP/1.1 side is a fixed `HTTP1Channel`, the HTTP/1.1 side here is
/// any child channel: the realtime module's upgradable one, so that `wss://` reaches `GET /realtime` on Kumo's own TLS
/// (a WebSocket upgrade is HTTP/1.1; a client that negotiates `h2` keeps REST over HTTP/2). A client that offers no
/// ALPN is served HTTP/1.1.
package struct SecureChildChannel<HTTP1: ServerChildChannel, HTTP2: ServerChildChannel>: ServerChildChannel {
    /// A connection after its TLS handshake: the protocol ALPN settled and that protocol's own value.
    package struct Value: ServerChildChannelValue {
        let negotiated: EventLoopFuture<Negotiated>
        /// The TCP connection.
        package let channel: any Channel
    }

    /// The protocol a connection speaks.
    enum Negotiated: Sendable {
        case http1(HTTP1.Value)
        case http2(HTTP2.Value)
    }

    /// A protocol ALPN agreed on that is neither `h2` nor `http/1.1` (never offered, so a broken client).
    struct UnexpectedProtocol: Error {}

    private let context: NIOSSLContext
    private let http1: HTTP1
    private let http2: HTTP2

    /// Serves `http1` and `http2` behind TLS with `tlsConfiguration`, whose ALPN offer becomes `h2` then `http/1.1`.
    ///
    /// - Throws: when the configuration makes no TLS context (a key that does not match its certificate).
    package init(tlsConfiguration: TLSConfiguration, http1: HTTP1, http2: HTTP2) throws {
        var configuration = tlsConfiguration
        configuration.applicationProtocols = ["h2", "http/1.1"]
        self.context = try NIOSSLContext(configuration: configuration)
        self.http1 = http1
        self.http2 = http2
    }

    /// Adds the TLS handler and the ALPN decision; the chosen protocol's channel is set up once the handshake ends.
    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
            let negotiation = NIOTypedApplicationProtocolNegotiationHandler<Negotiated> { [http1, http2] result, channel in
                switch result {
                case .negotiated("h2"):
                    return http2.setup(channel: channel, logger: logger).map { .http2($0) }
                case .negotiated("http/1.1"), .fallback:
                    return http1.setup(channel: channel, logger: logger).map { .http1($0) }
                case .negotiated:
                    return channel.close().flatMapThrowing { throw UnexpectedProtocol() }
                }
            }
            try channel.pipeline.syncOperations.addHandler(negotiation)
            return Value(negotiated: negotiation.protocolNegotiationResult, channel: channel)
        }
    }

    /// Serves the connection with the protocol ALPN settled; a failed handshake ends it.
    package func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.negotiated.get() {
            case .http1(let connection): await http1.handle(value: connection, logger: logger)
            case .http2(let connection): await http2.handle(value: connection, logger: logger)
            }
        } catch {
            logger.debug("TLS connection not served", metadata: ["error": "\(error)"])
        }
    }
}
