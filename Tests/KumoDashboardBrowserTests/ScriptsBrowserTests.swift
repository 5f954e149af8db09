import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// Whether Node.js can run the scripts (under `CI` it must: the tests run and fail without it).
let nodeIsUsable =
    ProcessInfo.processInfo.environment["CI"] != nil
    || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/node")
    }

/// Scripts in the dashboard against a real `kumo serve` with real Node.js workers: a broken script is refused with
/// Node's line, a good one is deployed, run with a test request, and its execution log shows the call.
@Suite(
    .serialized,
    .enabled(if: browserIsUsable && nodeIsUsable, "needs chromium, chromium-driver and Node.js (.ci/run installs them)"))
struct ScriptsBrowserTests {
    static let broken = "module.exports = function (req, res) {\n  res.send('unfinished'\n};\n"
    static let hello = """
        module.exports = function (req, res) {
          console.log('greeting ' + req.body.name);
          res.status(200).json({ hello: req.body.name, who: req.query.who });
        };

        """

    // MARK: Tests

    @Test func aDeployedScriptRunsWithATestRequestAndItsLogShowsTheCall() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession(acceptLanguage: "ja") { browser in
            var consoleErrors: [WebDriverSession.LogEntry] = []
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/scripts")
            try await browser.waitForPage("scripts")
            try await browser.element("#no-scripts")

            // A syntax error is refused with Node's message and its line; nothing is deployed.
            try await browser.element(#"#deploy-script input[name="name"]"#).type("hello.js")
            try await browser.element(#"#deploy-script textarea[name="code"]"#).type(Self.broken)
            try await browser.element("#deploy-script button.deploy").click()
            let syntax = try await browser.element("#deploy-script .syntax-error:not([hidden])")
            #expect(try await syntax.text().contains("SyntaxError"))
            #expect(Int(try await syntax.attribute("data-line") ?? "") ?? 0 >= 2)
            #expect(try await browser.element(#"#deploy-script textarea[name="code"]"#).attribute("aria-invalid") == "true")
            #expect(try await server.rest(.POST, "/2015-09-01/script/hello.js", body: "{}").status == 404)
            // The browser logs the refused deploy as a failed load; anything else is an error of the page.
            consoleErrors += try await browser.consoleErrorsExceptFavicon().filter {
                !($0.message.contains("/dashboard/api/apps/e2e/scripts/hello.js") && $0.message.contains("status of 400"))
            }

            // The corrected code is deployed and opens on its page.
            try await browser.element(#"#deploy-script textarea[name="code"]"#).replaceText(with: Self.hello)
            try await browser.element("#deploy-script button.deploy").click()
            try await browser.waitForPage("script")
            #expect(try await browser.currentURL() == server.origin + "/dashboard/apps/e2e/scripts/hello.js")
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains("hello.js"))
            #expect(try await browser.element("#script-code").text().contains("console.log('greeting ' + req.body.name);"))
            let called = try await server.rest(.POST, "/2015-09-01/script/hello.js", body: #"{"name":"app"}"#)
            #expect(called.status == 200)
            #expect(called.json?["hello"] == "app")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // Run with a test request: status, body and duration, then the log entry with the request and the console.
            try await browser.choose("POST", in: "#run-method")
            try await browser.element(#"#run-form textarea[name="query"]"#).type(#"{"who":"dashboard"}"#)
            try await browser.element(#"#run-form textarea[name="body"]"#).type(#"{"name":"kumo"}"#)
            try await browser.element("#run-script").click()
            try await browser.element(#"#run-result[data-status="200"]"#)
            let body = try JSONValue(parsing: try await browser.element("#run-body").text())
            #expect(body == ["hello": "kumo", "who": "dashboard"])
            #expect(try await browser.element("#run-duration").text().hasSuffix("ms"))

            let entry = try await browser.element(#"#script-log details.log-entry[open][data-status="DONE"]"#)
            #expect(try await entry.element(".log-console").text().contains("greeting kumo"))
            #expect(try await entry.element(".log-request-body").text().contains("kumo"))
            #expect(try await entry.element(".log-response-body").text().contains("dashboard"))
            try await browser.execute("document.querySelector('#run-result h3').scrollIntoView()")
            try await browser.screenshotForDocumentation("dashboard-script")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // Disabled, the script answers 404 like a missing one; the list shows its state.
            try await browser.element("#toggle-script").click()
            try await browser.waitForPage("script")
            try await browser.element(#"h1 .script-state[data-enabled="false"]"#)
            #expect(try await server.rest(.POST, "/2015-09-01/script/hello.js", body: "{}").status == 404)
            try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/scripts"]"#).click()
            try await browser.waitForPage("scripts")
            #expect(try await browser.element(#"#scripts tr[data-script="hello.js"] .script-state"#).attribute("data-enabled") == "false")

            // Deleted from the list after the confirmation.
            try await browser.element(#"#scripts tr[data-script="hello.js"] .delete-script"#).click()
            try await browser.element("#confirm-accept").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            try await browser.waitForPage("scripts")
            try await browser.element("#no-scripts")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()
            #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        }
    }
}
