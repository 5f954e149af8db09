package import Hummingbird
import NCMBWire

/// Serves the unsigned browser endpoints under `/2013-09-01/applications/{applicationId}/…` (wire spec §5.10): small
/// HTML pages and form posts for mail confirmation, mail-address user entry and password reset.
package struct BrowserPagesController: Sendable {
    let environment: ServerEnvironment
    let configuration: KumoConfiguration

    /// Creates the controller.
    package init(environment: ServerEnvironment, configuration: KumoConfiguration) {
        self.environment = environment
        self.configuration = configuration
    }

    /// Answers one browser request (no signature headers; the application comes from the path).
    package func respond(to request: Request, path: String, query: String?, context: inout KumoRequestContext) async -> Response {
        Response.json(.notFound, KumoError(.noneService).responseBody)
    }
}
