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
    /// How large an object may become.
    let limits: ObjectLimits
    /// The get by objectId's statements, compiled once (docs/decisions/0179-per-request-work-prepared-once.md).
    let pointReads: QueryCompiler.PointRead

    /// Creates the store over an engine.
    ///
    /// - Parameters:
    ///   - slowQueries: where finds slower than its threshold are noted (docs/decisions/0075-index-advisor.md).
    ///   - limits: how large an object may become (docs/decisions/0112-linear-writes-planned-outside-the-writer.md).
    package init(engine: Engine, slowQueries: SlowQueryRecorder? = nil, limits: ObjectLimits = .standard) {
        self.engine = engine
        self.slowQueries = slowQueries
        self.limits = limits
        self.pointReads = QueryCompiler.PointRead(dialect: engine.dialect)
    }

    /// Plans, checks and encodes the fields on the calling task, then inserts them in one unit that only runs SQL.
    package func create(_ object: NewObject) async throws -> StoredObject {
        let dialect = engine.dialect
        let prepared = try PreparedFields(creating: object, limits: limits, dialect: dialect)
        return try await engine.write { executor in
            try await SQLObjectWrites(executor: executor, dialect: dialect).insert(object, prepared: prepared)
        }
    }

    package func object(_ key: ObjectKey, include: [[FieldName]], access: AccessContext) async throws -> StoredObject {
        if include.isEmpty {
            // One row by its objectId: a lookup in the (class, objectId) index, its statement compiled once.
            let statement = pointReads.statement(for: key, access: access)
            guard let row = try await engine.rows(.pointLookup, statement).first else { throw StorageError.notFound }
            return try SQLObjectRow(row, parsesFields: false).object
        }
        let condition = WhereClause.field(.objectId, [.equalTo(.string(key.objectId))])
        let request = FindRequest(
            applicationId: key.applicationId, className: key.className,
            parameters: QueryParameters(whereQuery: WhereQuery([condition]), limit: 1, include: include)
        )
        // The row and its includes in one snapshot.
        guard let object = try await find(request, access: access, shape: .snapshot).objects.first else { throw StorageError.notFound }
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

    /// Updates an object; see ``SQLUpdatePlanning`` for where the update is planned.
    package func update(_ update: ObjectUpdate, access: AccessContext) async throws -> StoredObject {
        try limits.check(operations: update.operations)
        let dialect = engine.dialect
        let limits = limits
        let lookup = ObjectStatements.writeLookup(update.key, access: access, dialect: dialect)
        var prepared: PreparedUpdate?
        for round in 1...SQLUpdatePlanning.rounds {
            let planned = prepared
            let plansInside = round == SQLUpdatePlanning.rounds
            let outcome: SQLUpdatePlanning = try await engine.write { executor in
                let writes = SQLObjectWrites(executor: executor, dialect: dialect)
                let row = try await writes.writableRow(lookup)
                let stored = row.object.storedFields.storedText ?? ""
                if let planned, planned.basis == stored {
                    return .written(try await writes.apply(update, prepared: planned, to: row))
                }
                guard plansInside || stored.utf8.count <= SQLUpdatePlanning.inlineBytes else { return .planOutside(basis: stored) }
                let inline = try PreparedUpdate(update, basis: stored, limits: limits, dialect: dialect)
                return .written(try await writes.apply(update, prepared: inline, to: row))
            }
            switch outcome {
            case .written(let object):
                return object
            case .planOutside(let basis):
                // Off the caller's event loop and outside the unit: on Swift's shared executor.
                prepared = try await Task.detached { try PreparedUpdate(update, basis: basis, limits: limits, dialect: dialect) }.value
            }
        }
        throw StorageError.unavailable("An update could not be planned.")
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

/// Where an update is planned (docs/decisions/0112-linear-writes-planned-outside-the-writer.md).
///
/// Applying operators needs the stored fields, which only the write unit may read (it checks the permission and, on
/// PostgreSQL, locks the row). An object of at most ``inlineBytes`` of stored JSON is planned inside the unit: that
/// costs microseconds. A larger one is not: the unit returns its stored text unchanged, the update is planned from it
/// outside (parse, apply, check, encode), and a second unit writes the plan if the row still holds exactly that text
/// (a comparison of bytes), or hands back the new text. The last round plans inside, so that an object changed by
/// others between every round is still updated.
enum SQLUpdatePlanning: Sendable {
    /// The stored JSON, in bytes, that a unit plans an update of itself.
    static let inlineBytes = 64 * 1024
    /// How many units an update may take.
    static let rounds = 3

    /// The object, updated.
    case written(StoredObject)
    /// The stored text to plan from outside the unit.
    case planOutside(basis: String)
}
