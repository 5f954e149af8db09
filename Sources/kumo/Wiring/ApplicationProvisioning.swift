import KumoServer
import KumoStorage
import NCMBWire

/// Creates applications with fresh keys, the first one on an empty database included.
struct ApplicationProvisioning {
    let storage: any StorageBackend
    var identifiers: any IdentifierGenerator = RandomIdentifierGenerator()
    var clock: any WallClock = SystemWallClock()

    /// Creates an application; keys default to 64 random hexadecimal characters.
    func create(name: String, applicationKey: String? = nil, clientKey: String? = nil) async throws -> HostedApplication {
        let application = HostedApplication(
            applicationId: identifiers.applicationId(), name: name, applicationKey: applicationKey ?? identifiers.key(),
            clientKey: clientKey ?? identifiers.key(), createDate: clock.now())
        try await storage.applications.create(application)
        return application
    }

    /// The first application, created as `default` when the database has none.
    func ensureDefault() async throws -> (application: HostedApplication, isNew: Bool) {
        if let first = try await storage.applications.all().first { return (first, false) }
        return (try await create(name: "default"), true)
    }
}
