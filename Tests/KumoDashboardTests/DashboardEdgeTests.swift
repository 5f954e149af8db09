import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoAdministration
import KumoDashboard
import KumoSeams
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// What the main suites do not reach: TLS cookies, class-level permissions under an administrator, the throttle per
/// address typed, and a failing store.
@Suite struct DashboardEdgeTests {
    @Test func overTLSTheCookiesAreSecure() async throws {
        try await DashboardHarness.with(isSecure: true) { _, session in
            let page = try await session.send(.get, "/dashboard/login")
            let signIn = try await session.signIn()

            #expect(page.headers[.setCookie]?.hasSuffix("; Secure") == true)
            let cookie = try #require(signIn.headers[values: .setCookie].first { $0.hasPrefix("kumo_dashboard=") })
            #expect(cookie.hasSuffix("; Secure"))
        }
    }

    @Test func classLevelPermissionsDoNotStopTheAdministrator() async throws {
        try await DashboardHarness.with { harness, session in
            let nobody = OperationPermission(isPublic: false)
            try await harness.server.storage.applications.setClassPermissions(
                ClassPermissions([.create: nobody, .get: nobody, .find: nobody, .update: nobody, .delete: nobody]),
                applicationId: harness.server.application.applicationId, className: ClassName("Locked")!)
            try await session.signIn()

            let created = try await session.change(.post, "/dashboard/api/apps/test/classes/Locked/objects", body: #"{"n":1}"#)
            let found = try await session.send(.get, "/dashboard/api/apps/test/classes/Locked/objects")

            #expect(created.status == .created)
            #expect(found.json?.objectValue?["results"]?.arrayValue?.count == 1)
        }
    }

    @Test func theThrottleCountsPerAddressTypedAcrossClientAddresses() {
        var limits = SignInLimits()
        limits.perAccount = 2
        limits.windowSeconds = 60
        let throttle = SignInThrottle(limits: limits)
        let start = WireDate(millisecondsSince1970: 1_000_000)
        for address in ["192.0.2.1", "192.0.2.2"] {
            guard case .admitted = throttle.admit(account: "admin:x", address: address, now: start) else {
                Issue.record("attempt from \(address) refused")
                return
            }
        }

        #expect(throttle.admit(account: "admin:x", address: "192.0.2.3", now: start) == .refused(retryAfterSeconds: 60))
        if case .refused = throttle.admit(account: "admin:y", address: "192.0.2.3", now: start) { Issue.record("another address typed is refused") }
        if case .refused = throttle.admit(account: "admin:x", address: "192.0.2.3", now: WireDate(millisecondsSince1970: 1_060_000)) {
            Issue.record("refused after the window")
        }
    }

    @Test func aFailingStoreAnswers500JSONWithoutDetails() async throws {
        var storage = FailingStorage()
        storage.adminStore.onSession = { _, _ in throw StorageError.unavailable("disk full") }
        var logger = Logger(label: "kumo.dashboard.test")
        logger.logLevel = .critical
        let environment = DashboardEnvironment(
            storage: storage, calls: UnusedCalls(), passwordHasher: BcryptAdminPasswordHasher(cost: 4), clock: TestClock(),
            identifiers: IncrementingIdentifiers(), logger: logger)
        let responder = DashboardResponder<DashboardRequestContext>(environment: environment) { _, _ in
            DashboardClient(address: nil, isSecure: false)
        }
        let application = buildDashboardListener(responder: responder, host: "127.0.0.1", port: 0, logger: logger)

        let response = try await application.test(.router) { client in
            try await client.execute(
                uri: "/dashboard/api/apps", method: .get, headers: [.cookie: "kumo_dashboard=token"], body: nil)
        }

        #expect(response.status == .internalServerError)
        #expect(response.json?.objectValue?["code"] == "internal")
        #expect(!response.text.contains("disk full"))
    }

    @Test func htmlIsEscapedInThePages() {
        let page = DashboardPages.login(language: "en", csrf: "t", next: #"/dashboard/"><script>"#, error: "<b>", email: "a\"b")

        #expect(!page.contains("<script>") && !page.contains("<b>"))
        #expect(page.contains("&quot;&gt;&lt;script&gt;") && page.contains(#"value="a&quot;b""#))
    }
}

/// Administrator calls a test does not expect.
struct UnusedCalls: AdministratorCalls {
    func perform(_ call: AdministratorCall) async -> AdministratorResponse {
        Issue.record("unexpected administrator call \(call.route)")
        return AdministratorResponse(status: 500, body: [])
    }

    func upload(_ upload: AdministratorUpload) async -> AdministratorResponse {
        Issue.record("unexpected administrator upload \(upload.fileName)")
        return AdministratorResponse(status: 500, body: [])
    }

    func download(applicationId: String, fileName: String) async -> AdministratorDownload {
        Issue.record("unexpected administrator download \(fileName)")
        return .failure(AdministratorResponse(status: 500, body: []))
    }

    func applicationChanged(applicationId: String) {
        Issue.record("unexpected notice of a changed application \(applicationId)")
    }
}
