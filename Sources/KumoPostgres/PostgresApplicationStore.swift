import KumoStorage
import NCMBWire

/// `ApplicationStore` over the `applications` table; settings are JSON (`{"defaultObjectACL":{…}}`), as on SQLite.
struct PostgresApplicationStore: ApplicationStore {
    let database: PostgresDatabase

    private static let columns = "application_id, name, application_key, client_key, settings::text AS settings, create_date"

    func create(_ application: HostedApplication) async throws {
        let settings: JSONValue = ["defaultObjectACL": application.settings.defaultObjectACL.json]
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
        var applicationSettings = ApplicationSettings()
        if let acl = settings.objectValue?["defaultObjectACL"] {
            applicationSettings.defaultObjectACL = AccessControlList(storedJSON: acl)
        }
        return HostedApplication(
            applicationId: applicationId, name: name, applicationKey: applicationKey, clientKey: clientKey,
            settings: applicationSettings, createDate: WireDate(millisecondsSince1970: createDate)
        )
    }

    func updateSettings(applicationId: String, settings: ApplicationSettings) async throws {
        throw StorageError.unavailable("not implemented")
    }

    func classPermissions(applicationId: String) async throws -> [ClassName: ClassPermissions] {
        throw StorageError.unavailable("not implemented")
    }

    func setClassPermissions(_ permissions: ClassPermissions, applicationId: String, className: ClassName) async throws {
        throw StorageError.unavailable("not implemented")
    }
}
