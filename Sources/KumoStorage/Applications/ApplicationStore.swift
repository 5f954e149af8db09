package import NCMBWire

/// Applications hosted by this Kumo instance (docs/architecture.md#server-environment-errors-and-applications).
package protocol ApplicationStore: Sendable {
    /// Stores a new application; a taken name, applicationId or application key → `StorageError.duplicate`.
    func create(_ application: HostedApplication) async throws
    /// The application whose `X-NCMB-Application-Key` is `applicationKey`, or `nil`.
    func application(applicationKey: String) async throws -> HostedApplication?
    /// The application with this applicationId (browser endpoints, docs/wire/endpoints/browser-pages.md), or `nil`.
    func application(applicationId: String) async throws -> HostedApplication?
    /// The application with this name, or `nil`.
    func application(named name: String) async throws -> HostedApplication?
    /// Every application, oldest first.
    func all() async throws -> [HostedApplication]
    /// Replaces the settings of an application and counts the change in its `settingsVersion`.
    /// - Throws: `StorageError.notFound` for an unknown applicationId.
    func updateSettings(applicationId: String, settings: ApplicationSettings) async throws
    /// Replaces the settings of an application only while its `settingsVersion` is `expectedVersion`, in one statement.
    /// - Returns: The new `settingsVersion`, or `nil` when the stored version is another (a change came first).
    /// - Throws: `StorageError.notFound` for an unknown applicationId.
    func updateSettings(applicationId: String, settings: ApplicationSettings, expectedVersion: Int64) async throws -> Int64?
    /// The class-level permissions of every class of the application that has any (classes not listed are open).
    func classPermissions(applicationId: String) async throws -> [ClassName: ClassPermissions]
    /// Replaces the class-level permissions of one class, registering the class when it has no object yet.
    func setClassPermissions(_ permissions: ClassPermissions, applicationId: String, className: ClassName) async throws
}
