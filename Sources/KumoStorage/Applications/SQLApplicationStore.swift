import KumoMemberwise
package import NCMBWire

/// `ApplicationStore` on any SQL engine: the shared ``ApplicationStatements``, each call one unit or one statement.
@PackageMemberwiseInit
package struct SQLApplicationStore<Engine: SQLEngine>: ApplicationStore {
    let engine: Engine

    package func create(_ application: HostedApplication) async throws {
        try await engine.write(ApplicationStatements.create(application, dialect: engine.dialect))
    }

    package func application(applicationKey: String) async throws -> HostedApplication? {
        try await first(.applicationKey, applicationKey)
    }

    package func application(applicationId: String) async throws -> HostedApplication? {
        try await first(.applicationId, applicationId)
    }

    package func application(named name: String) async throws -> HostedApplication? {
        try await first(.name, name)
    }

    package func all() async throws -> [HostedApplication] {
        try await engine.rows(.singleStatement, ApplicationStatements.all(dialect: engine.dialect)).map(ApplicationStatements.application)
    }

    private func first(_ key: ApplicationStatements.Key, _ value: String) async throws -> HostedApplication? {
        try await engine.rows(.singleStatement, ApplicationStatements.application(key, equals: value, dialect: engine.dialect)).first
            .map(ApplicationStatements.application)
    }

    package func updateSettings(applicationId: String, settings: ApplicationSettings) async throws {
        let statement = ApplicationStatements.updateSettings(applicationId: applicationId, settings: settings, dialect: engine.dialect)
        let updated = try await engine.write(statement)
        if updated.isEmpty { throw StorageError.notFound }
    }

    package func updateSettings(applicationId: String, settings: ApplicationSettings, expectedVersion: Int64) async throws -> Int64? {
        let statement = ApplicationStatements.updateSettings(
            applicationId: applicationId, settings: settings, expectedVersion: expectedVersion, dialect: engine.dialect)
        let updated = try await engine.write(statement)
        if let version = updated.first?.integer("settings_version") { return version }
        guard try await application(applicationId: applicationId) != nil else { throw StorageError.notFound }
        return nil
    }

    package func classPermissions(applicationId: String) async throws -> [ClassName: ClassPermissions] {
        ApplicationStatements.classPermissions(
            try await engine.rows(
                .singleStatement, ApplicationStatements.classPermissions(applicationId: applicationId, dialect: engine.dialect)))
    }

    package func setClassPermissions(_ permissions: ClassPermissions, applicationId: String, className: ClassName) async throws {
        let statements = ApplicationStatements.setClassPermissions(
            permissions, applicationId: applicationId, className: className, dialect: engine.dialect)
        try await engine.write(statements)
    }
}
