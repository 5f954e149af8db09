import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A change whose audit entry cannot be written (docs/dashboard.md#audit-log): the change has taken effect, so its
/// answer is the change's own, never a 500 that would make the administrator try it again; the failure goes to the log.
@Suite struct AuditFailureTests {
    /// The server's storage, whose audit log refuses new entries once `failing` is set (before that, sign-in writes its
    /// entry as usual); every other call reaches the real storage.
    struct AuditFailingStorage: StorageBackend {
        let base: any StorageBackend
        let failing: LockedBox<Bool>

        var applications: any ApplicationStore { base.applications }
        var objects: any ObjectStore { base.objects }
        var accounts: any AccountStore { base.accounts }
        var blobs: any BlobStore { base.blobs }
        var pushJobs: any PushJobStore { base.pushJobs }
        var pushOutcomes: any PushOutcomeStore { base.pushOutcomes }
        var idempotency: any IdempotencyStore { base.idempotency }
        var importJobs: any ImportJobStore { base.importJobs }
        var bulk: any BulkStore { base.bulk }
        var scripts: any ScriptStore { base.scripts }
        var indexes: any IndexStore { base.indexes }

        var admins: any AdminStore {
            let (admins, failing) = (base.admins, failing)
            var store = FailingAdminStore()
            store.onAdmin = { try await admins.admin(email: $0) }
            store.onAdminCount = { try await admins.adminCount() }
            store.onCreateAdmin = { try await admins.createAdmin($0) }
            store.onCreateSession = { try await admins.createSession($0) }
            store.onSession = { try await admins.session(tokenHash: $0, now: $1) }
            store.onUpdateSession = { try await admins.updateSession(tokenHash: $0, expiresAt: $1, language: $2) }
            store.onAuditEntries = { try await admins.auditEntries(limit: $0, before: $1) }
            store.onCreateFirstAdmin = { try await admins.createFirstAdmin($0, setupTokenHash: $1, now: $2) }
            store.onAdmins = { try await admins.admins() }
            store.onSetPasswordHash = { try await admins.setPasswordHash($0, adminId: $1) }
            store.onRemoveAdmin = { try await admins.removeAdmin(id: $0) }
            store.onRemoveSession = { try await admins.removeSession(tokenHash: $0) }
            store.onRemoveExpiredSessions = { try await admins.removeExpiredSessions(now: $0) }
            store.onReplaceSetupToken = { try await admins.replaceSetupToken(hash: $0, expiresAt: $1) }
            store.onRemoveSetupToken = { try await admins.removeSetupToken() }
            store.onAppendAudit = { entry in
                guard !failing.get() else { throw StorageError.unavailable("The audit log is not writable in this test.") }
                try await admins.appendAudit(entry)
            }
            return store
        }

        func transaction<Value: Sendable>(_ body: @escaping @Sendable (any StorageBackend) async throws -> Value) async throws -> Value {
            try await base.transaction(body)
        }

        func checkHealth() async throws { try await base.checkHealth() }
        func close() async throws { try await base.close() }
    }

    /// A signed-in dashboard whose audit log fails from the moment the body starts.
    static func with(_ body: @escaping @Sendable (DashboardHarness, DashboardClientSession) async throws -> Void) async throws {
        let failing = LockedBox(false)
        try await DashboardHarness.with(environment: { environment, server in
            environment.storage = AuditFailingStorage(base: server.storage, failing: failing)
        }) { harness, session in
            try await session.signIn()
            failing.set(true)
            try await body(harness, session)
        }
    }

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    // MARK: Tests

    @Test func anObjectCreatedWhileTheAuditLogFailsIsAnsweredAsCreatedAndStored() async throws {
        try await Self.with { harness, session in
            let created = try await session.change(.post, "/dashboard/api/apps/test/classes/GameScore/objects", body: #"{"score":7}"#)

            #expect(created.status == .created, "\(created.text)")
            let objectId = try #require(Self.object(created)["objectId"]?.stringValue)
            let read = try await session.send(.get, "/dashboard/api/apps/test/classes/GameScore/objects/\(objectId)")
            #expect(Self.object(read)["score"] == 7)
            #expect(try await harness.audit().allSatisfy { $0.action != "object.create" })
        }
    }

    @Test func anApplicationCreatedWhileTheAuditLogFailsIsAnsweredAsCreated() async throws {
        try await Self.with { harness, session in
            let created = try await session.change(.post, "/dashboard/api/apps", body: #"{"name":"second"}"#)

            #expect(created.status == .created, "\(created.text)")
            #expect(try await harness.server.storage.applications.application(named: "second") != nil)
        }
    }

    @Test func settingsChangedWhileTheAuditLogFailsAreAnsweredAndStored() async throws {
        try await Self.with { harness, session in
            let changed = try await session.change(.put, "/dashboard/api/apps/test/settings", body: #"{"users":{"publicReadable":false}}"#)

            #expect(changed.status == .ok, "\(changed.text)")
            let stored = try #require(try await harness.server.storage.applications.application(named: "test"))
            #expect(stored.settings.usersArePublicReadable == false)
            #expect(try await harness.audit().allSatisfy { $0.action != "settings.update" })
        }
    }
}
