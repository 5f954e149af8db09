import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoTestSupport
import Testing

/// Issue 30: the sign-in form's `next` keeps a dashboard page's query across sign-in; it must never become an open
/// redirect. Another site, a scheme, a path that leaves `/dashboard/` by dot segments (plain or percent-encoded, as a
/// browser would resolve them), `//` or a backslash in the path, and header-breaking bytes all land on `/dashboard/`.
@Suite(.timeLimit(.minutes(2))) struct AbuseDashboardNextTests {
    static let hostile = [
        "//evil.example", "//evil.example/dashboard/", "https://evil.example/dashboard/", "http:/dashboard/",
        "javascript:alert(1)", "/dashboard/../x", "/dashboard/..", "/dashboard/./../x", "/dashboard/%2e%2e/x",
        "/dashboard/.%2E/x", "/dashboard/%2E/x", "/dashboard/apps/%2e%2e/%2e%2e/x?application=soba", "/dashboard//evil.example",
        "/dashboard/\\evil.example", "/\\evil.example", "/dashboard/x\r\nSet-Cookie: a=b", "/dashboard/x y", "/dashboard/\u{FF0F}x",
        "/dashboardx", "",
    ]

    @Test func aHostileNextAfterSigningInLandsOnTheDashboard() async throws {
        try await DashboardHarness.with { _, session in
            var landed: [String: String] = [:]
            for next in Self.hostile {
                // A browser of its own per attempt: signed out, with the form's token of its own page load.
                let response = try await DashboardClientSession(client: session.client).signIn(next: next)
                #expect(response.status == .seeOther, "\(next)")
                landed[next] = response.headers[.location] ?? "none"
            }

            #expect(landed.filter { $0.value != "/dashboard/" } == [:])
        }
    }

    @Test func aHostileNextWhenAlreadySignedInLandsOnTheDashboard() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            var landed: [String: String] = [:]
            for next in Self.hostile {
                let response = try await session.send(.get, "/dashboard/login?next=" + DashboardClientSession.encode(next))
                landed[next] = response.headers[.location] ?? "none"
            }

            #expect(landed.filter { $0.value != "/dashboard/" } == [:])
        }
    }

    @Test func aDashboardPageWithItsQueryIsKept() async throws {
        try await DashboardHarness.with { _, session in
            let kept = [
                "/dashboard/overview?application=soba", "/dashboard/overview?minutes=180&application=soba",
                "/dashboard/apps/soba/classes/Shop?where=%7B%22url%22%3A%22https%3A%2F%2Fx%22%7D", "/dashboard/overview?next=//x",
                "/dashboard/apps/a..b/classes",
            ]
            var landed: [String: String] = [:]
            for next in kept {
                landed[next] = try await DashboardClientSession(client: session.client).signIn(next: next).headers[.location] ?? "none"
            }

            #expect(landed.filter { $0.key != $0.value } == [:])
        }
    }
}
