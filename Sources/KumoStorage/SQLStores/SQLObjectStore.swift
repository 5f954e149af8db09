import Foundation
package import NCMBWire

/// `ObjectStore` on any SQL engine: the compiler's statements and ``ObjectStatements`` run through the engine's
/// ``SQLEngine``, so both engines share every rule (docs/decisions/0003-existence-is-not-leaked.md permission checks,
/// includes, projections, write plans).
///
/// Reads pick their ``SQLReadShape``: a get without includes is a point lookup (SQLite runs it on the calling thread),
/// a find of one statement needs no snapshot, and page plus count or includes share one. Each write is one unit.
package struct SQLObjectStore<Engine: SQLEngine>: ObjectStore {
    let engine: Engine
    /// Where slow finds are noted for the index advisor, if anywhere.
    let slowQueries: SlowQueryRecorder?

    /// Creates the store over an engine.
    ///
    /// - Parameter slowQueries: where finds slower than its threshold are noted (docs/decisions/0075-index-advisor.md).
    package init(engine: Engine, slowQueries: SlowQueryRecorder? = nil) {
        self.engine = engine
        self.slowQueries = slowQueries
    }

    package func create(_ object: NewObject) async throws -> StoredObject {
        let plan = try ObjectWritePlan(applying: object.operations, to: JSONObject())
        let dialect = engine.dialect
        return try await engine.write { executor in
            try await SQLObjectWrites(executor: executor, dialect: dialect).insert(object, plan: plan)
        }
    }

    package func object(_ key: ObjectKey, include: [[FieldName]], access: AccessContext) async throws -> StoredObject {
        let condition = WhereClause.field(.objectId, [.equalTo(.string(key.objectId))])
        let request = FindRequest(
            applicationId: key.applicationId, className: key.className,
            parameters: QueryParameters(whereQuery: WhereQuery([condition]), limit: 1, include: include)
        )
        // One row by its objectId: a lookup in the (class, objectId) index.
        let shape: SQLReadShape = include.isEmpty ? .pointLookup : .snapshot
        guard let object = try await find(request, access: access, shape: shape).objects.first else { throw StorageError.notFound }
        return object
    }

    package func find(_ request: FindRequest, access: AccessContext) async throws -> FoundObjects {
        let parameters = request.parameters
        let statementCount = (parameters.effectiveLimit > 0 ? 1 : 0) + (parameters.includesCount ? 1 : 0)
        let isSingleStatement = statementCount <= 1 && parameters.include.isEmpty
        guard let slowQueries else {
            return try await find(request, access: access, shape: isSingleStatement ? .singleStatement : .snapshot)
        }
        let start = ContinuousClock.now
        let found = try await find(request, access: access, shape: isSingleStatement ? .singleStatement : .snapshot)
        slowQueries.observe(request, duration: ContinuousClock.now - start, now: WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)))
        return found
    }

    private func find(_ request: FindRequest, access: AccessContext, shape: SQLReadShape) async throws -> FoundObjects {
        let dialect = engine.dialect
        let compiled = QueryCompiler.find(request, access: access, dialect: dialect)
        let parameters = request.parameters
        return try await engine.read(shape) { executor in
            var objects: [StoredObject] = []
            if let page = compiled.page {
                // Fields stay encoded unless something reads them: a page that goes straight to a response is never parsed.
                objects = try await executor.rows(page).map { try SQLObjectRow($0, parsesFields: false).object }
            }
            var count: Int?
            if let countStatement = compiled.count {
                count = try await executor.rows(countStatement).first?.integer(QueryCompiler.ObjectColumn.count).map { Int($0) }
            }
            if !parameters.include.isEmpty, !objects.isEmpty {
                let includer = SQLIncluder(executor: executor, dialect: dialect, applicationId: request.applicationId, access: access)
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
    }

    package func update(_ update: ObjectUpdate, access: AccessContext) async throws -> StoredObject {
        let dialect = engine.dialect
        let lookup = ObjectStatements.writeLookup(update.key, access: access, dialect: dialect)
        return try await engine.write { executor in
            let writes = SQLObjectWrites(executor: executor, dialect: dialect)
            return try await writes.apply(update, to: writes.writableRow(lookup))
        }
    }

    package func delete(_ key: ObjectKey, access: AccessContext) async throws {
        let dialect = engine.dialect
        let lookup = ObjectStatements.writeLookup(key, access: access, dialect: dialect)
        try await engine.write { executor in
            let writes = SQLObjectWrites(executor: executor, dialect: dialect)
            try await writes.delete(writes.writableRow(lookup), key: key)
        }
    }
}
