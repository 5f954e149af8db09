package import NCMBWire

/// The dialect-neutral statements of `ApplicationStore`, shared by both engines so that they run the same SQL: the
/// `applications` table (settings as `ApplicationSettings.storedJSON`) and the `permissions` column of `classes`
/// (`ClassPermissions.storedJSON`, `{}` when none were set).
package enum ApplicationStatements {
    /// A column that identifies one application.
    package enum Key: String, Sendable {
        /// `applications.application_id`.
        case applicationId = "application_id"
        /// `applications.application_key`.
        case applicationKey = "application_key"
        /// `applications.name`.
        case name
    }

    /// The columns of an application row, in the order ``create(_:dialect:)`` writes them (`settings_version` starts
    /// at its default, 1).
    private static let columns = "application_id, name, application_key, client_key, settings, create_date"
    /// The columns an application is read from.
    private static let readColumns = columns + ", settings_version"

    /// Stores a new application; a taken id, name or key fails as a unique violation.
    package static func create(_ application: HostedApplication, dialect: any SQLDialect) -> SQLStatement {
        let keys = [application.applicationId, application.name, application.applicationKey, application.clientKey].map(SQLValue.text)
        let settings = SQLValue.text(application.settings.storedJSON.serializedString())
        return SQLStatement(
            dialect: dialect,
            "INSERT INTO applications (\(sql: columns)) VALUES (\(list: keys), \(json: settings), \(.date(application.createDate)))")
    }

    /// The application whose `key` column holds `value`: at most one row for ``application(_:)``.
    package static func application(_ key: Key, equals value: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT \(sql: readColumns) FROM applications WHERE \(sql: key.rawValue) = \(.text(value))")
    }

    /// Every application, oldest first (creation order within one millisecond).
    package static func all(dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(dialect: dialect, "SELECT \(readColumns) FROM applications ORDER BY create_date, \(dialect.applicationCreationOrder)")
    }

    /// Replaces the settings of an application and counts the change, when its version is `expectedVersion` (any
    /// version when `nil`); returns the row's `settings_version` when it was changed.
    package static func updateSettings(
        applicationId: String, settings: ApplicationSettings, expectedVersion: Int64? = nil, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(
            dialect: dialect,
            """
            UPDATE applications SET settings = \(json: .text(settings.storedJSON.serializedString())), \
            settings_version = settings_version + 1 WHERE application_id = \(.text(applicationId))
            """)
        if let expectedVersion { statement.append(" AND settings_version = \(.integer(expectedVersion))") }
        statement.append(" RETURNING settings_version")
        return statement
    }

    /// The classes of an application that have permissions set: rows of `class_name` and `permissions`.
    package static func classPermissions(applicationId: String, dialect: any SQLDialect) -> SQLStatement {
        SQLStatement(
            dialect: dialect,
            """
            SELECT class_name, permissions FROM classes WHERE application_id = \(.text(applicationId)) \
            AND \(sql: dialect.jsonColumnText("permissions")) <> '{}'
            """)
    }

    /// Registers the class when missing, then replaces its permissions.
    package static func setClassPermissions(
        _ permissions: ClassPermissions, applicationId: String, className: ClassName, dialect: any SQLDialect
    ) -> [SQLStatement] {
        let update = SQLStatement(
            dialect: dialect,
            """
            UPDATE classes SET permissions = \(json: .text(permissions.storedJSON.serializedString())) \
            WHERE application_id = \(.text(applicationId)) AND class_name = \(.text(className.rawValue))
            """)
        return [ObjectStatements.registerClass(applicationId: applicationId, className: className, dialect: dialect), update]
    }

    /// Decodes an application row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func application(_ row: SQLRow) throws(StorageError) -> HostedApplication {
        guard let applicationId = row.string("application_id"), let name = row.string("name"),
            let applicationKey = row.string("application_key"), let clientKey = row.string("client_key"),
            let settings = row.json("settings"), let createDate = row.date("create_date"),
            let settingsVersion = row.integer("settings_version")
        else { throw StorageError.unavailable("An applications row could not be decoded.") }
        return HostedApplication(
            applicationId: applicationId, name: name, applicationKey: applicationKey, clientKey: clientKey,
            settings: ApplicationSettings(storedJSON: settings), settingsVersion: settingsVersion,
            createDate: createDate)
    }

    /// Decodes the rows of ``classPermissions(applicationId:dialect:)``; rows without operations are skipped.
    package static func classPermissions(_ rows: [SQLRow]) -> [ClassName: ClassPermissions] {
        var permissions: [ClassName: ClassPermissions] = [:]
        for row in rows {
            guard let name = row.string("class_name").flatMap(ClassName.init), let stored = row.json("permissions") else { continue }
            let classPermissions = ClassPermissions(storedJSON: stored)
            if !classPermissions.operations.isEmpty { permissions[name] = classPermissions }
        }
        return permissions
    }
}
