import NCMBWire

/// Enforces, inside a write unit and after the write's own statements, that a field of a class holds GeoPoints or
/// other values, never both (``LocationFieldStatements``, docs/decisions/0057-geopoint-fields-keep-their-kind.md).
///
/// Throwing rolls the whole unit back, so a refused write leaves nothing behind.
struct SQLLocationFieldGuard<Executor: SQLExecutor> {
    let executor: Executor
    let dialect: any SQLDialect

    /// The class's location fields, as the unit sees them under a shared lock; `nil` when the class is not registered.
    func locationFields(applicationId: String, className: ClassName) async throws -> (classId: Int64, fields: [String])? {
        try await classRow(applicationId: applicationId, className: className, exclusive: false)
    }

    /// Checks the values a write gave its fields and records fields that now hold their first GeoPoint.
    ///
    /// - Throws: `StorageError.invalid` with 403 E403006 when a GeoPoint goes into a field that holds other values in
    ///   the class, or another value into a field that holds GeoPoints.
    func check(_ kinds: WrittenFieldKinds, applicationId: String, className: ClassName) async throws {
        guard !kinds.isEmpty, let current = try await locationFields(applicationId: applicationId, className: className) else {
            return
        }
        try await check(kinds, classId: current.classId, declared: current.fields, applicationId: applicationId, className: className)
    }

    /// ``check(_:applicationId:className:)`` with the class row already read (bulk writes read it once per class).
    ///
    /// - Returns: The location fields afterwards.
    @discardableResult
    func check(
        _ kinds: WrittenFieldKinds, classId: Int64, declared: [String], applicationId: String, className: ClassName
    ) async throws -> [String] {
        let refused = StorageError.invalid(APIError(.invalidGeoPointValue))
        let declaredSet = Set(declared)
        guard !kinds.setsOtherValue(in: declaredSet) else { throw refused }
        guard !kinds.newLocations(besides: declaredSet).isEmpty else { return declared }
        // The first GeoPoint of a field: take the class row exclusively, then look again and at the stored values.
        guard let locked = try await classRow(applicationId: applicationId, className: className, exclusive: true) else {
            return declared
        }
        let lockedSet = Set(locked.fields)
        guard !kinds.setsOtherValue(in: lockedSet) else { throw refused }
        let new = kinds.newLocations(besides: lockedSet)
        var fields = locked.fields
        var start = new.startIndex
        while start < new.endIndex {
            let group = new[start..<min(start + LocationFieldStatements.fieldsPerStatement, new.endIndex)]
            start = group.endIndex
            let others = try await executor.rows(LocationFieldStatements.otherValueExists(classId: classId, fields: group, dialect: dialect))
            guard others.isEmpty else { throw refused }
        }
        fields += new.map(\.rawValue)
        if fields != locked.fields {
            _ = try await executor.rows(LocationFieldStatements.setLocationFields(fields, classId: classId, dialect: dialect))
        }
        return fields
    }

    private func classRow(applicationId: String, className: ClassName, exclusive: Bool) async throws -> (classId: Int64, fields: [String])? {
        let statement = LocationFieldStatements.classRow(
            applicationId: applicationId, className: className, exclusive: exclusive, dialect: dialect)
        guard let row = try await executor.rows(statement).first,
            let classId = row.integer(LocationFieldStatements.Column.classId)
        else { return nil }
        return (classId, LocationFieldStatements.decode(row.string(LocationFieldStatements.Column.locationFields)))
    }
}
