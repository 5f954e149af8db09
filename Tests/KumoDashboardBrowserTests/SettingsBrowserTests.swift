import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// The application settings page in a real headless Chromium against a real `kumo serve`: an error the API names is
/// shown beside its field and nothing is stored; saved settings are read back through the API and seen by REST.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct SettingsBrowserTests {
    @Test func settingsAreSavedAndAnErrorIsShownBesideItsField() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e")
            try await browser.waitForPage("application")
            try await browser.element("#edit-settings").click()
            try await browser.waitForPage("settings")
            #expect(try await browser.element("#apns-state").attribute("data-state") == "keep")

            // Saving without a change sends nothing.
            try await browser.element("#save-settings").click()
            try await browser.element(#"#status[data-kind="info"]"#)

            // An APNs key that is not a key: the API refuses it and the page shows why beside the key.
            try await browser.element("#apns-replace").click()
            try await browser.element("#apns-keyId").type("ABC123DEFG")
            try await browser.element("#apns-teamId").type("DEF456GHIJ")
            try await browser.element("#apns-topic").type("com.example.app")
            try await browser.element("#apns-privateKey").type("not a key")
            try await browser.element("#save-settings").click()
            try await browser.element(#"#status[data-kind="error"]"#)
            let error = try await browser.element(#"[data-error-for^="push.apns"]:not([hidden])"#)
            #expect(try await error.text().isEmpty == false)
            #expect(try await Self.settings(browser)["push"]?["apns"] == .null)

            // Sessions of 48 hours, a template, and a default ACL without public write.
            try await browser.open(server.origin + "/dashboard/apps/e2e/settings")
            try await browser.waitForPage("settings")
            try await browser.element(#"input[name="sessions.lifetimeSeconds"]"#).replaceText(with: "48")
            try await browser.element(#"input[name="sessions.allowsMultipleSessions"]"#).click()
            try await browser.element(#"[data-template="passwordReset"] input"#).type("Reset for {applicationName}")
            try await browser.element(#"[data-template="passwordReset"] textarea"#).type("Open {link}")
            try await browser.element(#"#settings-users tr[data-principal="*"] input[name="write"]"#).click()
            try await browser.element("#save-settings").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            try await browser.waitForPage("settings")
            #expect(try await browser.element(#"input[name="sessions.lifetimeSeconds"]"#).property("value") == "48")

            let saved = try await Self.settings(browser)
            #expect(saved["sessions"] == ["lifetimeSeconds": 172_800, "allowsMultipleSessions": true])
            #expect(saved["mail"]?["templates"]?["passwordReset"] == ["subject": "Reset for {applicationName}", "body": "Open {link}"])
            #expect(saved["defaultACL"] == ["*": ["read": true]])

            // The default ACL applies to an object created over REST without one.
            let created = try await server.rest(.POST, "/2013-09-01/classes/Note", body: #"{"text":"hello"}"#)
            let objectId = try #require(created.json?["objectId"]?.stringValue)
            #expect(try await server.rest(.GET, "/2013-09-01/classes/Note/\(objectId)").json?["acl"] == ["*": ["read": true]])

            // A value out of range is refused beside its field, and nothing else of that save is stored.
            try await browser.element(#"input[name="sessions.lifetimeSeconds"]"#).replaceText(with: "500")
            try await browser.element(#"input[name="files.publicFiles"]"#).click()
            try await browser.element("#save-settings").click()
            try await browser.element(#"#status[data-kind="error"]"#)
            try await browser.element(#"[data-error-for="sessions.lifetimeSeconds"]:not([hidden])"#)
            #expect(try await browser.element(#"input[name="sessions.lifetimeSeconds"]"#).attribute("aria-invalid") == "true")
            let unchanged = try await Self.settings(browser)
            #expect(unchanged["sessions"]?["lifetimeSeconds"] == 172_800)
            #expect(unchanged["files"]?["publicFiles"] == false)
            // The browser logs each refused save as a failed load; anything else is an error of the page.
            let errors = try await browser.consoleErrorsExceptFavicon().filter {
                !($0.message.contains("/dashboard/api/apps/e2e/settings") && $0.message.contains("status of 400"))
            }
            #expect(errors.isEmpty, "console errors: \(errors)")
        }
    }

    /// The settings as the API answers them, fetched with the browser's session.
    static func settings(_ browser: WebDriverSession) async throws -> JSONValue {
        try await browser.executeAsync(
            """
            const done = arguments[arguments.length - 1];
            fetch('/dashboard/api/apps/e2e/settings').then((response) => response.json()).then(done, (error) => done(String(error)));
            """)
    }
}
