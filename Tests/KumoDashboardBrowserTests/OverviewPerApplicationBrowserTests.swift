import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// The Overview per application (docs/decisions/0158-per-application-overview.md) in a real headless Chromium against a
/// real `kumo serve`: requests to two applications, each one's numbers in its own view, the picker and the application
/// page's link to it.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct OverviewPerApplicationBrowserTests {
    static let soba = (applicationKey: "sobaapplicationkey", clientKey: "sobaclientkey")

    /// The value of a total tile of the view of `application` ("" for all applications), once that view is drawn.
    static func total(_ browser: WebDriverSession, _ key: String, application: String) async throws -> String {
        try await browser.element(#"#overview-content[data-application="\#(application)"] [data-total="\#(key)"] dd"#).text()
    }

    @Test func eachApplicationsRequestsAreSeenInItsOwnView() async throws {
        let server = try await DashboardServer.started(setup: [
            ["apps", "create", "--name", "soba", "--application-key", Self.soba.applicationKey, "--client-key", Self.soba.clientKey]
        ])
        defer { server.stop() }
        for index in 0..<3 {
            #expect(try await server.rest(.POST, "/2013-09-01/classes/Visit", body: #"{"index":\#(index)}"#).status == 201)
        }
        #expect(try await server.rest(.GET, "/2013-09-01/classes/Visit/missing0000000").status == 404)
        for _ in 0..<2 {
            #expect(try await server.rest(.GET, "/2013-09-01/classes/Shop", keys: Self.soba).status == 200)
        }

        try await WebDriver.withSession(acceptLanguage: "en") { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/overview")
            try await browser.waitForPage("overview")
            #expect(Int(try await Self.total(browser, "requests", application: "")) ?? 0 >= 6)
            #expect(try await browser.elements("#chart-push").count == 1)
            let options = try await browser.elements("#overview-application option")
            var names: [String] = []
            for option in options { names.append(try await option.text()) }
            #expect(names == ["All applications", "e2e", "soba"])

            // soba: its two reads, no error, no push tiles or chart, and the words that say whose numbers they are.
            try await browser.choose("soba", in: "#overview-application")
            #expect(try await Self.total(browser, "requests", application: "soba") == "2")
            #expect(try await Self.total(browser, "errors", application: "soba") == "0")
            #expect(try await browser.currentURL().hasSuffix("/dashboard/overview?application=soba"))
            #expect(try await browser.elements(#"#overview-totals [data-total="pushDelivered"], #chart-push"#).isEmpty)
            #expect(try await browser.element("#overview-hint").attribute("data-tracked") == "true")
            #expect(try await browser.element("#overview-hint").text().contains("on this instance since it started"))
            #expect(try await browser.element("main h1").text() == "Overview: soba")
            #expect(try await ImportAndOverviewBrowserTests.tableSum(browser, chart: "chart-requests", column: 1) == 2)

            // e2e: its three writes and the 404.
            try await browser.choose("e2e", in: "#overview-application")
            #expect(try await Self.total(browser, "requests", application: "e2e") == "4")
            #expect(try await Self.total(browser, "errors", application: "e2e") == "1")
            #expect(try await ImportAndOverviewBrowserTests.tableSum(browser, chart: "chart-errors", column: 1) == 1)

            // The span is kept when the application changes, and the application when the span changes.
            try await browser.choose("180", in: "#overview-span")
            #expect(
                try await browser.element(#"#overview-content[data-application="e2e"][data-minutes="180"] #chart-requests"#).attribute(
                    "data-points") == "180")
            #expect(try await browser.currentURL().hasSuffix("/dashboard/overview?minutes=180&application=e2e"))

            // The application page links to its view.
            try await browser.open(server.origin + "/dashboard/apps/soba")
            try await browser.waitForPage("application")
            try await browser.element(#"#application-sections a[data-section="overview"]"#).click()
            #expect(try await Self.total(browser, "requests", application: "soba") == "2")
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    @Test func anUnknownApplicationSaysItIsNotFound() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession(acceptLanguage: "en") { browser in
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            try await browser.open(server.origin + "/dashboard/overview?application=nope")
            try await browser.waitForPage("missing")
            #expect(try await browser.element("main").text().contains("No application is named nope."))
            #expect(try await browser.elements("#overview-content").isEmpty)
            try await browser.element("#missing-back")
        }
    }

    @Test func signingInOnAnApplicationsOverviewLandsOnThatViewWithItsQuery() async throws {
        let server = try await DashboardServer.started(setup: [
            ["apps", "create", "--name", "soba", "--application-key", Self.soba.applicationKey, "--client-key", Self.soba.clientKey]
        ])
        defer { server.stop() }

        try await WebDriver.withSession(acceptLanguage: "en") { browser in
            // Signed out: the sign-in form, whose `next` is the whole page address, query included.
            try await browser.signIn(to: server, openingPath: "/dashboard/overview?minutes=180&application=soba")
            try await browser.waitForPage("overview")
            #expect(try await browser.currentURL() == server.origin + "/dashboard/overview?minutes=180&application=soba")
            try await browser.element(#"#overview-content[data-application="soba"][data-minutes="180"]"#)
            #expect(try await browser.element("main h1").text() == "Overview: soba")
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    /// The top of each line box of every section link of the application page (one entry per link).
    static let sectionLinkLines = """
        return [...document.querySelectorAll('#application-sections a')].map((link) => {
          const range = document.createRange();
          range.selectNodeContents(link);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        """

    @Test func theApplicationPagesSectionLinksKeepEachLabelOnOneLineInJapanese() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        // At the screenshots' width the ten links stand in one row, "トラフィック" included.
        try await WebDriver.withSession(acceptLanguage: "ja") { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e")
            try await browser.waitForPage("application")
            #expect(try await browser.element(#"#application-sections a[data-section="overview"]"#).text() == "トラフィック")
            let rows = try await browser.execute(
                "return new Set([...document.querySelectorAll('#application-sections a')].map((link) => Math.round(link.getBoundingClientRect().top))).size"
            )
            #expect(rows == 1)
            #expect(try await browser.execute(Self.sectionLinkLines) == .array(Array(repeating: .integer(1), count: 10)))
        }
        // On a phone the links wrap onto rows, but no label breaks inside its link.
        try await WebDriver.withSession(acceptLanguage: "ja", width: 360, height: 740) { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e")
            try await browser.waitForPage("application")
            #expect(try await browser.execute(Self.sectionLinkLines) == .array(Array(repeating: .integer(1), count: 10)))
        }
    }
}
