import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoAdministration
import KumoDashboard
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import NIOCore

/// A dashboard over a real server in process (real SQLite, the NCMB pipeline as administrator calls), with one
/// administrator `ops@example.com` / `correct horse` and a test client that keeps cookies.
struct DashboardHarness: Sendable {
    static let email = "ops@example.com"
    static let password = "correct horse"
    static let clientAddress = "192.0.2.10"

    let server: TestApplication
    let environment: DashboardEnvironment

    /// Runs `body` against a fresh dashboard; with `createsAdministrator` false, no administrator exists. `server`
    /// adjusts the NCMB server's environment (a script runner), `environment` the dashboard's (its operations). With
    /// `isLive`, the dashboard listens on a port of 127.0.0.1 (the session's `port`) and the client speaks real HTTP.
    static func with<Result: Sendable>(
        createsAdministrator: Bool = true, isSecure: Bool = false, isLive: Bool = false,
        configure: (inout DashboardConfiguration) -> Void = { _ in },
        server customizeServer: (inout ServerEnvironment) -> Void = { _ in },
        environment prepare: (inout DashboardEnvironment, TestApplication) throws -> Void = { _, _ in },
        _ body: @escaping @Sendable (DashboardHarness, DashboardClientSession) async throws -> Result
    ) async throws -> Result {
        try await TestApplication.with(environment: customizeServer) { server in
            var logger = Logger(label: "kumo.dashboard.test")
            logger.logLevel = .critical
            var environment = DashboardEnvironment(
                storage: server.storage, calls: APIResponder(configuration: server.configuration, environment: server.environment),
                passwordHasher: BcryptAdminPasswordHasher(cost: 4), clock: server.clock, identifiers: IncrementingIdentifiers(),
                logger: logger)
            try prepare(&environment, server)
            if createsAdministrator {
                try await environment.administration.create(email: email, password: password, actor: "cli")
            }
            var configuration = DashboardConfiguration()
            configure(&configuration)
            let responder = DashboardResponder<DashboardRequestContext>(configuration: configuration, environment: environment) { _, _ in
                DashboardClient(address: clientAddress, isSecure: isSecure)
            }
            let harness = DashboardHarness(server: server, environment: environment)
            let application = buildDashboardListener(responder: responder, host: "127.0.0.1", port: 0, logger: logger)
            return try await application.test(isLive ? .live : .router) { client in
                try await body(harness, DashboardClientSession(client: client))
            }
        }
    }

    /// The audit log, newest first.
    func audit() async throws -> [AdminAuditEntry] {
        try await server.storage.admins.auditEntries(limit: 100, before: nil)
    }
}

extension DashboardEnvironment {
    /// The shared administration of administrators, as `kumo admins` uses it.
    var administration: AdministrationAdmins {
        AdministrationAdmins(storage: storage, hasher: passwordHasher, identifiers: identifiers, clock: clock)
    }
}

/// A browser-like client: it keeps the cookies the dashboard sets and sends them back.
final class DashboardClientSession: @unchecked Sendable {
    // Unchecked: `cookies` is only touched by the one test task that owns the session.
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]

    init(client: any TestClientProtocol) {
        self.client = client
    }

    /// Sends a request with the kept cookies and keeps those of the answer.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ target: String, body: String? = nil, headers extra: [String: String] = [:],
        contentType: String = "application/json", sendsCookies: Bool = true
    ) async throws -> TestResponse {
        var headers = HTTPFields()
        if body != nil { headers[.contentType] = contentType }
        headers[HTTPField.Name("Host")!] = "localhost:8080"
        if sendsCookies, !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        for (name, value) in extra { headers[HTTPField.Name(name)!] = value }
        let response = try await client.execute(uri: target, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        for setCookie in response.headers[values: .setCookie] {
            let pair = setCookie.split(separator: ";")[0]
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            if setCookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }

    /// Loads the sign-in form and posts it; returns the post's answer.
    @discardableResult
    func signIn(email: String = DashboardHarness.email, password: String = DashboardHarness.password, next: String? = nil)
        async throws -> TestResponse
    {
        try await send(.get, "/dashboard/login")
        let csrf = cookies[DashboardCookies.form] ?? ""
        var form = "email=\(Self.encode(email))&password=\(Self.encode(password))&csrf=\(csrf)"
        if let next { form += "&next=\(Self.encode(next))" }
        return try await send(.post, "/dashboard/login", body: form, contentType: "application/x-www-form-urlencoded")
    }

    /// The CSRF token of the signed-in session.
    func csrfToken() async throws -> String {
        try await send(.get, "/dashboard/api/session").json?.objectValue?["csrfToken"]?.stringValue ?? ""
    }

    /// A change through the admin API with the session's CSRF token.
    @discardableResult
    func change(_ method: HTTPRequest.Method, _ target: String, body: String? = nil) async throws -> TestResponse {
        try await send(method, target, body: body, headers: ["X-Kumo-CSRF": try await csrfToken()])
    }

    static func encode(_ text: String) -> String { PercentEncoding.encode(text) }
}
