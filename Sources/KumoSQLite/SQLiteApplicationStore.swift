import KumoStorage
import NCMBWire

/// `ApplicationStore` over the `applications` table; settings are JSON (`{"defaultObjectACL":{…}}`).
struct SQLiteApplicationStore: ApplicationStore {
    let writer: SQLiteWriter
    let readers: SQLiteReaderPool

    private static let columns = "application_id, name, application_key, client_key, settings, create_date"

    func create(_ application: HostedApplication) async throws {
        let settings: JSONValue = ["defaultObjectACL": application.settings.defaultObjectACL.json]
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
        var applicationSettings = ApplicationSettings()
        if let acl = settings.objectValue?["defaultObjectACL"] {
            applicationSettings.defaultObjectACL = AccessControlList(storedJSON: acl)
        }
        return HostedApplication(
            applicationId: applicationId, name: name, applicationKey: applicationKey, clientKey: clientKey,
            settings: applicationSettings, createDate: WireDate(millisecondsSince1970: Int64(createDate))
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
