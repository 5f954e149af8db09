import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoSeams
import NIOCore
import HummingbirdTesting
import KumoScripts
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `require('ncmb')` in scripts: resolved from `--scripts-modules`, redirected to this Kumo (docs/wire/endpoints/scripts.md).
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct ScriptModuleTests {
    @Test func theStandInNCMBModuleCreatesAndReadsAnObjectOfTheCallingApplication() async throws {
        try await TestNode.withRunner(modulesDirectory: TestNode.modulesDirectory) { runner in
            try await TestApplication.with(environment: {
                $0.scripts = runner
                // The stand-in signs with the real time, as NCMB's package does.
                $0.clock = SystemWallClock()
            }) { app in
                try await app.deploy(
                    "roundTrip.js",
                    """
                    const NCMB = require('ncmb');
                    const ncmb = new NCMB('\(app.application.applicationKey)', '\(app.application.clientKey)');
                    module.exports = async (req, res) => {
                      const Food = ncmb.DataStore('Food');
                      const saved = await new Food({ name: req.body.name }).save();
                      const fetched = await Food.fetchById(saved.objectId);
                      res.json({ objectId: fetched.objectId === saved.objectId, name: fetched.name });
                    };
                    """)
                let server = buildApplication(configuration: app.configuration, environment: app.environment)
                try await server.test(.live) { client in
                    runner.setEndpoint(.init(host: "127.0.0.1", port: try #require(client.port)))
                    let now = TestClock(WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)))
                    let requester = TestRequester(client: client, application: app.application, clock: now)
                    let response = try await requester.script(.post, "roundTrip.js", body: #"{"name":"ramen"}"#)
                    #expect(response.text == #"{"objectId":true,"name":"ramen"}"#)
                }
            }
        }
    }

    @Test func aMissingModuleGivesNodesErrorInTheLog() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy("missing.js", "const ncmb = require('ncmb');\nmodule.exports = (req, res) => res.send('never');")
            try await app.test { requester in
                let response = try await requester.script(.get, "missing.js")
                #expect(response.errorCode == "E500001")
            }
            let entry = try #require(
                try await app.storage.scripts.recentExecutions(applicationId: app.application.applicationId, scriptName: nil, limit: 1).first)
            #expect(entry.error?.contains("Cannot find module 'ncmb'") == true)
            #expect(entry.error?.contains("--scripts-modules") == true)
        }
    }
}
