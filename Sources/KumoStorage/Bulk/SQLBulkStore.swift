package import NCMBWire

/// `BulkStore` on any SQL engine: ``BulkStatements`` and the shared account and location-field rules, one unit per call.
package struct SQLBulkStore<Engine: SQLEngine>: BulkStore {
    let engine: Engine
    /// How large an imported object may be.
    let limits: ObjectLimits

    /// Creates the store over an engine.
    package init(engine: Engine, limits: ObjectLimits = .standard) {
        self.engine = engine
        self.limits = limits
    }

    package func classNames(applicationId: String) async throws -> [ClassName] {
        let statement = BulkStatements.classNames(applicationId: applicationId, dialect: engine.dialect)
        return try await engine.read(.singleStatement) { executor in
            try await executor.rows(statement).compactMap { $0.string(BulkStatements.Column.className).flatMap(ClassName.init) }
        }
    }

    package func objects(applicationId: String, className: ClassName, after afterObjectId: String?, limit: Int) async throws -> [StoredObject] {
        let statement = BulkStatements.objects(
            applicationId: applicationId, className: className, after: afterObjectId, limit: limit, dialect: engine.dialect)
        return try await engine.read(.singleStatement) { executor in
            try await executor.rows(statement).map { try SQLObjectRow($0, parsesFields: false).object }
        }
    }

    package func relationMembers(
        applicationId: String, className: ClassName, after: RelationMember?, limit: Int
    ) async throws -> [RelationMember] {
        let statement = BulkStatements.relationMembers(
            applicationId: applicationId, className: className, after: after, limit: limit, dialect: engine.dialect)
        return try await engine.read(.singleStatement) { executor in
            try await executor.rows(statement).compactMap { row in
                guard let objectId = row.string(QueryCompiler.ObjectColumn.objectId), let field = row.string(BulkStatements.Column.field),
                    let targetClassName = row.string(BulkStatements.Column.targetClassName),
                    let targetObjectId = row.string(BulkStatements.Column.targetObjectId)
                else { return nil }
                return RelationMember(objectId: objectId, field: field, targetClassName: targetClassName, targetObjectId: targetObjectId)
            }
        }
    }

    package func passwordHashes(
        applicationId: String, after afterObjectId: String?, through throughObjectId: String
    ) async throws -> [String: String] {
        let statement = BulkStatements.passwordHashes(
            applicationId: applicationId, after: afterObjectId, through: throughObjectId, dialect: engine.dialect)
        return try await engine.read(.singleStatement) { executor in
            var hashes: [String: String] = [:]
            for row in try await executor.rows(statement) {
                guard let objectId = row.string(QueryCompiler.ObjectColumn.objectId),
                    let hash = row.string(AccountStatements.Column.passwordHash)
                else { continue }
                hashes[objectId] = hash
            }
            return hashes
        }
    }

    package func write(
        _ objects: [BulkObject], applicationId: String, conflict: BulkConflictMode, dryRun: Bool
    ) async throws -> [BulkOutcome] {
        let dialect = engine.dialect
        // Checked and encoded before the unit starts, so that the unit only runs SQL
        // (docs/decisions/0112-linear-writes-planned-outside-the-writer.md).
        let prepared = objects.map { PreparedBulkObject($0, limits: limits, dialect: dialect) }
        return try await rollingBack(if: dryRun) {
            try await engine.write { executor in
                var writes = SQLBulkWrites(executor: executor, dialect: dialect, applicationId: applicationId)
                var outcomes: [BulkOutcome] = []
                outcomes.reserveCapacity(prepared.count)
                for (index, object) in prepared.enumerated() {
                    do {
                        outcomes.append(try await writes.write(object, index: index, conflict: conflict))
                    } catch let conflict as BulkWriteError {
                        throw UnitFailure(conflict)
                    }
                }
                if dryRun { throw UnitFailure(DryRun(value: outcomes)) }
                return outcomes
            }
        }
    }

    package func addRelations(_ relations: [BulkRelation], applicationId: String, dryRun: Bool) async throws -> [Int?] {
        let dialect = engine.dialect
        return try await rollingBack(if: dryRun) {
            try await engine.write { executor in
                var found: [Int?] = []
                found.reserveCapacity(relations.count)
                for relation in relations {
                    found.append(try await SQLBulkWrites.addMembers(relation, applicationId: applicationId, executor: executor, dialect: dialect))
                }
                if dryRun { throw UnitFailure(DryRun(value: found)) }
                return found
            }
        }
    }

    /// Runs a write whose unit throws its result as ``DryRun`` when it must be rolled back, and returns the result;
    /// the unit's own errors are thrown wrapped in ``UnitFailure`` so that PostgreSQL's error mapping keeps them.
    private func rollingBack<Value: Sendable>(if dryRun: Bool, _ write: () async throws -> Value) async throws -> Value {
        do {
            return try await write()
        } catch {
            // PostgreSQL unwraps a unit's own error; SQLite passes the wrapper on.
            let underlying = (error as? UnitFailure)?.underlying ?? error
            if dryRun, let rolledBack = underlying as? DryRun<Value> { return rolledBack.value }
            throw underlying
        }
    }
}

/// The result of a unit thrown to roll it back (a dry run).
struct DryRun<Value: Sendable>: Error {
    let value: Value
}

/// An object of a bulk write, checked and encoded before the write unit starts.
struct PreparedBulkObject: Sendable {
    /// The object.
    let object: BulkObject
    /// Its fields as stored JSON text.
    let encodedFields: String
    /// What its fields hold, for the location-field rule.
    let kinds: WrittenFieldKinds
    /// The unique values it claims.
    let uniqueValues: [UniqueValue]
    /// Why it cannot be stored (past a limit, a value the engine refuses), if it cannot.
    let failure: APIError?

    init(_ object: BulkObject, limits: ObjectLimits, dialect: any SQLDialect) {
        self.object = object
        let encoded = JSONValue.object(object.fields).serializedString()
        self.encodedFields = encoded
        self.kinds = WrittenFieldKinds(fields: object.fields, written: object.fields.keys.compactMap(FieldName.init))
        self.uniqueValues = UniqueKeys.values(className: object.className, fields: object.fields)
        do throws(StorageError) {
            try dialect.validateStorable(object.fields)
            try limits.check(fieldCount: object.fields.count)
            try limits.check(encodedBytes: encoded.utf8.count)
            self.failure = nil
        } catch {
            if case .invalid(let apiError) = error {
                self.failure = apiError
            } else {
                self.failure = APIError(.invalidValue, "fields")
            }
        }
    }
}

/// The statements of one bulk write unit, with the classes it has registered and their location fields.
struct SQLBulkWrites<Executor: SQLExecutor> {
    let executor: Executor
    let dialect: any SQLDialect
    let applicationId: String
    /// The id and location fields of each class met in this unit.
    private var classes: [ClassName: (classId: Int64, locationFields: [String], locations: Set<String>)] = [:]

    init(executor: Executor, dialect: any SQLDialect, applicationId: String) {
        self.executor = executor
        self.dialect = dialect
        self.applicationId = applicationId
    }

    /// Writes one object, in a savepoint when a check after the row write may refuse it (a unique value another object
    /// holds, the first GeoPoint of a field that holds other values), so that a refusal undoes it alone.
    mutating func write(_ prepared: PreparedBulkObject, index: Int, conflict: BulkConflictMode) async throws -> BulkOutcome {
        let object = prepared.object
        let (classId, declared, locations) = try await classInfo(object.className)
        if let failure = prepared.failure { return .failed(failure) }
        let kinds = prepared.kinds
        if kinds.setsOtherValue(in: locations) { return .failed(APIError(.invalidGeoPointValue)) }
        let declaresLocations = !kinds.newLocations(besides: locations).isEmpty
        let uniqueValues = prepared.uniqueValues
        let usesSavepoint = declaresLocations || !uniqueValues.isEmpty
        if usesSavepoint { _ = try await executor.rows(SQLStatement(dialect: dialect, "SAVEPOINT bulk_object")) }
        var outcome = try await store(prepared, classId: classId, index: index, conflict: conflict)
        if declaresLocations, outcome == .inserted || outcome == .replaced {
            // The shared rule, after the row holds its GeoPoints: it scans the class for other values.
            do {
                let fields = try await SQLLocationFieldGuard(executor: executor, dialect: dialect).check(
                    kinds, classId: classId, declared: declared, applicationId: applicationId, className: object.className)
                classes[object.className] = (classId, fields, Set(fields))
            } catch StorageError.invalid(let error) {
                outcome = .failed(error)
            }
        }
        if usesSavepoint {
            if case .failed = outcome {
                _ = try await executor.rows(SQLStatement(dialect: dialect, "ROLLBACK TO SAVEPOINT bulk_object"))
            }
            _ = try await executor.rows(SQLStatement(dialect: dialect, "RELEASE SAVEPOINT bulk_object"))
        }
        return outcome
    }

    /// The row, its access rows and its unique values.
    private func store(_ prepared: PreparedBulkObject, classId: Int64, index: Int, conflict: BulkConflictMode) async throws -> BulkOutcome {
        typealias Column = QueryCompiler.ObjectColumn
        let object = prepared.object
        var outcome = BulkOutcome.inserted
        var rowId = try await executor.rows(
            BulkStatements.insert(object, encodedFields: prepared.encodedFields, classId: classId, dialect: dialect)
        ).first?.integer(Column.rowId)
        if rowId == nil {
            switch conflict {
            case .skip: return .skipped
            case .fail: throw BulkWriteError.conflict(index: index)
            case .replace:
                rowId = try await executor.rows(
                    BulkStatements.replace(object, encodedFields: prepared.encodedFields, classId: classId, dialect: dialect)
                ).first?.integer(Column.rowId)
                outcome = .replaced
            }
        }
        guard let rowId else { throw StorageError.unavailable("An imported object row was neither inserted nor found.") }
        if case .replaced = outcome {
            _ = try await executor.rows(ObjectStatements.deleteAccessRows(rowId: rowId, dialect: dialect))
            _ = try await executor.rows(BulkStatements.deleteUniqueValues(rowId: rowId, dialect: dialect))
        }
        if let access = ObjectStatements.insertAccessRows(ObjectWritePlan.accessRows(of: object.acl), rowId: rowId, dialect: dialect) {
            _ = try await executor.rows(access)
        }
        for value in prepared.uniqueValues {
            let step = AccountStatements.insertUniqueValue(value, rowId: rowId, dialect: dialect)
            if try await executor.rows(step.statement).isEmpty { return .failed(APIError(.duplication, value.field)) }
        }
        if object.className == .user, let passwordHash = object.passwordHash {
            _ = try await executor.rows(AccountStatements.storePasswordHash(passwordHash, rowId: rowId, dialect: dialect).statement)
        }
        return outcome
    }

    /// The class's id and location fields, registering the class on first use in this unit.
    private mutating func classInfo(_ className: ClassName) async throws -> (classId: Int64, locationFields: [String], locations: Set<String>) {
        if let known = classes[className] { return known }
        _ = try await executor.rows(ObjectStatements.registerClass(applicationId: applicationId, className: className, dialect: dialect))
        guard
            let current = try await SQLLocationFieldGuard(executor: executor, dialect: dialect).locationFields(
                applicationId: applicationId, className: className)
        else { throw StorageError.unavailable("The class \(className.rawValue) was not registered.") }
        let info = (classId: current.classId, locationFields: current.fields, locations: Set(current.fields))
        classes[className] = info
        return info
    }

    /// Adds one relation's members; returns how many targets exist, or `nil` when the owner does not.
    static func addMembers(_ relation: BulkRelation, applicationId: String, executor: Executor, dialect: any SQLDialect) async throws -> Int? {
        var found = 0
        var ownerExists = relation.targetObjectIds.isEmpty
        var start = 0
        while start < relation.targetObjectIds.count {
            let group = Array(relation.targetObjectIds[start..<min(start + BulkStatements.membersPerStatement, relation.targetObjectIds.count)])
            start += group.count
            let count = try await executor.rows(
                BulkStatements.countMembers(relation, targetObjectIds: group, applicationId: applicationId, dialect: dialect))
            guard let groupCount = count.first?.integer(BulkStatements.Column.count) else { continue }
            ownerExists = true
            found += Int(groupCount)
            _ = try await executor.rows(BulkStatements.addMembers(relation, targetObjectIds: group, applicationId: applicationId, dialect: dialect))
        }
        return ownerExists ? found : nil
    }
}
