import KumoStorage
import NCMBWire

/// `ApplicationStore` over the `applications` table (settings as `ApplicationSettings.storedJSON`) and the
/// `permissions` column of `classes` (`ClassPermissions.storedJSON`).
struct SQLiteApplicationStore: ApplicationStore {
    let writer: SQLiteWriter
    let readers: SQLiteReaderPool

    private static let columns = "application_id, name, application_key, client_key, settings, create_date"

    func create(_ application: HostedApplication) async throws {
        let settings = application.settings.storedJSON
        let values: [SQLValue] = [
            .text(application.applicationId), .text(application.name), .text(application.applicationKey),
            .text(application.clientKey), .text(settings.serializedString()), .integer(application.createDate.millisecondsSince1970),
        ]
        try await writer.perform { transaction in
            try transaction.execute(
                "INSERT INTO applications (\(SQLiteApplicationStore.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6)", values
            )
        }
    }

    func application(applicationKey: String) async throws -> HostedApplication? {
        try await first(where: "application_key = ?1", .text(applicationKey))
    }

    func application(applicationId: String) async throws -> HostedApplication? {
        try await first(where: "application_id = ?1", .text(applicationId))
    }

    func application(named name: String) async throws -> HostedApplication? {
        try await first(where: "name = ?1", .text(name))
    }

    func all() async throws -> [HostedApplication] {
        try await readers.read { transaction in
            try transaction.rows("SELECT \(SQLiteApplicationStore.columns) FROM applications ORDER BY create_date, rowid")
                .map(SQLiteApplicationStore.decode)
        }
    }

    private func first(where condition: String, _ value: SQLValue) async throws -> HostedApplication? {
        try await readers.read { transaction in
            try transaction.rows("SELECT \(SQLiteApplicationStore.columns) FROM applications WHERE \(condition)", [value])
                .first.map(SQLiteApplicationStore.decode)
        }
    }

    private static func decode(_ row: SQLiteRow) throws -> HostedApplication {
        guard let applicationId = row.column("application_id")?.string, let name = row.column("name")?.string,
            let applicationKey = row.column("application_key")?.string, let clientKey = row.column("client_key")?.string,
            let settingsText = row.column("settings")?.string, let createDate = row.column("create_date")?.integer,
            let settings = try? JSONValue(parsing: settingsText)
        else { throw StorageError.unavailable("An applications row could not be decoded.") }
        return HostedApplication(
            applicationId: applicationId, name: name, applicationKey: applicationKey, clientKey: clientKey,
            settings: ApplicationSettings(storedJSON: settings), createDate: WireDate(millisecondsSince1970: Int64(createDate))
        )
    }

    func updateSettings(applicationId: String, settings: ApplicationSettings) async throws {
        let values: [SQLValue] = [.text(settings.storedJSON.serializedString()), .text(applicationId)]
        let updated = try await writer.perform { transaction in
            try transaction.rows("UPDATE applications SET settings = ?1 WHERE application_id = ?2 RETURNING application_id", values)
        }
        if updated.isEmpty { throw StorageError.notFound }
    }

    func classPermissions(applicationId: String) async throws -> [ClassName: ClassPermissions] {
        let rows = try await readers.read(.singleStatement) { transaction in
            try transaction.rows(
                "SELECT class_name, permissions FROM classes WHERE application_id = ?1 AND permissions <> '{}'", [.text(applicationId)])
        }
        var permissions: [ClassName: ClassPermissions] = [:]
        for row in rows {
            guard let name = row.column("class_name")?.string.flatMap(ClassName.init),
                let text = row.column("permissions")?.string, let stored = try? JSONValue(parsing: text)
            else { continue }
            let classPermissions = ClassPermissions(storedJSON: stored)
            if !classPermissions.operations.isEmpty { permissions[name] = classPermissions }
        }
        return permissions
    }

    func setClassPermissions(_ permissions: ClassPermissions, applicationId: String, className: ClassName) async throws {
        let key: [SQLValue] = [.text(applicationId), .text(className.rawValue)]
        let stored = SQLValue.text(permissions.storedJSON.serializedString())
        try await writer.perform { transaction in
            try transaction.execute("INSERT OR IGNORE INTO classes (application_id, class_name) VALUES (?1, ?2)", key)
            try transaction.execute("UPDATE classes SET permissions = ?3 WHERE application_id = ?1 AND class_name = ?2", key + [stored])
        }
    }
}
