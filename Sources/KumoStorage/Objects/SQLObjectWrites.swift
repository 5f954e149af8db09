import NCMBWire

/// The write units of ``SQLObjectStore``, run with the executor of one unit (SQLite: inside the writer's transaction
/// and savepoint; PostgreSQL: inside the unit's transaction).
struct SQLObjectWrites<Executor: SQLExecutor> {
    let executor: Executor
    let dialect: any SQLDialect

    /// Registers the class, inserts the row, its access rows and its relation rows, then its account rows (unique
    /// values, password hash, sign-up session, push job: ``AccountStatements``), then checks the class's location
    /// fields (``SQLLocationFieldGuard``). The fields were planned, checked and encoded before the unit started.
    func insert(_ object: NewObject, prepared: PreparedFields) async throws -> StoredObject {
        let key = object.key
        let fields = prepared.plan.fields
        // The class row first: one statement gives the class id the insert needs and the location fields the guard
        // checks (a round trip fewer on PostgreSQL than registering, inserting by class name and reading it again); the
        // first object of a class registers it.
        let locationGuard = SQLLocationFieldGuard(executor: executor, dialect: dialect)
        var classRow = try await locationGuard.locationFields(applicationId: key.applicationId, className: key.className)
        if classRow == nil {
            _ = try await executor.rows(
                ObjectStatements.registerClass(applicationId: key.applicationId, className: key.className, dialect: dialect))
            classRow = try await locationGuard.locationFields(applicationId: key.applicationId, className: key.className)
        }
        guard let classRow else { throw StorageError.unavailable("The class \(key.className.rawValue) was not registered.") }
        let inserted = try await executor.rows(
            ObjectStatements.insert(object, encodedFields: prepared.encoded, classId: classRow.classId, dialect: dialect),
            announcing: { .object(.created(SQLObjectWrites.stored(object, fields: fields), key: key)) })
        guard let rowId = inserted.first?.integer(QueryCompiler.ObjectColumn.rowId) else {
            throw StorageError.unavailable("The object row was not inserted.")
        }
        var statements: [SQLStatement] = []
        if let access = ObjectStatements.insertAccessRows(ObjectWritePlan.accessRows(of: object.acl), rowId: rowId, dialect: dialect) {
            statements.append(access)
        }
        statements += ObjectStatements.relationChanges(
            prepared.plan.relationChanges, ownerRowId: rowId, applicationId: key.applicationId, dialect: dialect)
        for statement in statements { _ = try await executor.rows(statement) }
        try await executor.run(AccountStatements.afterInsert(object, fields: fields, rowId: rowId, dialect: dialect))
        if !prepared.kinds.isEmpty {
            try await locationGuard.check(
                prepared.kinds, classId: classRow.classId, declared: classRow.fields, applicationId: key.applicationId,
                className: key.className)
        }
        return SQLObjectWrites.stored(object, fields: fields)
    }

    /// A new object as it is stored.
    static func stored(_ object: NewObject, fields: JSONObject) -> StoredObject {
        StoredObject(
            objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl, fields: fields)
    }

    /// Runs a write lookup and checks the caller's permission (docs/decisions/0003-existence-is-not-leaked.md): missing
    /// or neither readable nor writable → `.notFound`; readable but not writable → `.denied`. A write-only grant allows
    /// the write. The fields stay as stored text until something reads them.
    func writableRow(_ lookup: SQLStatement) async throws -> SQLObjectRow {
        guard let row = try await executor.rows(lookup).first else { throw StorageError.notFound }
        guard row.flag(QueryCompiler.ObjectColumn.canWrite) else {
            throw row.flag(QueryCompiler.ObjectColumn.canRead) ? StorageError.denied : StorageError.notFound
        }
        return try SQLObjectRow(row, parsesFields: false)
    }

    /// Applies an update to a row whose write permission was checked (and which is locked where the engine has
    /// concurrent writers), keeping its access, relation and account rows in step. `prepared` was planned from exactly
    /// the fields the row holds.
    func apply(_ update: ObjectUpdate, prepared: PreparedUpdate, to row: SQLObjectRow) async throws -> StoredObject {
        let plan = prepared.fields.plan
        let acl = update.acl ?? row.object.acl
        var previous = row.object
        previous.storedFields = StoredFields(prepared.current)
        var object = previous
        object.fields = plan.fields
        object.acl = acl
        object.updateDate = update.updateDate
        let (before, updated) = (previous, object)
        _ = try await executor.rows(
            ObjectStatements.update(
                rowId: row.rowId, encodedFields: prepared.fields.encoded, updateDate: update.updateDate, acl: acl, dialect: dialect),
            announcing: { .object(.updated(from: before, to: updated, key: update.key)) })
        var statements: [SQLStatement] = []
        if let replacement = update.acl {
            statements.append(ObjectStatements.deleteAccessRows(rowId: row.rowId, dialect: dialect))
            if let access = ObjectStatements.insertAccessRows(
                ObjectWritePlan.accessRows(of: replacement), rowId: row.rowId, dialect: dialect)
            {
                statements.append(access)
            }
        }
        statements += ObjectStatements.relationChanges(
            plan.relationChanges, ownerRowId: row.rowId, applicationId: update.key.applicationId, dialect: dialect)
        for statement in statements { _ = try await executor.rows(statement) }
        try await executor.run(
            AccountStatements.afterUpdate(update, oldFields: prepared.current, newFields: plan.fields, rowId: row.rowId, dialect: dialect))
        try await SQLLocationFieldGuard(executor: executor, dialect: dialect).check(
            prepared.fields.kinds, applicationId: update.key.applicationId, className: update.key.className)
        return updated
    }

    /// Deletes a row whose write permission was checked, with its access and relation rows.
    func delete(_ row: SQLObjectRow, key: ObjectKey) async throws {
        let statements = ObjectStatements.delete(rowId: row.rowId, dialect: dialect)
        for (index, statement) in statements.enumerated() {
            if index == statements.count - 1 {
                _ = try await executor.rows(statement, announcing: { .object(.deleted(row.object, key: key)) })
            } else {
                _ = try await executor.rows(statement)
            }
        }
    }
}
