import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoScripts
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Issue 28, item 5: a script signalled `kumo serve` (`process.kill(process.ppid, 'SIGKILL')`). Signal 0 asks the kernel
/// whether a signal would be delivered without sending one, so the attempts cannot hurt the test process.
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct AbuseSignalTests {
    @Test func aScriptCannotSignalItsParentOrAnyOtherProcess() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy(
                "signal.js",
                """
                const attempt = (action) => { try { const value = action(); return value === 0 || value === true ? 'sent' : 'errno ' + value; } catch (error) { return error.code || String(error); } };
                module.exports = (req, res) => res.json({
                  parent: attempt(() => process.kill(process.ppid, 0)),
                  parentThroughTheBinding: attempt(() => process._kill(process.ppid, 0)),
                  everyone: attempt(() => process.kill(-1, 0)),
                  group: attempt(() => process.kill(0, 0)),
                  kumo: attempt(() => process.kill(\(getpid()), 0)),
                  itself: attempt(() => process.kill(process.pid, 0)),
                });
                """)
            try await app.test { requester in
                let response = try await requester.script(.get, "signal.js")
                let object = try #require(response.json?.objectValue)
                for attempt in ["parent", "parentThroughTheBinding", "everyone", "group", "kumo"] {
                    #expect(object[attempt]?.stringValue != "sent", "\(attempt): \(object[attempt] ?? .null)")
                }
                #expect(object["itself"] == "sent")
                #expect(try await requester.script(.get, "signal.js").status == .ok)
            }
        }
    }

    @Test func aScriptThatTriesToKillTheServerOnlyEndsItsOwnCall() async throws {
        try await TestApplication.withScripts { app, _ in
            // SIGPIPE: the one signal the test process ignores (the runner ignores it), so the "before" could not kill it.
            try await app.deploy("kill.js", "module.exports = (req, res) => { process.kill(process.ppid, 'SIGPIPE'); res.send('sent'); };")
            try await app.deploy("fine.js", "module.exports = (req, res) => res.send('fine');")
            try await app.test { requester in
                let response = try await requester.script(.get, "kill.js")
                #expect(response.status == .internalServerError)
                #expect(response.errorCode == "E500001")
                #expect(try await requester.script(.get, "fine.js").text == "fine")
            }
            let entry = try #require(
                try await app.storage.scripts.recentExecutions(applicationId: app.application.applicationId, scriptName: "kill.js", limit: 1)
                    .first)
            #expect(entry.error?.contains("EPERM") == true)
        }
    }
}
