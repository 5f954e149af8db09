import KumoMemberwise
package import NCMBWire

/// `IndexStore` on any SQL engine: ``IndexStatements`` for metadata and records, the engine's ``SQLEngine/maintain(_:)``
/// for building and removing the index itself.
@PackageMemberwiseInit
package struct SQLIndexStore<Engine: SQLEngine>: IndexStore {
    let engine: Engine

    package func indexes(applicationId: String, className: ClassName?) async throws -> [ClassIndex] {
        let statement = IndexStatements.list(applicationId: applicationId, className: className, dialect: engine.dialect)
        return try await engine.rows(.singleStatement, statement)
            .compactMap(IndexStatements.index)
    }

    package func create(_ index: ClassIndex) async throws -> IndexBuild {
        try SQLIndexStore.validate(index.fields)
        let dialect = engine.dialect
        let existing = try await indexes(applicationId: index.applicationId, className: index.className)
            .first { $0.name == index.name }
        let count = IndexStatements.objectCount(applicationId: index.applicationId, className: index.className, dialect: dialect)
        let objectCount = try await engine.rows(.singleStatement, count)
            .first?.integer("count") ?? 0
        do {
            // Also when the metadata exists: the statements are idempotent, and repair an index dropped by hand or
            // give an index made before arrays were matched its companions (docs/decisions/0105-…).
            for statement in IndexStatements.create(index, dialect: dialect) { try await engine.maintain(statement) }
        } catch {
            // PostgreSQL leaves an invalid index behind when a concurrent build fails.
            for statement in IndexStatements.drop(name: index.name, dialect: dialect) { try? await engine.maintain(statement) }
            throw error
        }
        if let analyze = dialect.analyzeObjects {
            try await engine.maintain(SQLStatement(dialect: dialect, analyze))
        }
        if existing == nil {
            let insert = IndexStatements.insert(index, dialect: dialect)
            try await engine.write(insert)
        }
        return IndexBuild(index: existing ?? index, objectCount: Int(objectCount), existed: existing != nil)
    }

    package func remove(applicationId: String, className: ClassName, fields: [IndexedField]) async throws {
        let name = ClassIndex.name(applicationId: applicationId, className: className, fields: fields)
        guard let index = try await indexes(applicationId: applicationId, className: className).first(where: { $0.name == name })
        else { throw StorageError.notFound }
        let dialect = engine.dialect
        for statement in IndexStatements.drop(name: name, dialect: dialect) { try await engine.maintain(statement) }
        let delete = IndexStatements.delete(index, dialect: dialect)
        try await engine.write(delete)
    }

    package func valueKinds(applicationId: String, className: ClassName, field: FieldPath) async throws -> [IndexValueKind: Int] {
        let statement = IndexStatements.valueKinds(
            applicationId: applicationId, className: className, field: field, dialect: engine.dialect)
        let rows = try await engine.rows(.singleStatement, statement)
        var kinds: [IndexValueKind: Int] = [:]
        for row in rows {
            guard let kind = row.string("kind").flatMap(IndexValueKind.init(rawValue:)), let count = row.integer("count") else { continue }
            kinds[kind] = Int(count)
        }
        return kinds
    }

    package func queryPlan(_ request: FindRequest, access: AccessContext, count: Bool) async throws -> [String] {
        let dialect = engine.dialect
        let compiled = QueryCompiler.find(request, access: access, dialect: dialect)
        guard let chosen = count ? compiled.count : compiled.page else { return [] }
        let explain = dialect.explain(chosen.text)
        let statement = SQLStatement(dialect: dialect, explain.sql, bindings: chosen.bindings)
        // A statement that reads a table first, on the same connection: SQLite notices a schema change (a new index)
        // only when a statement opens a table, which `EXPLAIN QUERY PLAN` never does.
        let touch = SQLStatement(dialect: dialect, "SELECT COUNT(*) AS count FROM class_indexes")
        return try await engine.read(.snapshot) { executor in
            _ = try await executor.rows(touch)
            return try await executor.rows(statement)
        }
        .compactMap { $0.string(explain.column) }
    }

    package func recordSlowQueries(_ runs: [SlowQueryRun]) async throws {
        guard !runs.isEmpty else { return }
        let statements = runs.map { IndexStatements.recordSlowQuery($0, dialect: engine.dialect) }
        try await engine.write(statements)
    }

    package func slowQueries(applicationId: String) async throws -> [QueryShapeRecord] {
        return try await engine.rows(.singleStatement, IndexStatements.slowQueries(applicationId: applicationId, dialect: engine.dialect))
            .compactMap(IndexStatements.slowQuery)
    }

    package func clearSlowQueries(applicationId: String) async throws {
        try await engine.write(IndexStatements.clearSlowQueries(applicationId: applicationId, dialect: engine.dialect))
    }

    /// Refuses an index of no fields, more than ``ClassIndex/maximumFieldCount``, a field twice, or a column field or a
    /// path below one (`objectId`, `createDate`, `updateDate`, `acl`: columns with their own indexes).
    static func validate(_ fields: [IndexedField]) throws {
        let paths = fields.map(\.field)
        guard !fields.isEmpty, fields.count <= ClassIndex.maximumFieldCount, Set(paths).count == paths.count,
            !paths.contains(where: { [FieldName.objectId, .createDate, .updateDate, .acl].contains($0.root) })
        else { throw StorageError.invalid(APIError(.invalidValue, "fields")) }
    }
}
