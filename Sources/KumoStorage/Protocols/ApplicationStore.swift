/// Applications hosted by this Kumo instance (architecture §8).
package protocol ApplicationStore: Sendable {
    /// Stores a new application; a taken name, applicationId or application key → `StorageError.duplicate`.
    func create(_ application: HostedApplication) async throws
    /// The application whose `X-NCMB-Application-Key` is `applicationKey`, or `nil`.
    func application(applicationKey: String) async throws -> HostedApplication?
    /// The application with this applicationId (browser endpoints, wire spec §5.10), or `nil`.
    func application(applicationId: String) async throws -> HostedApplication?
    /// The application with this name, or `nil`.
    func application(named name: String) async throws -> HostedApplication?
    /// Every application, oldest first.
    func all() async throws -> [HostedApplication]
}
