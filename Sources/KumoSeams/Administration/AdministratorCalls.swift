/// One NCMB REST call performed in process as an administrator: ACL and class-level permissions are bypassed, nothing
/// is signed, and everything else (routing, validation, rendering, field rules, scripts' hooks) is exactly REST's.
///
/// The dashboard (`KumoDashboard`) calls it for its data pages, so the UI shows NCMB's own answers and error codes;
/// `KumoServer` implements it on its request pipeline (docs/dashboard.md, docs/decisions/0078-dashboard-acts-through-the-ncmb-pipeline.md).
package protocol AdministratorCalls: Sendable {
    /// Performs the call and returns NCMB's status and JSON body (an NCMB error body for a failure).
    func perform(_ call: AdministratorCall) async -> AdministratorResponse
}

/// An NCMB REST request of an administrator.
package struct AdministratorCall: Sendable, Hashable {
    /// The application the call runs in (its applicationId).
    package var applicationId: String
    /// The HTTP method, upper case: `GET`, `POST`, `PUT`, `DELETE`.
    package var method: String
    /// The NCMB path after the version segment, percent-encoded as the route table prints it: `/classes/Chat/abc`.
    package var path: String
    /// The query string without `?` (percent-encoded), or `nil`.
    package var query: String?
    /// The request body (NCMB JSON), empty for none.
    package var body: [UInt8]

    /// Creates a call.
    package init(applicationId: String, method: String, path: String, query: String? = nil, body: [UInt8] = []) {
        self.applicationId = applicationId
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }
}

/// NCMB's answer to an ``AdministratorCall``.
package struct AdministratorResponse: Sendable, Hashable {
    /// The HTTP status.
    package var status: Int
    /// The JSON body as NCMB renders it (empty for a `DELETE`).
    package var body: [UInt8]

    /// Creates a response.
    package init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
