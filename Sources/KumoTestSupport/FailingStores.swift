package import KumoStorage
import Testing
package import NCMBWire

/// An `ObjectStore` that fails the running test on every call the test did not provide.
package struct FailingObjectStore: ObjectStore {
    package var onCreate: (@Sendable (NewObject) async throws -> StoredObject)?
    package var onObject: (@Sendable (ObjectKey, AccessContext) async throws -> StoredObject)?
    package var onFind: (@Sendable (FindRequest, AccessContext) async throws -> FoundObjects)?
    package var onUpdate: (@Sendable (ObjectUpdate, AccessContext) async throws -> StoredObject)?
    package var onDelete: (@Sendable (ObjectKey, AccessContext) async throws -> Void)?

    /// Creates a store where every call fails.
    package init() {}

    package func create(_ object: NewObject) async throws -> StoredObject {
        guard let onCreate else { throw UnexpectedCall("ObjectStore.create(_:)", object.key) }
        return try await onCreate(object)
    }

    package func object(_ key: ObjectKey, include: [[FieldName]], access: AccessContext) async throws -> StoredObject {
        guard let onObject else { throw UnexpectedCall("ObjectStore.object(_:include:access:)", key) }
        return try await onObject(key, access)
    }

    package func find(_ request: FindRequest, access: AccessContext) async throws -> FoundObjects {
        guard let onFind else { throw UnexpectedCall("ObjectStore.find(_:access:)", request) }
        return try await onFind(request, access)
    }

    package func update(_ update: ObjectUpdate, access: AccessContext) async throws -> StoredObject {
        guard let onUpdate else { throw UnexpectedCall("ObjectStore.update(_:access:)", update.key) }
        return try await onUpdate(update, access)
    }

    package func delete(_ key: ObjectKey, access: AccessContext) async throws {
        guard let onDelete else { throw UnexpectedCall("ObjectStore.delete(_:access:)", key) }
        try await onDelete(key, access)
    }
}

/// An `ApplicationStore` that fails the running test on every call the test did not provide.
package struct FailingApplicationStore: ApplicationStore {
    package var onCreate: (@Sendable (HostedApplication) async throws -> Void)?
    package var onApplicationByKey: (@Sendable (String) async throws -> HostedApplication?)?
    package var onApplicationById: (@Sendable (String) async throws -> HostedApplication?)?
    package var onApplicationByName: (@Sendable (String) async throws -> HostedApplication?)?
    package var onAll: (@Sendable () async throws -> [HostedApplication])?
    package var onUpdateSettings: (@Sendable (String, ApplicationSettings) async throws -> Void)?
    package var onUpdateSettingsAtVersion: (@Sendable (String, ApplicationSettings, Int64) async throws -> Int64?)?
    package var onClassPermissions: (@Sendable (String) async throws -> [ClassName: ClassPermissions])?
    package var onSetClassPermissions: (@Sendable (ClassPermissions, String, ClassName) async throws -> Void)?

    /// Creates a store where every call fails.
    package init() {}

    package func create(_ application: HostedApplication) async throws {
        guard let onCreate else { throw UnexpectedCall("ApplicationStore.create(_:)", application.name) }
        try await onCreate(application)
    }

    package func application(applicationKey: String) async throws -> HostedApplication? {
        guard let onApplicationByKey else { throw UnexpectedCall("ApplicationStore.application(applicationKey:)", applicationKey) }
        return try await onApplicationByKey(applicationKey)
    }

    package func application(applicationId: String) async throws -> HostedApplication? {
        guard let onApplicationById else { throw UnexpectedCall("ApplicationStore.application(applicationId:)", applicationId) }
        return try await onApplicationById(applicationId)
    }

    package func application(named name: String) async throws -> HostedApplication? {
        guard let onApplicationByName else { throw UnexpectedCall("ApplicationStore.application(named:)", name) }
        return try await onApplicationByName(name)
    }

    package func all() async throws -> [HostedApplication] {
        guard let onAll else { throw UnexpectedCall("ApplicationStore.all()", "") }
        return try await onAll()
    }

    package func updateSettings(applicationId: String, settings: ApplicationSettings) async throws {
        guard let onUpdateSettings else { throw UnexpectedCall("ApplicationStore.updateSettings", applicationId) }
        try await onUpdateSettings(applicationId, settings)
    }

    package func updateSettings(applicationId: String, settings: ApplicationSettings, expectedVersion: Int64) async throws -> Int64? {
        guard let onUpdateSettingsAtVersion else {
            throw UnexpectedCall("ApplicationStore.updateSettings(expectedVersion:)", "\(applicationId) at \(expectedVersion)")
        }
        return try await onUpdateSettingsAtVersion(applicationId, settings, expectedVersion)
    }

    package func classPermissions(applicationId: String) async throws -> [ClassName: ClassPermissions] {
        guard let onClassPermissions else { throw UnexpectedCall("ApplicationStore.classPermissions", applicationId) }
        return try await onClassPermissions(applicationId)
    }

    package func setClassPermissions(_ permissions: ClassPermissions, applicationId: String, className: ClassName) async throws {
        guard let onSetClassPermissions else { throw UnexpectedCall("ApplicationStore.setClassPermissions", className) }
        try await onSetClassPermissions(permissions, applicationId, className)
    }
}

/// A `StorageBackend` made of failing stores; tests replace the stores they expect to be used.
package struct FailingStorage: StorageBackend {
    package var applicationStore = FailingApplicationStore()
    package var objectStore = FailingObjectStore()
    package var accountStore = FailingAccountStore()
    package var blobStore = FailingBlobStore()
    package var pushJobStore = FailingPushJobStore()
    package var pushOutcomeStore = FailingPushOutcomeStore()
    package var idempotencyStore = FailingIdempotencyStore()
    package var importJobStore = FailingImportJobStore()
    package var scriptStore = FailingScriptStore()
    package var indexStore = FailingIndexStore()
    package var adminStore = FailingAdminStore()
    package var onCheckHealth: (@Sendable () async throws -> Void)?
    package var bulkStore = FailingBulkStore()
    /// Runs a transaction's body; without one, ``transaction(_:)`` records an unexpected call.
    package var onTransaction: (@Sendable (FailingStorage) async throws -> Void)?

    /// Creates a backend where every call fails.
    package init() {}

    package var applications: any ApplicationStore { applicationStore }
    package var objects: any ObjectStore { objectStore }
    package var accounts: any AccountStore { accountStore }
    package var blobs: any BlobStore { blobStore }
    package var pushJobs: any PushJobStore { pushJobStore }
    package var pushOutcomes: any PushOutcomeStore { pushOutcomeStore }
    package var idempotency: any IdempotencyStore { idempotencyStore }
    package var importJobs: any ImportJobStore { importJobStore }
    package var bulk: any BulkStore { bulkStore }

    /// Runs `body` over this storage itself (fakes have no transactions to commit).
    package func transaction<Value: Sendable>(_ body: @escaping @Sendable (any StorageBackend) async throws -> Value) async throws -> Value {
        guard let onTransaction else { throw UnexpectedCall("StorageBackend.transaction", "") }
        try await onTransaction(self)
        return try await body(self)
    }
    package var scripts: any ScriptStore { scriptStore }
    package var indexes: any IndexStore { indexStore }
    package var admins: any AdminStore { adminStore }

    package func checkHealth() async throws {
        guard let onCheckHealth else { throw UnexpectedCall("StorageBackend.checkHealth()", "") }
        try await onCheckHealth()
    }

    package func close() async throws {}
}
