package import NCMBWire

/// Serves `POST /requestMailAddressUserEntry` and `POST /requestPasswordReset` (wire spec §5.3 mail flows): issues a
/// one-time token and mails a link to the browser pages (`BrowserPagesController`).
package struct MailRequestsController: Sendable {
    let environment: ServerEnvironment
    let configuration: KumoConfiguration

    /// Creates the controller.
    package init(environment: ServerEnvironment, configuration: KumoConfiguration) {
        self.environment = environment
        self.configuration = configuration
    }

    /// `POST /requestMailAddressUserEntry` → 201 `{"createDate"}`.
    package func requestMailAddressUserEntry(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `POST /requestPasswordReset` → 201 `{"createDate"}`.
    package func requestPasswordReset(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }
}
