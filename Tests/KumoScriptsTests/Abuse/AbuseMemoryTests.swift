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

/// Issue 28, item 7: 512 MiB of `Buffer`s in a worker started with a 128 MiB heap answered 200 and the warm worker kept
/// 742 MB. Off-heap memory counts towards the worker's memory limit (`--scripts-memory-mb`).
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct AbuseMemoryTests {
    @Test func aWorkerOverItsMemoryLimitIsReplacedAndTheCallAnswers500() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy(
                "hoard.js",
                """
                const kept = [];
                module.exports = (req, res) => {
                  for (let megabyte = 0; megabyte < 512; megabyte++) kept.push(Buffer.alloc(1 << 20, 1));
                  res.json({ megabytes: kept.length, rss: Math.round(process.memoryUsage().rss / 1048576) });
                };
                """)
            try await app.deploy("fine.js", "module.exports = (req, res) => res.send('fine');")
            try await app.test { requester in
                let response = try await requester.script(.get, "hoard.js")
                #expect(response.status == .internalServerError, "answered \(response.text)")
                #expect(response.errorCode == "E500001")
                #expect(try await requester.script(.get, "fine.js").text == "fine")
            }
            let entry = try #require(
                try await app.storage.scripts.recentExecutions(applicationId: app.application.applicationId, scriptName: "hoard.js", limit: 1)
                    .first)
            #expect(entry.error?.contains("memory") == true, "logged \(entry.error ?? "nothing")")
        }
    }

    @Test func aScriptWithinTheLimitKeepsItsBuffers() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy(
                "modest.js",
                """
                module.exports = (req, res) => {
                  const kept = [];
                  for (let megabyte = 0; megabyte < 64; megabyte++) kept.push(Buffer.alloc(1 << 20, 1));
                  res.json({ megabytes: kept.length });
                };
                """)
            try await app.test { requester in
                let response = try await requester.script(.get, "modest.js")
                #expect(response.text == #"{"megabytes":64}"#)
            }
        }
    }
}
