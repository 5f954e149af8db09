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
///     on plain HTTP/1 connections (docs/wire/realtime.md), or `nil` for none.
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
            guard let tls else {
                if let realtimeListener {
                    return realtimeListener.childChannel(
                        responder: responder, http1: http1, firstRequest: firstRequest, connectionLimit: connectionLimit)
                }
                return EventLoopBoundChildChannel(HTTP1Channel(responder: responder, configuration: http1), connectionLimit: connectionLimit)
            }
            let http2 = HTTP2UpgradeChannel.Configuration(
                idleTimeout: .milliseconds(Int64(configuration.idleTimeoutSeconds * 1000)), streamConfiguration: http1)
            return EventLoopBoundChildChannel(
                try HTTP2UpgradeChannel(tlsConfiguration: tls.serverConfiguration(), configuration: http2, responder: responder),
                connectionLimit: connectionLimit)
        },
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Kumo"),
        onServerRunning: { channel in onServerRunning(channel.localAddress?.port ?? configuration.port) },
        eventLoopGroupProvider: eventLoopGroup.map { .shared($0) } ?? .singleton,
        logger: environment.logger
    )
}

/// The HTTP/1 channel of every connection: after the decoder, Kumo's ``ConnectionTimeoutHandler`` (idle, header and
/// body clocks, docs/decisions/0066-connection-hygiene.md) and ``FramingErrorHandler``, so that what the HTTP layer
/// refuses is answered in NCMB JSON (docs/decisions/0063-framing-errors-answer-ncmb-json.md), and
/// ``DisconnectWatchHandler``, which tells a request in progress that its client has gone.
func channelConfiguration(_ configuration: KumoConfiguration, logger: Logger) -> HTTP1Channel.Configuration {
    let timeouts = ConnectionTimeouts(configuration: configuration)
    return HTTP1Channel.Configuration(additionalChannelHandlers: ConnectionHandlers.http1(timeouts: timeouts, logger: logger))
}
