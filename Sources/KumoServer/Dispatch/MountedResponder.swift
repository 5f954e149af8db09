package import Hummingbird
import KumoMemberwise

/// A responder for one path prefix that `APIResponder` hands its requests to before the NCMB pipeline: the dashboard
/// at `/dashboard` (docs/dashboard.md). `kumo` builds it, so that `KumoServer` never imports the module that answers.
///
/// The prefix is not an NCMB path: the route table has no `/dashboard`, so rule 8 of docs/architecture.md holds (no NCMB
/// path is registered with a router).
@PackageMemberwiseInit
package struct MountedResponder: Sendable {
    /// The prefix it answers: the path itself and every path below it (`/dashboard`, `/dashboard/…`).
    package var pathPrefix: String
    /// The name its requests carry in metrics and the access log.
    package var endpointName: String
    /// Answers a request; the context's `clientAddress` already names the client behind trusted proxies.
    package var respond: @Sendable (Request, KumoRequestContext) async -> Response

    /// Whether it answers `path`.
    func answers(_ path: Substring) -> Bool {
        guard path.hasPrefix(pathPrefix) else { return false }
        let rest = path.dropFirst(pathPrefix.count)
        return rest.isEmpty || rest.first == "/"
    }
}
