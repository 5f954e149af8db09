import KumoPostgres
import Testing

@Suite struct PostgresConfigurationTests {
    // MARK: Tests

    @Test func aFullURLSetsEveryPart() throws {
        let configuration = try PostgresConfiguration(
            url: "postgres://kumo:s%40cret@db.example:6543/kumo_data?schema=tenant_1&sslmode=require")

        #expect(configuration.host == "db.example")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "kumo")
        #expect(configuration.password == "s@cret")
        #expect(configuration.database == "kumo_data")
        #expect(configuration.schema == "tenant_1")
        #expect(configuration.transportSecurity == .require)
    }

    @Test func aShortURLTakesTheDefaults() throws {
        let configuration = try PostgresConfiguration(url: "postgresql://kumo@localhost/kumo")

        #expect(configuration.port == 5432)
        #expect(configuration.password == nil)
        #expect(configuration.schema == nil)
        #expect(configuration.transportSecurity == .prefer)
        #expect(configuration.timeout == .seconds(5))
    }

    @Test(arguments: [
        "mysql://kumo@localhost/kumo", "postgres://localhost/kumo", "postgres://kumo@localhost", "postgres://kumo@localhost/a/b",
        "postgres://kumo@/kumo", "postgres://kumo@localhost/kumo?schema=Bad-Name", "postgres://kumo@localhost/kumo?sslmode=always",
        "postgres://kumo@localhost/kumo?pool=3", "not a url",
    ])
    func anUnusableURLIsRejectedWithAReason(_ url: String) {
        #expect(throws: PostgresConfigurationError.self) { try PostgresConfiguration(url: url) }
    }

    @Test func theRedactedDescriptionHidesThePassword() throws {
        let configuration = try PostgresConfiguration(url: "postgres://kumo:secret@localhost:5432/kumo?schema=one")

        #expect(configuration.redactedDescription == "postgres://kumo@localhost:5432/kumo?schema=one")
    }

    @Test(arguments: [("kumo", true), ("_kumo_2", true), ("Kumo", false), ("2kumo", false), ("", false), ("a-b", false)])
    func schemaNamesAreSingleUnquotedIdentifiers(_ name: String, _ isValid: Bool) {
        #expect(PostgresConfiguration.isValidSchemaName(name) == isValid)
    }
}
