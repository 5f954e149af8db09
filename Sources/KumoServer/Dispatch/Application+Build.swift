package import Hummingbird
import HummingbirdCore
import Logging

/// Builds the Kumo HTTP application: one `APIResponder` behind Hummingbird's HTTP/1 server, each connection served on
/// its own event loop (``EventLoopBoundChildChannel``).
///
/// - Parameters:
///   - configuration: listener and limits.
///   - environment: storage, clock, identifiers, logger.
///   - onServerRunning: called with the bound port once the server listens (port 0 picks a free one).
package func buildApplication(
    configuration: KumoConfiguration, environment: ServerEnvironment, onServerRunning: @escaping @Sendable (Int) -> Void = { _ in }
) -> some ApplicationProtocol {
    Application(
        responder: APIResponder(configuration: configuration, environment: environment),
        server: HTTPServerBuilder { responder in EventLoopBoundChildChannel(HTTP1Channel(responder: responder)) },
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Kumo"),
        onServerRunning: { channel in onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: environment.logger
    )
}
