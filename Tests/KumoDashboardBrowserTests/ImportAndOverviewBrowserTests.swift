import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// Import/Export and the overview in a real headless Chromium against a real `kumo serve`: the NCMB export fixture of
/// `KumoImportTests` is uploaded from the browser and imported, its report read on the page and its objects through
/// REST; the export downloads; the overview draws its charts from the requests just made.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct ImportAndOverviewBrowserTests {
    /// `Tests/KumoImportTests/Fixtures/ncmb`: an NCMB export (users, roles, installations, a push, two classes).
    static let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("KumoImportTests/Fixtures/ncmb")
    static let fixtureCounts = ["GameScore": 2, "Stage": 1, "user": 3, "role": 2, "installation": 2, "push": 1]

    // MARK: Tests

    @Test func theFixtureExportIsImportedFromTheBrowserWithItsReport() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let files = Self.fixtureCounts.keys.sorted().map { Self.fixtureFolder.appendingPathComponent("\($0).json").path }

        try await WebDriver.withSession(acceptLanguage: "ja") { browser in
            var consoleErrors: [WebDriverSession.LogEntry] = []
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/import")
            try await browser.waitForPage("import")
            try await browser.element("#no-imports")
            // A multiple file input takes the paths one per line.
            try await browser.element(#"#import-form input[name="exportFiles"]"#).type(files.joined(separator: "\n"))
            try await browser.element("#start-import").click()

            // The page follows the job (in the URL) until it ends, then shows the report.
            let panel = try await browser.element(#"#import-job[data-state="finished"] #import-report"#)
            #expect(try await browser.currentURL().contains("/dashboard/apps/e2e/import?job="))
            for (className, count) in Self.fixtureCounts {
                let cell = #"#import-summary tr[data-class-name="\#(className)"] td[data-count="imported"]"#
                #expect(try await browser.element(cell).text() == String(count), "\(className)")
            }
            #expect(try await panel.element(#"tfoot td[data-count="imported"]"#).text() == "11")
            #expect(try await panel.element(#"tfoot td[data-count="failed"]"#).text() == "0")
            // The jobs list refreshes on its own after the panel: wait for its finished row, then count.
            try await browser.element(#"#import-jobs tbody tr[data-state="finished"]"#)
            #expect(try await browser.elements(#"#import-jobs tbody tr[data-state="finished"]"#).count == 1)
            try await browser.screenshotForDocumentation("dashboard-import")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // The export link downloads the application as a tar.
            let download = try await browser.executeAsync(
                """
                const done = arguments[arguments.length - 1];
                fetch(document.getElementById('export-download').href)
                  .then(async (response) => done([response.status, response.headers.get('content-type'), (await response.arrayBuffer()).byteLength]))
                  .catch((error) => done(String(error)));
                """)
            #expect(download.arrayValue?.first == 200)
            #expect(download.arrayValue?[1].stringValue?.hasPrefix("application/x-tar") == true)
            #expect((download.arrayValue?.last?.integerValue ?? 0) > 0)
            consoleErrors += try await browser.consoleErrorsExceptFavicon()
            #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        }

        let score = try await server.rest(.GET, "/2013-09-01/classes/GameScore/score0000000001")
        #expect(score.status == 200)
        #expect(score.json?["score"] == 1200)
        let stages = try await server.rest(.GET, "/2013-09-01/classes/Stage", query: "count=1&limit=0")
        #expect(stages.json?["count"] == 1)
    }

    @Test func theOverviewDrawsItsChartsFromTheRequestsJustMade() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        for index in 0..<6 {
            #expect(try await server.rest(.POST, "/2013-09-01/classes/Visit", body: #"{"index":\#(index)}"#).status == 201)
        }
        #expect(try await server.rest(.GET, "/2013-09-01/classes/Visit/missing0000000").status == 404)

        try await WebDriver.withSession(acceptLanguage: "ja") { browser in
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            try await browser.element(#"header nav a[href="/dashboard/overview"]"#).click()
            try await browser.waitForPage("overview")
            #expect(try await browser.element(#"header nav a[aria-current="page"]"#).attribute("href") == "/dashboard/overview")

            // Sixty points a chart (one per minute); the requests, the 404 and the latency are drawn and tabled.
            #expect(try await browser.element("#chart-requests").attribute("data-points") == "60")
            let requests = try await Self.tableSum(browser, chart: "chart-requests", column: 1)
            let errors = try await Self.tableSum(browser, chart: "chart-errors", column: 1)
            #expect(requests >= 7)
            #expect(errors >= 1)
            #expect(
                try await browser.elements("#chart-requests svg .chart-series path, #chart-requests svg .chart-series circle").isEmpty
                    == false)
            #expect(try await browser.elements("#chart-latency svg .chart-series[data-series=\"p99\"] > *").isEmpty == false)
            #expect(try await browser.elements("#chart-requests svg text.chart-tick").count >= 4)
            #expect(Int(try await browser.element(#"#overview-totals [data-total="requests"] dd"#).text()) ?? 0 >= 7)
            // The instances on the database: this one, marked as the one the charts show (its totals are those of its
            // last heartbeat, up to 10 s old).
            let instanceRows = try await browser.elements("#overview-instances tbody tr")
            #expect(instanceRows.count == 1)
            #expect(try await browser.element(#"#overview-instances tbody tr[data-current="true"] th"#).text().contains("127.0.0.1:"))
            #expect(Int(try await browser.element("#overview-instances tbody tr td:nth-of-type(3)").text()) != nil)

            // The data table is there for screen readers and shows on demand.
            #expect(try await browser.element("#chart-requests-table").attribute("class")?.contains("visually-hidden") == true)
            try await browser.element("#chart-requests figcaption button").click()
            #expect(try await browser.element("#chart-requests-table").attribute("class")?.contains("visually-hidden") == false)
            #expect(try await browser.element("#chart-requests figcaption button").attribute("aria-expanded") == "true")
            try await browser.element("#chart-requests figcaption button").click()
            try await browser.screenshotForDocumentation("dashboard-overview")

            try await browser.choose("360", in: "#overview-span")
            try await browser.waitForPage("overview")
            #expect(try await browser.currentURL().hasSuffix("/dashboard/overview?minutes=360"))
            #expect(try await browser.element("#chart-requests").attribute("data-points") == "360")
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    /// The sum of a column of a chart's data table (numbers as the page formats them).
    static func tableSum(_ browser: WebDriverSession, chart: String, column: Int) async throws -> Int {
        let value = try await browser.execute(
            """
            return [...document.querySelectorAll('table[data-chart="\(chart)"] tbody tr')]
              .map((row) => Number((row.children[\(column)]?.textContent ?? '').replace(/[^0-9.]/g, '')) || 0)
              .reduce((total, value) => total + value, 0);
            """)
        return Int(value.integerValue ?? 0)
    }
}
