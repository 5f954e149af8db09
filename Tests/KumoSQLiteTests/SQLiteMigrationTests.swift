import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

/// Migrations are scripts applied in order: a database written by version 1 gains the later tables, and version 2
/// backfills the unique values of the users already stored.
@Suite struct SQLiteMigrationTests {
    @Test func aVersionOneDatabaseIsMigratedAndItsUsersBackfilled() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let handle = try SQLiteHandle(path: temporary.databasePath, busyTimeoutMilliseconds: 1000)
        try handle.executeScript(SQLiteMigrator.version1)
        try handle.executeScript(
            """
            CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL);
            INSERT INTO schema_migrations (version, applied_at) VALUES (1, 0);
            INSERT INTO classes (class_id, application_id, class_name) VALUES (1, '\(TemporaryStorage.applicationId)', 'user');
            INSERT INTO objects (class_id, object_id, create_date, update_date, public_read, public_write, acl, fields)
            VALUES (1, 'user1', 0, 0, 1, 1, '{"*":{"read":true,"write":true}}',
                '{"userName":"alice","authData":{"facebook":{"id":"fb1"}}}');
            """)
        handle.close()

        let storage = try await temporary.open()
        let version = try await storage.schemaVersion()
        let byName = try await storage.accounts.credentials(
            applicationId: TemporaryStorage.applicationId, lookup: .unique(UniqueValue(field: "userName", value: "alice")))
        let byAuthData = try await storage.accounts.credentials(
            applicationId: TemporaryStorage.applicationId, lookup: .unique(UniqueValue(field: "authData", value: "facebook:fb1")))
        try await storage.close()

        #expect(version == SQLiteMigrator.migrations.last?.version)
        #expect(byName?.user.objectId == "user1")
        #expect(byAuthData?.user.objectId == "user1")
    }

    /// Applications created before version 6 keep accepting pushes from clients (docs/decisions/0061); ones created
    /// afterwards start with the setting off.
    @Test func applicationsFromBeforeVersionSixKeepClientPush() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let handle = try SQLiteHandle(path: temporary.databasePath, busyTimeoutMilliseconds: 1000)
        for (version, script) in SQLiteMigrator.migrations where version < 6 { try handle.executeScript(script) }
        try handle.executeScript(
            """
            CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL);
            INSERT INTO schema_migrations (version, applied_at) VALUES (1, 0), (2, 0), (3, 0), (4, 0), (5, 0);
            INSERT INTO applications (application_id, name, application_key, client_key, settings, create_date)
            VALUES ('old', 'old', 'oldkey', 'oldclient', '{"publicFilesEnabled":true}', 0);
            """)
        handle.close()

        let storage = try await temporary.open()
        let old = try await storage.applications.application(applicationId: "old")
        try await storage.applications.create(
            HostedApplication(applicationId: "new", name: "new", applicationKey: "newkey", clientKey: "newclient",
                createDate: WireDate(millisecondsSince1970: 0)))
        let new = try await storage.applications.application(applicationId: "new")
        try await storage.close()

        #expect(old?.settings.clientPushEnabled == true)
        #expect(old?.settings.publicFilesEnabled == true)
        #expect(new?.settings.clientPushEnabled == false)
    }
}
