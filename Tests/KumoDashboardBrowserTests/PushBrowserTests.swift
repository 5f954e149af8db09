import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// Push in the dashboard against a real `kumo serve` whose APNs client talks to a local fake APNs: a push composed in
/// the browser reaches two installations, one of which APNs refuses with `BadDeviceToken`, and the push's page shows
/// each device's outcome with the reason in words.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct PushBrowserTests {
    static let deliveredToken = String(repeating: "ab", count: 32)
    static let refusedToken = String(repeating: "cd", count: 32)

    /// The Japanese sentence for `BadDeviceToken` (messages-ja.js `push.reason.BadDeviceToken`), in part.
    static let badDeviceTokenJapanese = "デバイストークンがこの APNs 環境では無効です"
    /// The English one (messages-en.js), in part.
    static let badDeviceTokenEnglish = "The device token is not valid for this APNs environment"

    /// Runs `body` with a dashboard server whose application has APNs credentials and whose APNs is `fake`.
    static func withPushServer(
        _ fake: FakeAPNsServer, authority: TestCertificateAuthority, _ body: (DashboardServer) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-dashboard-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let trustRoots = directory.appendingPathComponent("ca.pem")
        try authority.certificatePEM.write(to: trustRoots, atomically: true, encoding: .utf8)
        let keyFile = directory.appendingPathComponent("AuthKey.p8")
        try authority.issueLeaf(commonName: "apns-signing-key").privateKeyPEM.write(to: keyFile, atomically: true, encoding: .utf8)
        let server = try await DashboardServer.started(
            setup: [
                [
                    "apps", "push", "--apns-key-file", keyFile.path, "--apns-key-id", "KEY1234567", "--apns-team-id", "TEAM123456",
                    "--apns-topic", "com.example.dashboard",
                ]
            ],
            serveArguments: ["--apns-url", fake.baseURL, "--push-trust-roots", trustRoots.path])
        defer { server.stop() }
        try await body(server)
    }

    /// Registers an iOS installation through REST; returns its objectId.
    static func installation(_ server: DashboardServer, token: String) async throws -> String {
        let created = try await server.rest(.POST, "/2013-09-01/installations", body: #"{"deviceType":"ios","deviceToken":"\#(token)"}"#)
        return try #require(created.json?["objectId"]?.stringValue, "installation not created: \(created)")
    }

    // MARK: Tests

    @Test func aComposedPushShowsOneDeliveredAndOneRefusedDeviceWithTheReasonInWords() async throws {
        let authority = try TestCertificateAuthority()
        try await FakeAPNsServer.with(authority: authority) { fake in
            fake.script(deviceToken: Self.refusedToken, .apnsError(400, reason: "BadDeviceToken"))
            try await Self.withPushServer(fake, authority: authority) { server in
                let delivered = try await Self.installation(server, token: Self.deliveredToken)
                let refused = try await Self.installation(server, token: Self.refusedToken)

                try await WebDriver.withSession(acceptLanguage: "ja") { browser in
                    var consoleErrors: [WebDriverSession.LogEntry] = []
                    try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/push/new")
                    try await browser.waitForPage("push-new")
                    // APNs credentials are there, FCM ones are not: the warning names only Android's.
                    #expect(try await browser.element("#push-credentials-warning").attribute("data-missing") == "compose.noFCM")
                    // The segment counts the installations it reaches: both, then only iOS ones (both again).
                    try await browser.element(#"#push-audience[data-count="2"]"#)
                    try await browser.element(#"input[name="target"][value="android"]"#).click()
                    // A condition built with the data browser's builder becomes the push's searchCondition.
                    try await browser.element("#push-recipients #add-condition").click()
                    try await browser.element(#"#push-recipients input[name="field"]"#).type("deviceType")
                    try await browser.element(#"#push-recipients input[name="value"]"#).type("ios")
                    #expect(
                        try await browser.element(#"#push-recipients textarea[name="where"]"#).property("value") == #"{"deviceType":"ios"}"#
                    )
                    try await browser.element(#"#push-recipients button[type="submit"]"#).click()
                    try await browser.element(#"#push-form input[name="title"]"#).type("セール")
                    try await browser.element(#"#push-form textarea[name="message"]"#).type("本日限定のお知らせです")
                    try await browser.execute("document.activeElement.blur(); window.scrollTo(0, 0);")
                    try await browser.screenshotForDocumentation("dashboard-push-compose")
                    try await browser.element("#send-push").click()

                    let main = try await browser.waitForPage("push")
                    let pushId = try #require(try await browser.currentURL().split(separator: "/").last.map(String.init))
                    #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains(pushId))
                    // The page asks again while the push is being delivered, and stops once it is partly failed.
                    try await browser.element(#"main[data-status="3"] #outcomes tr[data-outcome="failed"]"#)
                    #expect(try await main.attribute("data-status") == "3")
                    let refusedRow = #"#outcomes tr[data-installation-id="\#(refused)"]"#
                    #expect(try await browser.element(refusedRow).attribute("data-outcome") == "failed")
                    #expect(try await browser.element(refusedRow + " td.reason").attribute("data-reason-code") == "BadDeviceToken")
                    #expect(try await browser.element(refusedRow + " .reason-sentence").text().contains(Self.badDeviceTokenJapanese))
                    #expect(
                        try await browser.element(#"#outcomes tr[data-installation-id="\#(delivered)"]"#).attribute("data-outcome")
                            == "delivered")
                    #expect(try await browser.element(#"#push-counts [data-count="delivered"] dd"#).text() == "1")
                    #expect(try await browser.element(#"#push-counts [data-count="failed"] dd"#).text() == "1")
                    #expect(try await browser.element("#push-details").text().contains(#"{"deviceType":"ios"}"#))
                    try await browser.execute("document.getElementById('push-counts').scrollIntoView()")
                    try await browser.screenshotForDocumentation("dashboard-push-outcomes")
                    consoleErrors += try await browser.consoleErrorsExceptFavicon()

                    // The outcome filter keeps only the refused device; in English its reason reads in English.
                    try await browser.choose("failed", in: "#outcome-filter")
                    try await browser.waitForPage("push", #"[data-status="3"]"#)
                    #expect(try await browser.currentURL().hasSuffix("?outcome=failed"))
                    #expect(try await browser.elements("#outcomes tbody tr").count == 1)
                    try await browser.choose("en", in: "#language")
                    try await browser.element(#"html[lang="en"]"#)
                    try await browser.waitForPage("push", #"[data-status="3"]"#)
                    #expect(try await browser.element(refusedRow + " .reason-sentence").text().contains(Self.badDeviceTokenEnglish))

                    // The list shows the push with its status in words and its counts.
                    try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/push"]"#).click()
                    try await browser.waitForPage("pushes")
                    let listed = #"#pushes tr[data-object-id="\#(pushId)"]"#
                    #expect(try await browser.element(listed + " .push-status").text() == "Partly failed")
                    #expect(try await browser.element(listed + " td.counts").text() == "1 of 2 delivered (1 failed)")
                    consoleErrors += try await browser.consoleErrorsExceptFavicon()
                    #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
                }

                #expect(fake.requests(to: Self.deliveredToken).count == 1)
                #expect(fake.requests(to: Self.refusedToken).count == 1)
            }
        }
    }

    @Test func theComposeFormNamesItsMistakesBesideTheFieldsAndSendsNothing() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession(acceptLanguage: "en") { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/push/new")
            try await browser.waitForPage("push-new")
            try await browser.element(#"input[name="target"][value="ios"]"#).click()
            try await browser.element(#"input[name="target"][value="android"]"#).click()
            try await browser.element(#"input[name="delivery"][value="scheduled"]"#).click()
            try await browser.element(#"#push-form textarea[name="userSettingValue"]"#).type("[1, 2]")
            try await browser.element("#send-push").click()

            try await browser.element("#compose-errors:not([hidden])")
            var fields: [String] = []
            for item in try await browser.elements("#compose-errors li") { fields.append(try await item.attribute("data-field") ?? "") }
            #expect(fields == ["message", "target", "deliveryTime", "userSettingValue"])
            #expect(try await browser.element(#"textarea[name="userSettingValue"]"#).attribute("aria-invalid") == "true")
            #expect(try await browser.currentURL() == server.origin + "/dashboard/apps/e2e/push/new")
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }

        let pushes = try await server.rest(.GET, "/2013-09-01/push")
        #expect(pushes.status == 200)
        #expect(pushes.json?["results"]?.arrayValue?.isEmpty == true)
    }
}
