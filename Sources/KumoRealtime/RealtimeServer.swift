import HTTPTypes
import Hummingbird
package import HummingbirdCore
import HummingbirdWebSocket
package import KumoSeams
import KumoStorage
package import KumoTransport
package import Logging
package import Metrics
import NCMBWire
package import NIOCore
import NIOWebSocket

/// Realtime subscriptions over WebSocket, a Kumo extension of the NCMB API (docs/wire/realtime.md,
/// docs/decisions/0090-realtime-over-websocket.md): the ``RealtimeListener`` `kumo serve` plugs into its HTTP/1.1
/// connections, plain or over its own TLS.
///
/// A connection whose first request is `GET /2013-09-01/realtime` with `Upgrade: websocket` (decided from the route
/// table) becomes a WebSocket; any other request is served by the NCMB pipeline as usual, with Kumo's connection
/// hygiene. Each WebSocket has a queue and one processing task (``RealtimeProcessor``); the ``RealtimeHub`` feeds
/// them the storage's committed changes.
///
/// The listener seam and the connection code it plugs into are `KumoTransport`'s; the module never imports
/// `KumoServer` (docs/decisions/0117-realtime-behind-a-seam.md).
package final class RealtimeServer: RealtimeListener {
    let gate: any RealtimeGate
    let hub: RealtimeHub
    let configuration: RealtimeConfiguration
    let logger: Logger

    /// Creates the realtime side of a server.
    ///
    /// - Parameters:
    ///   - gate: the request pipeline's authentication and permissions, and its storage.
    ///   - configuration: the limits.
    ///   - logger: where the module logs.
    ///   - metrics: where the realtime metrics go; the process's bootstrapped factory by default.
    ///   - observer: told of every change matched (tests); none by default.
    package init(
        gate: any RealtimeGate, configuration: RealtimeConfiguration, logger: Logger,
        metrics: any MetricsFactory = MetricsSystem.factory, observer: (any RealtimeMatchingObserver)? = nil
    ) {
        self.gate = gate
        self.configuration = configuration
        self.logger = logger
        self.hub = RealtimeHub(
            feed: gate.storage.changeFeed, configuration: configuration, metrics: RealtimeMetrics(factory: metrics), logger: logger,
            observer: observer)
    }

    /// hummingbird-websocket's upgradable HTTP/1 channel with Kumo's configuration and first-request guard (the server
    /// puts it on the connection's event loop, under its connection limit, and behind TLS when it serves HTTPS).
    package func childChannel(
        responder: @escaping HTTPChannelHandler.Responder, http1: HTTP1Channel.Configuration, firstRequest: FirstRequestGuard
    ) -> any ServerChildChannel {
        // One frame may hold a whole message of the limit; a longer frame closes the connection with 1009 (so does a
        // longer message in several frames, `messages(maxSize:)`). The server's own messages go out in frames of this size.
        let webSocket = WebSocketServerConfiguration(
            maxFrameSize: configuration.maximumMessageBytes, autoPing: .enabled(timePeriod: configuration.pingInterval),
            closeTimeout: .seconds(5), validateUTF8: true)
        let upgradable = HTTP1WebSocketUpgradeChannel(
            responder: responder, configuration: .init(http1: http1, ws: webSocket)
        ) { [self] head, channel, logger in
            shouldUpgrade(head, channel: channel)
        }
        return GuardedUpgradeChannel(base: upgradable, firstRequest: firstRequest)
    }

    /// Upgrades `GET /realtime` (the route table's realtime endpoint, any client encoding of its path); every other
    /// request stays HTTP.
    private func shouldUpgrade(_ head: HTTPRequest, channel: any Channel) -> ShouldUpgradeResult<
        WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
    > {
        let target = head.path ?? "/"
        let path = target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
        guard let endpoint = try? APIRouter.endpoint(method: head.method.rawValue, path: path), endpoint == .realtime else {
            return .dontUpgrade
        }
        if let bytes = configuration.socketSendBufferBytes {
            _ = channel.setOption(.socketOption(.so_sndbuf), value: SocketOptionValue(bytes))
        }
        return .upgrade([:]) { [self] inbound, outbound, context in
            await serve(upgrade: head, channel: channel, inbound: inbound, outbound: outbound, logger: context.logger)
        }
    }

    /// How long a closing connection waits for the client's close frame.
    static let closeGrace: Duration = .seconds(5)
}

/// Installs Kumo's first-request guard (``FirstRequestGuard``) after the upgradable pipeline is set up.
struct GuardedUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let base: HTTP1WebSocketUpgradeChannel
    let firstRequest: FirstRequestGuard

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try firstRequest.install(on: channel)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
