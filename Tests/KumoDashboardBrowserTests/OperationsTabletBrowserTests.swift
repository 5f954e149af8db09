import Foundation
import KumoTestSupport
import Testing

/// The pages of push, scripts, import/export and the overview on a tablet in portrait (768 px): nothing pushes the
/// page sideways (wide tables scroll inside their frame).
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct OperationsTabletBrowserTests {
    @Test func everyPushScriptsImportAndOverviewPageFitsATabletInPortrait() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession(acceptLanguage: "ja", width: 768, height: 1024) { browser in
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            let pushId = try await browser.createScheduledPushThroughTheDashboard(application: server.applicationName)
            let errors = try await browser.visitPushScriptsImportAndOverviewPages(server, pushId: pushId, checkingWidth: true)
            #expect(errors.isEmpty, "console errors: \(errors)")
        }
    }
}
