import KumoStorage
import Logging
import NCMBWire

/// `ObjectStore` on SQLite: reads on the reader pool, writes as units of the group-committing writer.
struct SQLiteObjectStore: ObjectStore {
    let writer: SQLiteWriter
    let readers: SQLiteReaderPool
    let dialect = SQLiteDialect()

    func create(_ object: NewObject) async throws -> StoredObject {
        let plan = try ObjectWritePlan(applying: object.operations, to: JSONObject())
        return try await writer.perform { transaction in
            try SQLiteObjectStore.insert(object, plan: plan, transaction: transaction)
        }
    }

    func object(_ key: ObjectKey, include: [[FieldName]], access: AccessContext) async throws -> StoredObject {
        let condition = WhereClause.field(.objectId, [.equalTo(.string(key.objectId))])
        let request = FindRequest(
            applicationId: key.applicationId, className: key.className,
            parameters: QueryParameters(whereQuery: WhereQuery([condition]), limit: 1, include: include)
        )
        // One row by its objectId: a lookup in the (class, objectId) index, cheap enough to run on the calling thread.
        let shape: SQLiteReaderPool.ReadShape = include.isEmpty ? .pointLookup : .snapshot
        guard let object = try await find(request, access: access, shape: shape).objects.first else { throw StorageError.notFound }
        return object
    }

    func find(_ request: FindRequest, access: AccessContext) async throws -> FoundObjects {
        // Only the page statement runs (no count, no includes to expand): no explicit transaction is needed.
        let parameters = request.parameters
        let isSingleStatement = !parameters.includesCount && parameters.include.isEmpty
        return try await find(request, access: access, shape: isSingleStatement ? .singleStatement : .snapshot)
    }

    private func find(_ request: FindRequest, access: AccessContext, shape: SQLiteReaderPool.ReadShape) async throws
        -> FoundObjects
    {
        let compiled = QueryCompiler.find(request, access: access, dialect: dialect)
        let parameters = request.parameters
        return try await readers.read(shape) { transaction in
            var objects: [StoredObject] = []
            if let page = compiled.page {
                // Fields stay encoded unless something reads them: a page that goes straight to a response is never parsed.
                objects = try transaction.rows(page).map { try SQLiteObjectRow($0, parsesFields: false).object }
            }
            var count: Int?
            if let countStatement = compiled.count {
                count = try transaction.rows(countStatement).first?.column(QueryCompiler.ObjectColumn.count)?.integer.map { Int($0) }
            }
            if !parameters.include.isEmpty, !objects.isEmpty {
                let includer = SQLiteIncluder(transaction: transaction, applicationId: request.applicationId, access: access)
                objects = try includer.expand(objects, paths: parameters.include)
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
    }

    func update(_ update: ObjectUpdate, access: AccessContext) async throws -> StoredObject {
        let lookup = QueryCompiler.objectLookup(update.key, access: access, dialect: dialect)
        return try await writer.perform { transaction in
            let row = try SQLiteObjectStore.writableRow(lookup, transaction: transaction)
            return try SQLiteObjectStore.apply(update, to: row, transaction: transaction)
        }
    }

    func delete(_ key: ObjectKey, access: AccessContext) async throws {
        let lookup = QueryCompiler.objectLookup(key, access: access, dialect: dialect)
        try await writer.perform { transaction in
            let row = try SQLiteObjectStore.writableRow(lookup, transaction: transaction)
            let rowId = SQLValue.integer(row.rowId)
            try transaction.execute("DELETE FROM relations WHERE owner_row_id = ?1 OR target_row_id = ?1", [rowId])
            try transaction.execute("DELETE FROM object_access WHERE row_id = ?1", [rowId])
            try transaction.execute("DELETE FROM objects WHERE row_id = ?1", [rowId])
        }
    }

    /// Runs a write lookup and checks the caller's permission (docs/decisions/0003-existence-is-not-leaked.md): missing
    /// or neither readable nor writable → `.notFound`; readable but not writable → `.denied`. A write-only grant allows
    /// the write.
    static func writableRow(_ lookup: SQLStatement, transaction: SQLiteTransaction) throws -> SQLiteObjectRow {
        guard let row = try transaction.rows(lookup).first else { throw StorageError.notFound }
        guard row.flag(QueryCompiler.ObjectColumn.canWrite) else {
            throw row.flag(QueryCompiler.ObjectColumn.canRead) ? StorageError.denied : StorageError.notFound
        }
        return try SQLiteObjectRow(row)
    }
}
