import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Sign-in, sessions, CSRF, throttling and the pages around them (docs/dashboard.md#sign-in).
@Suite struct SignInTests {
    @Test func theSignInPageIsAFormWithEmailPasswordAndAHiddenToken() async throws {
        try await DashboardHarness.with { _, session in
            let page = try await session.send(.get, "/dashboard/login")

            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains(#"<form method="post" action="/dashboard/login">"#))
            #expect(page.text.contains(#"name="email""#) && page.text.contains(#"name="password""#))
            let csrf = try #require(session.cookies[DashboardCookies.form])
            #expect(page.text.contains(#"name="csrf" value="\#(csrf)""#))
            #expect(page.headers[.contentSecurityPolicy] == DashboardResponses.contentSecurityPolicy)
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
        }
    }

    @Test func signingInSetsAStrictHttpOnlyCookieAndGoesToTheNextPage() async throws {
        try await DashboardHarness.with { harness, session in
            let response = try await session.signIn(next: "/dashboard/apps/test")

            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/dashboard/apps/test")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("kumo_dashboard=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/dashboard"))
            #expect(!cookie.contains("Secure"))
            let me = try await session.send(.get, "/dashboard/api/session")
            #expect(me.status == .ok)
            #expect(me.json?.objectValue?["email"] == .string(DashboardHarness.email))
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "login" && entry.admin == DashboardHarness.email && entry.address == DashboardHarness.clientAddress)
        }
    }

    @Test func aPageWithAQueryKeepsItsQueryAcrossSignIn() async throws {
        try await DashboardHarness.with { _, session in
            let page = try await session.send(.get, "/dashboard/overview?minutes=180&application=soba")
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/dashboard/login?next=%2Fdashboard%2Foverview%3Fminutes%3D180%26application%3Dsoba")

            let form = try await session.send(.get, "/dashboard/login?next=%2Fdashboard%2Foverview%3Fminutes%3D180%26application%3Dsoba")
            #expect(form.text.contains(#"name="next" value="/dashboard/overview?minutes=180&amp;application=soba""#))
            let response = try await session.signIn(next: "/dashboard/overview?minutes=180&application=soba")

            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/dashboard/overview?minutes=180&application=soba")
        }
    }

    @Test func theNextPageMustBeADashboardPage() async throws {
        try await DashboardHarness.with { _, session in
            let response = try await session.signIn(next: "//evil.example/dashboard/")

            #expect(response.headers[.location] == "/dashboard/")
        }
    }

    @Test func aWrongPasswordShowsTheFormAgainAndIsAudited() async throws {
        try await DashboardHarness.with { harness, session in
            let response = try await session.signIn(password: "wrong password")

            #expect(response.status == .unauthorized)
            #expect(response.text.contains("Wrong e-mail address or password."))
            #expect(session.cookies[DashboardCookies.session] == nil)
            #expect(try await harness.audit().first?.action == "login.failed")
        }
    }

    @Test func anUnknownAddressFailsLikeAWrongPassword() async throws {
        try await DashboardHarness.with { _, session in
            let response = try await session.signIn(email: "nobody@example.com")

            #expect(response.status == .unauthorized)
            #expect(response.text.contains("Wrong e-mail address or password."))
        }
    }

    @Test func aSignInWithoutTheFormTokenIsRefused() async throws {
        try await DashboardHarness.with { _, session in
            let response = try await session.send(
                .post, "/dashboard/login", body: "email=ops%40example.com&password=correct%20horse",
                contentType: "application/x-www-form-urlencoded")

            #expect(response.status == .forbidden)
            #expect(session.cookies[DashboardCookies.session] == nil)
        }
    }

    @Test func fiveFailuresThrottleTheAddressWithRetryAfter() async throws {
        try await DashboardHarness.with { _, session in
            for _ in 1...5 { try await session.signIn(password: "wrong password") }

            let throttled = try await session.signIn()

            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] == "900")
            #expect(session.cookies[DashboardCookies.session] == nil)
        }
    }

    @Test func theThrottleLetsSignInAgainOnceTheWindowHasPassed() async throws {
        try await DashboardHarness.with { harness, session in
            for _ in 1...5 { try await session.signIn(password: "wrong password") }
            harness.server.clock.advance(milliseconds: 15 * 60 * 1000)

            let response = try await session.signIn()

            #expect(response.status == .seeOther)
        }
    }

    @Test func withoutASessionTheAPIAnswers401AndPagesRedirectToSignIn() async throws {
        try await DashboardHarness.with { _, session in
            let api = try await session.send(.get, "/dashboard/api/apps")
            let page = try await session.send(.get, "/dashboard/apps/test/classes/Chat")

            #expect(api.status == .unauthorized)
            #expect(api.json?.objectValue?["code"] == "unauthenticated")
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/dashboard/login?next=%2Fdashboard%2Fapps%2Ftest%2Fclasses%2FChat")
        }
    }

    @Test func aSignedInPageIsTheAppShell() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let page = try await session.send(.get, "/dashboard/apps/test/classes/Chat")

            #expect(page.status == .ok)
            #expect(page.bytes == DashboardAssets.shell.bytes)
            #expect(page.headers[.contentSecurityPolicy] == DashboardResponses.contentSecurityPolicy)
        }
    }

    @Test func dashboardWithoutSlashRedirectsPermanently() async throws {
        try await DashboardHarness.with { _, session in
            let response = try await session.send(.get, "/dashboard")

            #expect(response.status == .movedPermanently)
            #expect(response.headers[.location] == "/dashboard/")
        }
    }

    @Test func assetsHaveTheirTypeAndAnETag() async throws {
        try await DashboardHarness.with { _, session in
            let asset = try await session.send(.get, "/dashboard/assets/index.html")
            let eTag = try #require(asset.headers[.eTag])
            let again = try await session.send(.get, "/dashboard/assets/index.html", headers: ["If-None-Match": eTag])
            let missing = try await session.send(.get, "/dashboard/assets/missing.js")

            #expect(asset.status == .ok)
            #expect(asset.headers[.contentType] == "text/html; charset=utf-8")
            #expect(asset.headers[.cacheControl] == "no-cache")
            #expect(again.status == .notModified)
            #expect(missing.status == .notFound)
        }
    }

    @Test func aChangeWithoutTheCSRFHeaderIsRefused() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let withoutToken = try await session.send(.post, "/dashboard/api/apps", body: #"{"name":"forged"}"#)
            let wrongToken = try await session.send(
                .post, "/dashboard/api/apps", body: #"{"name":"forged"}"#, headers: ["X-Kumo-CSRF": "guess"])
            let foreignOrigin = try await session.send(
                .post, "/dashboard/api/apps", body: #"{"name":"forged"}"#,
                headers: ["X-Kumo-CSRF": try await session.csrfToken(), "Origin": "https://evil.example"])

            for response in [withoutToken, wrongToken, foreignOrigin] {
                #expect(response.status == .forbidden)
                #expect(response.json?.objectValue?["code"] == "csrf")
            }
            let apps = try await session.send(.get, "/dashboard/api/apps")
            #expect(apps.json?.objectValue?["results"]?.arrayValue?.count == 1)
        }
    }

    @Test func signingOutEndsTheSession() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            let refused = try await session.send(.post, "/dashboard/logout")

            let response = try await session.change(.post, "/dashboard/logout")

            #expect(refused.status == .forbidden)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/dashboard/login")
            #expect(try await session.send(.get, "/dashboard/api/session").status == .unauthorized)
            #expect(try await harness.audit().first?.action == "logout")
        }
    }

    @Test func aSessionExpiresAfterTwelveIdleHours() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            harness.server.clock.advance(milliseconds: 11 * 3_600_000)
            #expect(try await session.send(.get, "/dashboard/api/session").status == .ok)
            harness.server.clock.advance(milliseconds: 11 * 3_600_000)
            #expect(try await session.send(.get, "/dashboard/api/session").status == .ok)

            harness.server.clock.advance(milliseconds: 12 * 3_600_000 + 1)

            #expect(try await session.send(.get, "/dashboard/api/session").status == .unauthorized)
        }
    }

    @Test func theLanguageFollowsAcceptLanguageUntilChosen() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            let japanese = try await session.send(.get, "/dashboard/api/session", headers: ["Accept-Language": "ja-JP,ja;q=0.9,en;q=0.8"])
            let badChoice = try await session.change(.put, "/dashboard/api/session/language", body: #"{"language":"fr"}"#)
            let chosen = try await session.change(.put, "/dashboard/api/session/language", body: #"{"language":"en"}"#)
            let after = try await session.send(.get, "/dashboard/api/session", headers: ["Accept-Language": "ja"])

            #expect(japanese.json?.objectValue?["language"] == "ja")
            #expect(badChoice.status == .badRequest)
            #expect(chosen.status == .ok)
            #expect(after.json?.objectValue?["language"] == "en")
        }
    }
}
