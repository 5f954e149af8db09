package import Hummingbird
package import Logging
import NIOCore

/// The metrics listener of `kumo serve --metrics-port` (docs/operations.md#metrics): `GET /metrics` answers the
/// export's text; every other path answers 404. It is a listener of its own, apart from the API's port, so that the
/// numbers are never reachable where the API is public (it binds to loopback unless told otherwise).
///
/// - Parameters:
///   - export: what `/metrics` answers.
///   - host: the address to bind (`127.0.0.1` by default in `kumo serve`).
///   - port: the TCP port; 0 picks a free one.
///   - logger: the listener's logger.
///   - onServerRunning: called with the bound port once it listens.
package func buildMetricsListener(
    export: MetricsExport, host: String, port: Int, logger: Logger,
    onServerRunning: @escaping @Sendable (Int) -> Void = { _ in }
) -> some ApplicationProtocol {
    let router = Router()
    router.get("metrics") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: MetricsExport.contentType],
            body: .init(byteBuffer: ByteBuffer(string: export.render())))
    }
    return Application(
        router: router,
        configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "Kumo metrics"),
        onServerRunning: { channel in onServerRunning(channel.localAddress?.port ?? port) },
        logger: logger)
}
