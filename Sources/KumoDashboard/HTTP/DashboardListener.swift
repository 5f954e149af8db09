package import Hummingbird
package import Logging
import NIOCore

/// The request context of the dashboard's own listener (`--dashboard-port`): the peer address of the connection.
package struct DashboardRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The connection's peer address without its port, `nil` in process.
    package var peerAddress: String?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }
}

/// The separate listener of `--dashboard-host`/`--dashboard-port`: only `/dashboard…`, everything else 404.
///
/// - Parameters:
///   - responder: the dashboard.
///   - onServerRunning: called with the bound port once it listens (port 0 picks a free one).
package func buildDashboardListener(
    responder: DashboardResponder<DashboardRequestContext>, host: String, port: Int, logger: Logger,
    onServerRunning: @escaping @Sendable (Int) -> Void = { _ in }
) -> some ApplicationProtocol {
    Application(
        responder: DashboardOnlyResponder(dashboard: responder),
        configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "Kumo dashboard"),
        onServerRunning: { channel in onServerRunning(channel.localAddress?.port ?? port) },
        logger: logger)
}

/// `/dashboard` and below to the dashboard, anything else 404 JSON.
struct DashboardOnlyResponder: HTTPResponder {
    let dashboard: DashboardResponder<DashboardRequestContext>

    func respond(to request: Request, context: DashboardRequestContext) async throws -> Response {
        let path = request.head.path.map { $0.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0] } ?? "/"
        guard path == "/dashboard" || path.hasPrefix("/dashboard/") else {
            return DashboardResponses.error(.notFound, code: "notFound", "This listener serves only /dashboard/.")
        }
        return try await dashboard.respond(to: request, context: context)
    }
}
