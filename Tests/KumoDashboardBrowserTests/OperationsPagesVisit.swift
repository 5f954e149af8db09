import Foundation
import KumoTestSupport
import NCMBWire
import Testing

/// The pages of push, scripts, import/export and the overview, for the test that renders every page in Japanese and
/// English (`SessionBrowserTests.everyPageRendersInJapaneseAndEnglishWithoutConsoleErrors`).
extension WebDriverSession {
    /// Registers a push due in 2099 through the dashboard's API with this browser's session (and its CSRF token), as
    /// the compose page does; returns its objectId.
    func createScheduledPushThroughTheDashboard(application: String) async throws -> String {
        let answer = try await executeAsync(
            """
            const done = arguments[arguments.length - 1];
            const body = { deliveryTime: { __type: 'Date', iso: '2099-01-01T00:00:00.000Z' }, target: ['ios'], title: 'お知らせ', message: '新メニュー' };
            fetch('/dashboard/api/session').then((response) => response.json())
              .then((session) => fetch('/dashboard/api/apps/\(application)/classes/push/objects', {
                method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Kumo-CSRF': session.csrfToken }, body: JSON.stringify(body),
              }))
              .then((response) => response.json())
              .then((created) => done(created.objectId ?? JSON.stringify(created)), (error) => done(String(error)));
            """)
        let objectId = try #require(answer.stringValue)
        #expect(objectId.count == 16, "push not created: \(objectId)")
        return objectId
    }

    /// Opens each page of push, scripts, import/export and the overview in the current language, waits for it to
    /// render, checks that it has a heading and no stray text (and, `checkingWidth`, that it is no wider than the
    /// window); returns the console errors seen.
    func visitPushScriptsImportAndOverviewPages(
        _ server: DashboardServer, pushId: String, checkingWidth: Bool = false
    ) async throws -> [LogEntry] {
        let pages = [
            ("/dashboard/apps/e2e/push", "pushes"), ("/dashboard/apps/e2e/push/new", "push-new"),
            ("/dashboard/apps/e2e/push/\(pushId)", "push"), ("/dashboard/apps/e2e/scripts", "scripts"),
            ("/dashboard/apps/e2e/import", "import"), ("/dashboard/overview", "overview"),
        ]
        var errors: [LogEntry] = []
        for (path, name) in pages {
            try await open(server.origin + path)
            try await waitForPage(name)
            #expect(try await element("main h1").text().isEmpty == false, "\(path)")
            #expect(try await execute(SessionBrowserTests.strayTextInMain) == [], "\(path)")
            if checkingWidth { #expect(try await execute(UsersAndRolesBrowserTests.pageOverflows) == false, "\(path) overflows") }
            errors += try await consoleErrorsExceptFavicon()
        }
        #expect(try await element(#"main[data-page="overview"] #chart-requests svg"#).attribute("aria-hidden") == "true")
        return errors
    }
}
