import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// A newcomer's first hour in the dashboard (issue 30), in a real headless Chromium against a real `kumo serve` into
/// which `kumo import` brought the NCMB export fixture: the users' linked accounts, an imported push's page, the
/// compose page without push credentials, a missing object, the command line's changes in the audit log, each SDK's
/// connection code, and an application created with existing NCMB keys.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct NewcomerBrowserTests {
    /// Starts a server whose application `e2e` holds the imported fixture (users bob with facebook, anon-3f1c
    /// anonymous; the push `pushSent0000001`, delivered to 2 devices on NCMB).
    static func importedServer() async throws -> (server: DashboardServer, report: URL) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-newcomer-\(UUID().uuidString).jsonl")
        let server = try await DashboardServer.started(setup: [
            ["import", ImportAndOverviewBrowserTests.fixtureFolder.path, "--app", "e2e", "--progress", "none", "--report", report.path]
        ])
        return (server, report)
    }

    /// The rows of the audit page as "admin action application".
    static let auditRows =
        "return [...document.querySelectorAll('#audit tbody tr')].map((row) => [1, 2, 3].map((index) => row.children[index].textContent).join(' '))"

    // MARK: Tests

    @Test func importedUsersPushesAndTheCommandLinesChangesReadTrue() async throws {
        let (server, report) = try await Self.importedServer()
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: report)
        }
        try await WebDriver.withSession(acceptLanguage: "en") { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/users")
            try await browser.waitForPage("users")
            #expect(
                try await browser.element(#"tr[data-object-id="userBob00000002"] .linked-accounts"#).text() == "facebook: 100000000000001")
            #expect(try await browser.element(#"tr[data-object-id="userAnon0000003"] .linked-accounts"#).text() == "anonymous")
            #expect(try await browser.element(#"tr[data-object-id="userAlice000001"] .linked-accounts"#).text() == "")
            let usersPage = try await browser.execute("return document.documentElement.outerHTML").stringValue ?? ""
            #expect(!usersPage.contains("EAAB-fake") && !usersPage.contains("3F1C5E1E-0000-4000-8000-000000000003"))
            try await browser.screenshotForDocumentation("dashboard-users")

            // The imported push: NCMB's counts, and a sentence that agrees with them.
            try await browser.open(server.origin + "/dashboard/apps/e2e/push/pushSent0000001")
            try await browser.waitForPage("push")
            #expect(try await browser.element(#"#push-counts [data-count="delivered"] dd"#).text() == "2")
            let noOutcomes = try await browser.element("#no-outcomes").text()
            #expect(noOutcomes.hasPrefix("The devices of this push are not recorded here"))
            #expect(noOutcomes != "No device was sent to.")

            // Composing with neither APNs nor FCM credentials warns for both, with the way to the settings.
            try await browser.open(server.origin + "/dashboard/apps/e2e/push/new")
            try await browser.waitForPage("push-new")
            let warning = try await browser.element("#push-credentials-warning")
            #expect(try await warning.attribute("data-missing") == "compose.noAPNs compose.noFCM")
            #expect(try await warning.text().contains("no APNs credentials"))
            #expect(try await warning.element("a").attribute("href") == "/dashboard/apps/e2e/settings")

            // The command line's changes are in the audit log, by "cli".
            try await browser.open(server.origin + "/dashboard/audit")
            try await browser.waitForPage("audit")
            let rows = try await browser.execute(Self.auditRows).arrayValue?.compactMap(\.stringValue) ?? []
            #expect(rows.contains("cli application.create e2e"), "\(rows)")
            #expect(rows.contains("cli import.run e2e"), "\(rows)")
        }
    }

    @Test func aMissingObjectLeadsBackToItsClass() async throws {
        let (server, report) = try await Self.importedServer()
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: report)
        }
        try await WebDriver.withSession(acceptLanguage: "en") { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/GameScore/objects/noSuchObject001")
            try await browser.waitForPage("missing")
            #expect(try await browser.element("main h1").text() == "Not found")
            let back = try await browser.element("#missing-back")
            #expect(try await back.attribute("href") == "/dashboard/apps/e2e/classes/GameScore")
            #expect(try await back.text() == "Back to GameScore")
            try await back.click()
            try await browser.waitForPage("objects")
            #expect(try await browser.elements("tbody tr[data-object-id]").count == 2)

            try await browser.open(server.origin + "/dashboard/apps/nowhere")
            try await browser.waitForPage("missing")
            #expect(try await browser.element("#missing-back").attribute("href") == "/dashboard/apps")
        }
    }

    @Test func theApplicationPageOffersEverySDKsCodeAndANewApplicationKeepsNCMBKeys() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let applicationKey = String(repeating: "5e6f", count: 16)
        let clientKey = String(repeating: "7a8b", count: 16)
        try await WebDriver.withSession(acceptLanguage: "en") { browser in
            var consoleErrors: [WebDriverSession.LogEntry] = []
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e")
            try await browser.waitForPage("application")
            let endpoint = "\(server.origin)/"
            #expect(try await browser.element("#endpoint").text() == endpoint)
            for sdk in ["swift", "objective-c", "java", "kotlin", "unity", "javascript"] {
                let masked = try await browser.element("#snippet-\(sdk)").text()
                #expect(!masked.contains(server.applicationKey) && !masked.contains(server.clientKey), "\(sdk)")
            }
            try await browser.element("#reveal-keys").click()
            #expect(
                try await browser.element("#snippet-swift").text()
                    == #"NCMB.initialize(applicationKey: "\#(server.applicationKey)", clientKey: "\#(server.clientKey)", domainURL: "\#(endpoint)")"#
            )
            #expect(try await browser.element("#snippet-javascript").text().contains(#"fqdn: "127.0.0.1""#))
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            try await browser.open(server.origin + "/dashboard/apps")
            try await browser.waitForPage("applications")
            try await browser.element("#existing-keys summary").click()
            try await browser.element(#"#create-application input[name="name"]"#).type("moved")
            try await browser.element(#"#create-application input[name="applicationKey"]"#).type(applicationKey)
            try await browser.element(#"#create-application input[name="clientKey"]"#).type(clientKey)
            try await browser.element(#"#create-application button[type="submit"]"#).click()
            try await browser.waitForPage("application")
            try await browser.element("#reveal-keys").click()
            #expect(try await browser.element("#application-key").text() == applicationKey)
            #expect(try await browser.element("#client-key").text() == clientKey)
            consoleErrors += try await browser.consoleErrorsExceptFavicon()
            #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        }

        // The app keeps working with its NCMB keys: a signed REST call with them reaches the new application.
        let created = try await server.rest(
            .POST, "/2013-09-01/classes/Moved", body: #"{"kept":true}"#, keys: (applicationKey, clientKey))
        #expect(created.status == 201)
    }
}

/// Words kept whole where the layout is narrow: the setup page's heading on a phone, a GeoPoint in a crowded grid.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct NarrowLayoutBrowserTests {
    /// The words of the first `h1`'s text that the layout splits over two lines (each word measured as a DOM range).
    static let splitWordsOfTheHeading = """
        const text = document.querySelector('h1').firstChild;
        const split = [];
        let start = 0;
        for (const word of text.textContent.split(' ')) {
          const range = document.createRange();
          range.setStart(text, start);
          range.setEnd(text, start + word.length);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) split.push(word);
          start += word.length + 1;
        }
        return split;
        """

    @Test func theSetupHeadingBreaksBetweenWordsOnAPhone() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        try await WebDriver.withSession(acceptLanguage: "en", width: 360, height: 740) { browser in
            try await browser.open(server.origin + "/dashboard/setup?token=" + String(repeating: "0", count: 64))
            #expect(try await browser.element("h1").text() == "Create the first administrator")
            // The heading is wider than the phone: it takes two lines, broken between words.
            let headingLines = """
                const range = document.createRange();
                range.selectNodeContents(document.querySelector('h1'));
                return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
                """
            #expect(try await browser.execute(headingLines).integerValue ?? 0 > 1)
            #expect(try await browser.execute(Self.splitWordsOfTheHeading) == [])
        }
    }

    @Test func aGeoPointCellStaysOnOneLineInACrowdedGrid() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let long = String(repeating: "long text without end ", count: 4)
        var fields: [String] = (1...12).map { #""field\#($0)":"\#(long)""# }
        fields.append(#""location":{"__type":"GeoPoint","latitude":35.681236,"longitude":139.767125}"#)
        let created = try await server.rest(.POST, "/2013-09-01/classes/Place", body: "{" + fields.joined(separator: ",") + "}")
        #expect(created.status == 201)
        try await WebDriver.withSession(acceptLanguage: "en", width: 768, height: 1024) { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/Place")
            try await browser.waitForPage("objects")
            let lines = try await browser.execute(
                "return new Set([...document.querySelector('.geo-point').getClientRects()].map((rect) => Math.round(rect.top))).size")
            #expect(lines == 1)
            #expect(try await browser.element(".geo-point").text() == "35.681236, 139.767125")
        }
    }
}
