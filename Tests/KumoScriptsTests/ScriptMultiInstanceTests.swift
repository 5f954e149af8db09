import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoPostgres
import KumoScripts
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Scripts live in the database: two instances on one PostgreSQL database run the same deployed version.
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct ScriptMultiInstanceTests {
    @Test func twoInstancesOnOnePostgreSQLDatabaseRunTheSameDeployedScript() async throws {
        try await TestDatabase.withScratchSchema { configuration in
            let first = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
            try await first.closing(after: { first in
                let second = try await PostgresStorage.open(configuration: configuration, logger: TestDatabase.logger)
                try await second.closing(after: { second in
                    try await TestNode.withRunner { firstRunner in
                        try await TestNode.withRunner { secondRunner in
                            try await Self.check(first: (first, firstRunner), second: (second, secondRunner))
                        }
                    }
                })
            })
        }
    }

    /// Deploys through the first instance's storage and calls both instances, before and after a new version.
    private static func check(
        first: (storage: any StorageBackend, runner: NodeScriptRunner), second: (storage: any StorageBackend, runner: NodeScriptRunner)
    ) async throws {
        let clock = TestClock()
        let keys = TestKeys.documented
        let application = HostedApplication(
            applicationId: "SharedApplication", name: "shared", applicationKey: keys.applicationKey, clientKey: keys.clientKey,
            settings: ApplicationSettings(), createDate: clock.now())
        try await first.storage.applications.create(application)
        func deploy(_ code: String) async throws {
            _ = try await first.storage.scripts.deploy(
                ScriptDeployment(applicationId: application.applicationId, name: "version.js", code: code), maximumCount: 100,
                now: clock.now())
        }
        func call(_ instance: (storage: any StorageBackend, runner: NodeScriptRunner)) async throws -> String {
            var environment = ServerEnvironment.test(
                storage: instance.storage, clock: clock, logger: TestDatabase.logger, mailer: RecordingMailTransport())
            environment.scripts = instance.runner
            let server = buildApplication(configuration: KumoConfiguration(), environment: environment)
            return try await server.test(.router) { client in
                try await TestRequester(client: client, application: application, clock: clock).script(.get, "version.js").text
            }
        }
        try await deploy("module.exports = (req, res) => res.send('one');")
        #expect(try await call(first) == "one")
        #expect(try await call(second) == "one")
        try await deploy("module.exports = (req, res) => res.send('two');")
        #expect(try await call(second) == "two")
        #expect(try await call(first) == "two")
    }
}
