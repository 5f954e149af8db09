import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// Signing in and out, CSRF, every page of stage 1 in both languages without a console error, and the screenshots
/// of docs/images (`KUMO_DASHBOARD_SCREENSHOTS=docs/images swift test --filter KumoDashboardBrowserTests`).
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct SessionBrowserTests {
    /// The "no console errors" checks of the other tests would pass vacuously if the log could not be read.
    @Test func theConsoleLogReportsScriptErrors() async throws {
        try await WebDriver.withSession { browser in
            try await browser.open("about:blank")
            try await browser.execute(
                "console.error('kumo console check'); setTimeout(() => { throw new Error('kumo uncaught check'); }, 0);")
            try await browser.executeAsync("const done = arguments[arguments.length - 1]; setTimeout(done, 0);")

            let messages = try await browser.consoleErrors().map(\.message)
            #expect(messages.contains { $0.contains("kumo console check") })
            #expect(messages.contains { $0.contains("kumo uncaught check") })
        }
    }

    @Test func loggingOutSendsEveryPageBackToTheLoginForm() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            // An application created from the list opens on its own page, its keys hidden.
            try await browser.element(#"#create-application input[name="name"]"#).type("second-app" + WebDriverKey.enter)
            try await browser.waitForPage("application")
            #expect(try await browser.element("main h1").text() == "second-app")
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains("second-app"))
            #expect(try await browser.element("#client-key").text().allSatisfy { $0 == "•" })
            try await browser.element("#logout").click()
            try await browser.element(#"input[name="password"]"#)
            try await browser.open(server.origin + "/dashboard/apps/e2e")
            try await browser.element(#"input[name="password"]"#)

            let address = try await browser.currentURL()
            #expect(address.hasPrefix(server.origin + "/dashboard/login"))
            #expect(address.contains("next="))
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    @Test func aSessionLostBehindTheAppsBackSendsItToTheLoginFormAndBackToThePage() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            try await browser.deleteCookie("kumo_dashboard")
            // The next API call answers 401: the app goes to the login form with the page it was opening as `next`.
            try await browser.element(#"#applications a[href="/dashboard/apps/e2e/classes"]"#).click()
            try await browser.element(#"input[name="password"]"#)
            #expect(try await browser.currentURL() == server.origin + "/dashboard/login?next=%2Fdashboard%2Fapps%2Fe2e%2Fclasses")

            try await browser.element(#"input[name="email"]"#).type(server.adminEmail)
            try await browser.element(#"input[name="password"]"#).type(server.adminPassword + WebDriverKey.enter)
            try await browser.waitForPage("classes")
            #expect(try await browser.currentURL() == server.origin + "/dashboard/apps/e2e/classes")
        }
    }

    @Test func aForgedRequestWithTheSessionCookieButWithoutTheCSRFTokenIsRefused() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            let cookies = try await browser.cookies()
            #expect(cookies["kumo_dashboard"] != nil)

            let forged = try await server.dashboard(
                .POST, "/dashboard/api/apps", cookies: cookies, headers: ["Content-Type": "application/json"], body: #"{"name":"forged"}"#)
            let session = try await server.dashboard(.GET, "/dashboard/api/session", cookies: cookies)
            let token = try #require(try JSONValue(parsing: session.body)["csrfToken"]?.stringValue)
            let genuine = try await server.dashboard(
                .POST, "/dashboard/api/apps", cookies: cookies, headers: ["Content-Type": "application/json", "X-Kumo-CSRF": token],
                body: #"{"name":"genuine"}"#)
            let listed = try await server.dashboard(.GET, "/dashboard/api/apps", cookies: cookies)

            #expect(forged.status == 403)
            #expect(try JSONValue(parsing: forged.body)["code"] == "csrf")
            #expect(genuine.status == 201)
            let names = try JSONValue(parsing: listed.body)["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(names.contains("genuine"))
            #expect(!names.contains("forged"))
        }
    }

    @Test func everyPageRendersInJapaneseAndEnglishWithoutConsoleErrors() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let shop = try #require(
            try await server.rest(.POST, "/2013-09-01/classes/Shop", body: #"{"name":"一蘭"}"#).json?["objectId"]?.stringValue)
        let food = try #require(
            try await server.rest(
                .POST, "/2013-09-01/classes/Food",
                body: #"""
                    {"name":"ラーメン","price":900,"spicy":true,"servedAt":{"__type":"Date","iso":"2026-11-25T12:00:00.000Z"},
                    "shop":{"__type":"Pointer","className":"Shop","objectId":"\#(shop)"},
                    "location":{"__type":"GeoPoint","latitude":35.6812,"longitude":139.7671},"toppings":["チャーシュー","ネギ"],
                    "acl":{"*":{"read":true},"role:Staff":{"read":true,"write":true}}}
                    """#
            ).json?["objectId"]?.stringValue)
        for (name, price) in [("うどん", 500), ("そば", 700), ("カレー", 850)] {
            _ = try await server.rest(.POST, "/2013-09-01/classes/Food", body: #"{"name":"\#(name)","price":\#(price)}"#)
        }

        try await WebDriver.withSession(acceptLanguage: "ja") { browser in
            var consoleErrors: [WebDriverSession.LogEntry] = []
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            #expect(try await browser.element("html").attribute("lang") == "ja")
            #expect(try await browser.element("main h1").text() == "アプリ")
            try await browser.screenshotForDocumentation("dashboard-applications")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            try await browser.element(#"#applications a[href="/dashboard/apps/e2e"]"#).click()
            try await browser.waitForPage("application")
            #expect(try await browser.element("#application-key").text() != server.applicationKey)
            try await browser.screenshotForDocumentation("dashboard-application")
            try await browser.element("#reveal-keys").click()
            #expect(try await browser.element("#application-key").text() == server.applicationKey)
            #expect(
                try await browser.element("#snippet-swift").text()
                    == #"NCMB.initialize(applicationKey: "\#(server.applicationKey)", clientKey: "\#(server.clientKey)", domainURL: "\#(server.origin)/")"#
            )
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            try await browser.open(server.origin + "/dashboard/apps/e2e/classes")
            try await browser.waitForPage("classes")
            #expect(try await browser.element(#"#classes tr[data-class-name="Food"] td"#).text() == "4")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            try await browser.element(#"#classes a[href="/dashboard/apps/e2e/classes/Food"]"#).click()
            try await browser.waitForPage("objects")
            #expect(try await browser.elements("tbody tr[data-object-id]").count == 4)
            try await browser.screenshotForDocumentation("dashboard-data-browser")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            try await browser.element(#"tr[data-object-id="\#(food)"] .object-link"#).click()
            try await browser.waitForPage("object", #"[data-object-id="\#(food)"]"#)
            #expect(try await browser.element(#"fieldset[data-field="location"]"#).attribute("data-type") == "geoPoint")
            try await browser.screenshotForDocumentation("dashboard-object-editor")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            let pushId = try await browser.createScheduledPushThroughTheDashboard(application: server.applicationName)
            consoleErrors += try await browser.visitPushScriptsImportAndOverviewPages(server, pushId: pushId)
            // Users, roles, files, installations, settings, class permissions and indexes (ApplicationPagesTour.swift).
            consoleErrors += try await browser.visitApplicationPages(of: server)

            try await browser.element(#"header nav a[href="/dashboard/audit"]"#).click()
            try await browser.waitForPage("audit")
            #expect(try await browser.elements("#audit tbody tr").isEmpty == false)
            try await browser.screenshotForDocumentation("dashboard-audit-log")
            // Optional parts left out are left out (not written as "null"), and hidden controls are not shown.
            #expect(try await browser.execute(Self.strayTextInMain) == [])
            #expect(try await browser.execute("return getComputedStyle(document.getElementById('audit-older')).display") == "none")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // Switching to English renders the page again in English and is remembered by the session.
            try await browser.choose("en", in: "#language")
            try await browser.element(#"html[lang="en"]"#)
            try await browser.waitForPage("audit")
            #expect(try await browser.element("main h1").text() == "Audit log")
            try await browser.open(server.origin + "/dashboard/apps")
            try await browser.waitForPage("applications")
            #expect(try await browser.element("main h1").text() == "Applications")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()
            consoleErrors += try await browser.visitPushScriptsImportAndOverviewPages(server, pushId: pushId)
            consoleErrors += try await browser.visitApplicationPages(of: server)

            try await browser.open(server.origin + "/dashboard/apps/e2e/classes/Food/new")
            try await browser.waitForPage("object")
            #expect(try await browser.execute(Self.strayTextInMain) == [])
            try await browser.open(server.origin + "/dashboard/no/such/page")
            try await browser.waitForPage("not-found")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()
            #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        }
    }

    /// The text nodes directly in `main` (pages put every text in an element: a stray one is a bug, like "null").
    static let strayTextInMain =
        "return [...document.querySelector('main').childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent)"
}
