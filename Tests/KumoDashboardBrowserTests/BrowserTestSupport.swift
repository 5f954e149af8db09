import Foundation
import KumoTestSupport
import NCMBWire
import Testing

/// The condition of every browser test: Chromium and chromedriver installed (under `CI` they must be: the tests run
/// and fail without them).
let browserIsUsable = WebDriver.isUsable
let browserRequirement: Comment = "needs Debian's chromium and chromium-driver (.ci/run installs them)"

extension WebDriverSession {
    /// Signs in through `/dashboard/login` after opening `path` (which sends a visitor without a session there).
    func signIn(to server: DashboardServer, openingPath path: String = "/dashboard/") async throws {
        try await open(server.origin + path)
        try await element(#"input[name="email"]"#).type(server.adminEmail)
        try await element(#"input[name="password"]"#).type(server.adminPassword + WebDriverKey.enter)
    }

    /// Chooses an option of a `<select>` by value, as a user clicking it would (fires `input` and `change`).
    func choose(_ value: String, in selector: String) async throws {
        try await element(#"\#(selector) option[value="\#(value)"]"#).click()
    }

    /// The console errors since the previous call, without the browser's own `/favicon.ico` request (made by the
    /// browser for server-rendered pages, not by the dashboard's code).
    func consoleErrorsExceptFavicon() async throws -> [LogEntry] {
        try await consoleErrors().filter { !$0.message.contains("/favicon.ico") }
    }

    /// Saves a screenshot into `KUMO_DASHBOARD_SCREENSHOTS` (e.g. `docs/images`) when that variable is set.
    func screenshotForDocumentation(_ name: String) async throws {
        guard let folder = ProcessInfo.processInfo.environment["KUMO_DASHBOARD_SCREENSHOTS"] else { return }
        try await saveScreenshot(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).png"))
    }
}

extension JSONValue {
    /// A member of an object value (nil otherwise).
    subscript(_ key: String) -> JSONValue? { objectValue?[key] }
}
