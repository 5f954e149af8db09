package import Hummingbird
package import NIOCore
import HummingbirdCore
import HummingbirdHTTP2
import Logging
package import KumoSeams
package import KumoTransport

/// Builds the Kumo HTTP application: one `APIResponder` behind Hummingbird's HTTP/1 server, each connection served on
/// its own event loop (``EventLoopBoundChildChannel``); with `tls`, HTTPS on the same port, HTTP/2 or HTTP/1.1 as ALPN
/// settles (docs/operations.md#tls).
///
/// - Parameters:
///   - configuration: listener and limits.
///   - environment: storage, clock, identifiers, logger.
///   - tls: the certificate and key to serve HTTPS with; `nil` serves plain HTTP.
///   - eventLoopGroup: the loops to serve on (one that reports its ticks, ``EventLoopStallTracer``); NIO's shared group by
///     default.
///   - mount: given the server's responder as the administrator's way into the NCMB pipeline, returns the responder of
///     a path prefix answered before that pipeline (the dashboard), or `nil`.
///   - realtime: given the request pipeline's side of realtime (``PipelineRealtimeGate``), returns the listener that upgrades `GET /realtime` to a WebSocket
///     on HTTP/1.1 connections, plain or over TLS (docs/wire/realtime.md), or `nil` for none.
///   - onServerRunning: called with the bound port once the server listens (port 0 picks a free one).
package func buildApplication(
    configuration: KumoConfiguration, environment: ServerEnvironment, tls: TLSCredentials? = nil,
    eventLoopGroup: (any EventLoopGroup)? = nil, mount: (any AdministratorCalls) -> MountedResponder? = { _ in nil },
    realtime: (any RealtimeGate) -> (any RealtimeListener)? = { _ in nil },
    onServerRunning: @escaping @Sendable (Int) -> Void = { _ in }
) -> some ApplicationProtocol {
    var responder = APIResponder(configuration: configuration, environment: environment)
    responder.mounted = mount(responder)
    let realtimeListener = realtime(PipelineRealtimeGate(responder: responder))
    let connectionLimit = ConnectionLimit(
        maximum: configuration.maximumConnections, logger: environment.logger, metrics: environment.metrics)
    let http1 = channelConfiguration(configuration, logger: environment.logger)
    let firstRequest = FirstRequestGuard(configuration: configuration, logger: environment.logger)
    return Application(
        responder: responder,
        server: HTTPServerBuilder { responder -> any ServerChildChannel in
            let http1Channel: any ServerChildChannel =
                realtimeListener?.childChannel(responder: responder, http1: http1, firstRequest: firstRequest)
                ?? HTTP1Channel(responder: responder, configuration: http1)
            guard let tls else { return bound(http1Channel, connectionLimit: connectionLimit) }
            let http2 = HTTP2Channel(
                responder: responder,
                configuration: .init(idleTimeout: .milliseconds(Int64(configuration.idleTimeoutSeconds * 1000)), streamConfiguration: http1))
            return bound(try secure(http1Channel, http2: http2, tls: tls), connectionLimit: connectionLimit)
        },
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Kumo"),
        onServerRunning: { channel in onServerRunning(channel.localAddress?.port ?? configuration.port) },
        eventLoopGroupProvider: eventLoopGroup.map { .shared($0) } ?? .singleton,
        logger: environment.logger
    )
}

/// `channel` on the connection's event loop, under the server's connection limit.
private func bound<Channel: ServerChildChannel>(_ channel: Channel, connectionLimit: ConnectionLimit) -> any ServerChildChannel {
    EventLoopBoundChildChannel(channel, connectionLimit: connectionLimit)
}

/// HTTPS: `http1` (the realtime listener's upgradable channel, or plain HTTP/1.1) and `http2` on one port, as ALPN settles.
private func secure<HTTP1: ServerChildChannel>(_ http1: HTTP1, http2: HTTP2Channel, tls: TLSCredentials) throws -> any ServerChildChannel {
    try SecureChildChannel(tlsConfiguration: tls.serverConfiguration(), http1: http1, http2: http2)
}

/// The HTTP/1 channel of every connection: after the decoder, Kumo's ``ConnectionTimeoutHandler`` (idle, header and
/// body clocks, docs/decisions/0066-connection-hygiene.md) and ``FramingErrorHandler``, so that what the HTTP layer
/// refuses is answered in NCMB JSON (docs/decisions/0063-framing-errors-answer-ncmb-json.md), and
/// ``DisconnectWatchHandler``, which tells a request in progress that its client has gone.
func channelConfiguration(_ configuration: KumoConfiguration, logger: Logger) -> HTTP1Channel.Configuration {
    let timeouts = ConnectionTimeouts(configuration: configuration)
    return HTTP1Channel.Configuration(additionalChannelHandlers: ConnectionHandlers.http1(timeouts: timeouts, logger: logger))
}
