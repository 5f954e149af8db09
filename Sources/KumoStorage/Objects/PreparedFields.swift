package import NCMBWire

/// The fields a write stores, with everything its unit needs worked out before the unit starts, so that the unit (inside
/// SQLite's single writer or a PostgreSQL transaction) only runs SQL (docs/decisions/0112-linear-writes-planned-outside-the-writer.md):
/// the fields checked against the ``ObjectLimits`` and the engine's rules, their stored text, and the kinds of the written
/// values for the location-field rule. Every step is linear in the fields.
package struct PreparedFields: Sendable {
    /// The plan: fields and relation changes.
    package let plan: ObjectWritePlan
    /// The fields as stored JSON text.
    package let encoded: String
    /// What the written fields now hold, for ``SQLLocationFieldGuard``.
    package let kinds: WrittenFieldKinds

    /// Checks and encodes a plan.
    ///
    /// - Parameter written: the fields the write named (its operations' fields).
    /// - Throws: `StorageError.invalid` with 413 E413002 past a limit, or the engine's refusal of a value.
    package init(plan: ObjectWritePlan, written: some Sequence<FieldName>, limits: ObjectLimits, dialect: any SQLDialect) throws(StorageError) {
        try limits.check(fieldCount: plan.fields.count)
        try dialect.validateStorable(plan.fields)
        let encoded = JSONValue.object(plan.fields).serializedString()
        try limits.check(encodedBytes: encoded.utf8.count)
        self.plan = plan
        self.encoded = encoded
        self.kinds = WrittenFieldKinds(fields: plan.fields, written: written)
    }

    /// The fields of a new object.
    package init(creating object: NewObject, limits: ObjectLimits, dialect: any SQLDialect) throws(StorageError) {
        try limits.check(operations: object.operations)
        try self.init(
            plan: ObjectWritePlan(applying: object.operations, to: JSONObject()), written: object.operations.lazy.map(\.0), limits: limits,
            dialect: dialect)
    }
}

/// An update planned from the stored text of its object, outside the unit that writes it. The unit writes it only while
/// the row still holds exactly that text; otherwise the update is planned again
/// (docs/decisions/0112-linear-writes-planned-outside-the-writer.md).
package struct PreparedUpdate: Sendable {
    /// The stored fields the plan started from, as text.
    package let basis: String
    /// Those fields, parsed.
    package let current: JSONObject
    /// What the update stores.
    package let fields: PreparedFields

    /// Applies `update` to the fields stored as `basis`.
    ///
    /// - Throws: `StorageError.invalid` when an operation does not fit, past a limit, or for a value the engine refuses;
    ///   `StorageError.unavailable` when the stored text is not an object (a damaged row).
    package init(_ update: ObjectUpdate, basis: String, limits: ObjectLimits, dialect: any SQLDialect) throws(StorageError) {
        guard let current = (try? JSONValue(parsing: basis))?.objectValue else {
            throw StorageError.unavailable("An objects row could not be decoded.")
        }
        self.basis = basis
        self.current = current
        self.fields = try PreparedFields(
            plan: ObjectWritePlan(applying: update.operations, to: current), written: update.operations.lazy.map(\.0), limits: limits,
            dialect: dialect)
    }
}
