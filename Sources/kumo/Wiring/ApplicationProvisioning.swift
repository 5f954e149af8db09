import KumoSeams
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
    ///
    /// Instances that start together on one empty PostgreSQL database race here: the loser of the unique name finds
    /// the winner's application.
    func ensureDefault() async throws -> (application: HostedApplication, isNew: Bool) {
        if let first = try await storage.applications.all().first { return (first, false) }
        do {
            return (try await create(name: "default"), true)
        } catch StorageError.duplicate {
            guard let first = try await storage.applications.all().first else { throw StorageError.notFound }
            return (first, false)
        }
    }
}
