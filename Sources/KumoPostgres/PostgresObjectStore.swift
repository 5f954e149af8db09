import KumoStorage
import NCMBWire

/// `ObjectStore` on PostgreSQL: the compiler's statements with ``PostgresDialect``, each call one transaction.
struct PostgresObjectStore: ObjectStore {
    let database: PostgresDatabase
    let dialect = PostgresDialect()

    func create(_ object: NewObject) async throws -> StoredObject {
        let plan = try ObjectWritePlan(applying: object.operations, to: JSONObject())
        return try await database.write { transaction in
            try await PostgresObjectStore.insert(object, plan: plan, transaction: transaction)
        }
    }

    func object(_ key: ObjectKey, include: [[FieldName]], access: AccessContext) async throws -> StoredObject {
        let condition = WhereClause.field(.objectId, [.equalTo(.string(key.objectId))])
        let request = FindRequest(
            applicationId: key.applicationId, className: key.className,
            parameters: QueryParameters(whereQuery: WhereQuery([condition]), limit: 1, include: include)
        )
        guard let object = try await find(request, access: access).objects.first else { throw StorageError.notFound }
        return object
    }

    func find(_ request: FindRequest, access: AccessContext) async throws -> FoundObjects {
        let compiled = QueryCompiler.find(request, access: access, dialect: dialect)
        let parameters = request.parameters
        let work: @Sendable (PostgresTransaction) async throws -> FoundObjects = { transaction in
            var objects: [StoredObject] = []
            if let page = compiled.page {
                objects = try await transaction.rows(page).map { try PostgresObjectRow($0).object }
            }
            var count: Int?
            if let countStatement = compiled.count {
                count = try await transaction.rows(countStatement).first?.integer(QueryCompiler.ObjectColumn.count).map { Int($0) }
            }
            if !parameters.include.isEmpty, !objects.isEmpty {
                let includer = PostgresIncluder(transaction: transaction, applicationId: request.applicationId, access: access)
                objects = try await includer.expand(objects, paths: parameters.include)
            }
            if let keys = parameters.keys {
                let kept = Set(keys.map(\.rawValue) + parameters.include.compactMap { $0.first?.rawValue })
                objects = objects.map { object in
                    var projected = object
                    projected.fields = object.fields.filtering { kept.contains($0) }
                    return projected
                }
            }
            return FoundObjects(objects: objects, count: count)
        }
        // One statement needs no snapshot of its own; page plus count or includes share one.
        let statementCount = (compiled.page == nil ? 0 : 1) + (compiled.count == nil ? 0 : 1)
        if statementCount <= 1, parameters.include.isEmpty { return try await database.single(work) }
        return try await database.read(work)
    }

    func update(_ update: ObjectUpdate, access: AccessContext) async throws -> StoredObject {
        let lookup = PostgresObjectStore.lockingLookup(update.key, access: access, dialect: dialect)
        return try await database.write { transaction in
            let row = try await PostgresObjectStore.writableRow(lookup, transaction: transaction)
            return try await PostgresObjectStore.apply(update, to: row, transaction: transaction)
        }
    }

    func delete(_ key: ObjectKey, access: AccessContext) async throws {
        let lookup = PostgresObjectStore.lockingLookup(key, access: access, dialect: dialect)
        try await database.write { transaction in
            let row = try await PostgresObjectStore.writableRow(lookup, transaction: transaction)
            let rowId = SQLValue.integer(row.rowId)
            try await transaction.execute("DELETE FROM relations WHERE owner_row_id = $1 OR target_row_id = $1", [rowId])
            try await transaction.execute("DELETE FROM object_access WHERE row_id = $1", [rowId])
            try await transaction.execute("DELETE FROM objects WHERE row_id = $1", [rowId])
        }
    }

    /// The compiler's write lookup, locking the object's row until the transaction ends
    /// (docs/architecture.md#postgresql-engine-kumopostgres), so that operators read the value they change and
    /// concurrent writers of one object take turns.
    static func lockingLookup(_ key: ObjectKey, access: AccessContext, dialect: PostgresDialect) -> SQLStatement {
        var lookup = QueryCompiler.objectLookup(key, access: access, dialect: dialect)
        lookup.append(" FOR UPDATE OF o")
        return lookup
    }

    /// Runs a write lookup and checks the caller's permission (docs/decisions/0003-existence-is-not-leaked.md): missing
    /// or neither readable nor writable → `.notFound`; readable but not writable → `.denied`. A write-only grant allows
    /// the write.
    static func writableRow(_ lookup: SQLStatement, transaction: PostgresTransaction) async throws -> PostgresObjectRow {
        guard let row = try await transaction.rows(lookup).first else { throw StorageError.notFound }
        guard row.flag(QueryCompiler.ObjectColumn.canWrite) else {
            throw row.flag(QueryCompiler.ObjectColumn.canRead) ? StorageError.denied : StorageError.notFound
        }
        return try PostgresObjectRow(row)
    }
}
