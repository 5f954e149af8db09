import KumoStorage
import NCMBWire
import Testing

@Suite struct ApplicationStatementsTests {
    let dialect = RecordingDialect()

    func application() -> HostedApplication {
        HostedApplication(
            applicationId: "app1", name: "Demo", applicationKey: "key1", clientKey: "secret1",
            createDate: WireDate(millisecondsSince1970: 1_000))
    }

    func row(_ values: [String: SQLValue]) -> SQLRow {
        let names = values.keys.sorted()
        return SQLRow(columns: SQLColumns(names: names), values: names.map { values[$0] ?? .null })
    }

    // MARK: Tests

    @Test func aCreateBindsEveryColumnAndStoresSettingsThroughTheDialect() {
        let statement = ApplicationStatements.create(application(), dialect: dialect)

        #expect(
            statement.text
                == "INSERT INTO applications (application_id, name, application_key, client_key, settings, create_date)"
                + " VALUES ($1, $2, $3, $4, json($5), $6)")
        #expect(statement.bindings.prefix(4) == [.text("app1"), .text("Demo"), .text("key1"), .text("secret1")])
        #expect(statement.bindings.last == .integer(1_000))
    }

    @Test func aLookupIsByOneKeyColumn() {
        let statement = ApplicationStatements.application(.applicationKey, equals: "key1", dialect: dialect)

        #expect(statement.text.hasSuffix(" FROM applications WHERE application_key = $1"))
        #expect(statement.bindings == [.text("key1")])
    }

    @Test func allOrdersByCreateDateThenTheDialectsCreationOrder() {
        #expect(ApplicationStatements.all(dialect: dialect).text.hasSuffix(" FROM applications ORDER BY create_date, position"))
    }

    @Test func classPermissionsSkipEmptyPermissionsByTheirStoredText() {
        let statement = ApplicationStatements.classPermissions(applicationId: "app1", dialect: dialect)

        #expect(statement.text == "SELECT class_name, permissions FROM classes WHERE application_id = $1 AND text(permissions) <> '{}'")
    }

    @Test func settingClassPermissionsRegistersTheClassFirst() throws {
        let className = try #require(ClassName("Item"))

        let statements = ApplicationStatements.setClassPermissions(
            ClassPermissions(), applicationId: "app1", className: className, dialect: dialect)

        #expect(
            statements.map(\.text) == [
                "INSERT INTO classes (application_id, class_name) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                "UPDATE classes SET permissions = json($1) WHERE application_id = $2 AND class_name = $3",
            ])
    }

    @Test func aRowDecodesToTheApplicationAndAnIncompleteRowIsRefused() throws {
        let stored = application()
        var values: [String: SQLValue] = [
            "application_id": .text("app1"), "name": .text("Demo"), "application_key": .text("key1"), "client_key": .text("secret1"),
            "settings": .text(stored.settings.storedJSON.serializedString()), "create_date": .integer(1_000), "settings_version": .integer(1),
        ]

        #expect(try ApplicationStatements.application(row(values)) == stored)
        values["settings"] = .null
        #expect(throws: StorageError.self) { try ApplicationStatements.application(row(values)) }
    }

    @Test func permissionRowsWithoutOperationsOrWithBadJSONAreSkipped() {
        let rows = [
            row(["class_name": .text("Open"), "permissions": .text("{}")]),
            row(["class_name": .text("Broken"), "permissions": .text("{")]),
        ]

        #expect(ApplicationStatements.classPermissions(rows).isEmpty)
    }
}
