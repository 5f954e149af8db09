import Foundation
import KumoTestSupport
import NCMBWire
import Testing

/// The web app with the keyboard alone (docs/decisions/0080-dependency-free-es-module-dashboard.md). Its pure modules
/// are tested by Node.js (`Tests/KumoDashboardTests/JavaScript/`, run by `DashboardScriptTests`).
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct KeyboardBrowserTests {
    @Test func theKeyboardAloneReachesTheContentAndAddsFields() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/Food/new")
            try await browser.waitForPage("object")
            // The skip link is the first stop of Tab and moves the focus to the content.
            try await browser.execute("document.activeElement.blur(); window.focus();")
            try await browser.press(WebDriverKey.tab)
            #expect(try await browser.execute("return document.activeElement.className") == "skip-link")
            try await browser.press(WebDriverKey.enter)
            #expect(try await browser.execute("return document.activeElement.id") == "main")

            // Enter in the field-name box adds the field and moves the focus into its editor.
            try await browser.element(#"#add-field input[name="newField"]"#).type("title" + WebDriverKey.enter)
            try await browser.element(#"fieldset[data-field="title"][data-type="string"]"#)
            #expect(try await browser.execute("return document.activeElement.closest('fieldset')?.dataset.field ?? ''") == "title")
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }
}
