import KumoStorage
import NCMBWire

/// `ApplicationStore` over the `applications` table (settings as `ApplicationSettings.storedJSON`) and the
/// `permissions` column of `classes` (`ClassPermissions.storedJSON`), as on SQLite.
struct PostgresApplicationStore: ApplicationStore {
    let database: PostgresDatabase

    private static let columns = "application_id, name, application_key, client_key, settings::text AS settings, create_date"

    func create(_ application: HostedApplication) async throws {
        let settings = application.settings.storedJSON
        let values: [SQLValue] = [
            .text(application.applicationId), .text(application.name), .text(application.applicationKey),
            .text(application.clientKey), .text(settings.serializedString()), .integer(application.createDate.millisecondsSince1970),
        ]
        try await database.write { transaction in
            try await transaction.execute(
                "INSERT INTO applications (application_id, name, application_key, client_key, settings, create_date)"
                    + " VALUES ($1, $2, $3, $4, $5::json, $6)",
                values
            )
        }
    }

    func application(applicationKey: String) async throws -> HostedApplication? {
        try await first(where: "application_key = $1", .text(applicationKey))
    }

    func application(applicationId: String) async throws -> HostedApplication? {
        try await first(where: "application_id = $1", .text(applicationId))
    }

    func application(named name: String) async throws -> HostedApplication? {
        try await first(where: "name = $1", .text(name))
    }

    func all() async throws -> [HostedApplication] {
        try await database.single { transaction in
            try await transaction.rows("SELECT \(PostgresApplicationStore.columns) FROM applications ORDER BY create_date, position")
                .map(PostgresApplicationStore.decode)
        }
    }

    private func first(where condition: String, _ value: SQLValue) async throws -> HostedApplication? {
        try await database.single { transaction in
            try await transaction.rows("SELECT \(PostgresApplicationStore.columns) FROM applications WHERE \(condition)", [value])
                .first.map(PostgresApplicationStore.decode)
        }
    }

    private static func decode(_ row: PostgresResultRow) throws -> HostedApplication {
        guard let applicationId = row.string("application_id"), let name = row.string("name"),
            let applicationKey = row.string("application_key"), let clientKey = row.string("client_key"),
            let settingsText = row.string("settings"), let createDate = row.integer("create_date"),
            let settings = try? JSONValue(parsing: settingsText)
        else { throw StorageError.unavailable("An applications row could not be decoded.") }
        return HostedApplication(
            applicationId: applicationId, name: name, applicationKey: applicationKey, clientKey: clientKey,
            settings: ApplicationSettings(storedJSON: settings), createDate: WireDate(millisecondsSince1970: createDate)
        )
    }

    func updateSettings(applicationId: String, settings: ApplicationSettings) async throws {
        let values: [SQLValue] = [.text(settings.storedJSON.serializedString()), .text(applicationId)]
        let updated = try await database.write { transaction in
            try await transaction.rows(
                "UPDATE applications SET settings = $1::json WHERE application_id = $2 RETURNING application_id", values)
        }
        if updated.isEmpty { throw StorageError.notFound }
    }

    func classPermissions(applicationId: String) async throws -> [ClassName: ClassPermissions] {
        let rows = try await database.single { transaction in
            try await transaction.rows(
                "SELECT class_name, permissions::text AS permissions FROM classes WHERE application_id = $1"
                    + " AND permissions::text <> '{}'",
                [.text(applicationId)])
        }
        var permissions: [ClassName: ClassPermissions] = [:]
        for row in rows {
            guard let name = row.string("class_name").flatMap(ClassName.init), let text = row.string("permissions"),
                let stored = try? JSONValue(parsing: text)
            else { continue }
            let classPermissions = ClassPermissions(storedJSON: stored)
            if !classPermissions.operations.isEmpty { permissions[name] = classPermissions }
        }
        return permissions
    }

    func setClassPermissions(_ permissions: ClassPermissions, applicationId: String, className: ClassName) async throws {
        let key: [SQLValue] = [.text(applicationId), .text(className.rawValue)]
        let stored = SQLValue.text(permissions.storedJSON.serializedString())
        try await database.write { transaction in
            try await transaction.execute(
                "INSERT INTO classes (application_id, class_name) VALUES ($1, $2) ON CONFLICT DO NOTHING", key)
            try await transaction.execute(
                "UPDATE classes SET permissions = $3::json WHERE application_id = $1 AND class_name = $2", key + [stored])
        }
    }
}
