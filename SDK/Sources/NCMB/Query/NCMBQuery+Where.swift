internal import NCMBWire

extension NCMBQuery {
    /// Adds the condition "the field equals `value`", replacing any other condition on the field.
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: The value; a saved object or ``NCMBPointer`` matches a Pointer field, a `Date` a Date field.
    public mutating func `where`(field: String, equalTo value: Any) {
        guard isValidField(field), let json = encoded(value) else { return }
        whereItems[field] = json
    }

    /// Adds the condition "the field does not equal `value`" (`$ne`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: The value.
    public mutating func `where`(field: String, notEqualTo value: Any) {
        addOperation(field: field, operation: "$ne", value: value)
    }

    /// Adds the condition "the field is less than `value`" (`$lt`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: A number, a string or a `Date`.
    public mutating func `where`(field: String, lessThan value: Any) {
        addOperation(field: field, operation: "$lt", value: value)
    }

    /// Adds the condition "the field is greater than `value`" (`$gt`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: A number, a string or a `Date`.
    public mutating func `where`(field: String, greaterThan value: Any) {
        addOperation(field: field, operation: "$gt", value: value)
    }

    /// Adds the condition "the field is less than or equal to `value`" (`$lte`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: A number, a string or a `Date`.
    public mutating func `where`(field: String, lessThanOrEqualTo value: Any) {
        addOperation(field: field, operation: "$lte", value: value)
    }

    /// Adds the condition "the field is greater than or equal to `value`" (`$gte`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: A number, a string or a `Date`.
    public mutating func `where`(field: String, greaterThanOrEqualTo value: Any) {
        addOperation(field: field, operation: "$gte", value: value)
    }

    /// Adds the condition "the field equals one of the values" (`$in`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: The values.
    public mutating func `where`(field: String, containedIn value: [Any]) {
        addOperation(field: field, operation: "$in", value: value)
    }

    /// Adds the condition "the field equals none of the values" (`$nin`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: The values.
    public mutating func `where`(field: String, notContainedIn value: [Any]) {
        addOperation(field: field, operation: "$nin", value: value)
    }

    /// Adds the condition "the field exists" (`true`) or "the field does not exist" (`false`) (`$exists`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: `true` or `false`.
    public mutating func `where`(field: String, exists value: Any) {
        addOperation(field: field, operation: "$exists", value: value)
    }

    /// Adds the condition "the string field matches the regular expression" (`$regex`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: The pattern, e.g. `^ram`.
    public mutating func `where`(field: String, toMatchPattern value: String) {
        addOperation(field: field, operation: "$regex", value: value)
    }

    /// Adds the condition "the array field contains at least one of the values" (`$inArray`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: The values.
    public mutating func `where`(field: String, containedInArrayTo value: [Any]) {
        addOperation(field: field, operation: "$inArray", value: value)
    }

    /// Adds the condition "the array field contains none of the values" (`$ninArray`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: The values.
    public mutating func `where`(field: String, notContainedInArrayTo value: [Any]) {
        addOperation(field: field, operation: "$ninArray", value: value)
    }

    /// Adds the condition "the array field contains every one of the values" (`$all`).
    ///
    /// - Parameters:
    ///   - field: The field name.
    ///   - value: The values.
    public mutating func `where`(field: String, containsAllObjectsInArrayTo value: [Any]) {
        addOperation(field: field, operation: "$all", value: value)
    }

    /// Adds a condition on a field (the one place a condition is added beside an existing one on the same field).
    ///
    /// An equality on the field is replaced, as one object cannot hold both (docs/wire/query-operators.md).
    mutating func addOperation(field: String, operation: String, value: Any) {
        guard let json = encoded(value) else { return }
        addOperation(field: field, operation: operation, json: json)
    }

    /// Adds a condition whose operand is already wire JSON.
    mutating func addOperation(field: String, operation: String, json: JSONValue) {
        guard isValidField(field) else { return }
        var item = JSONObject()
        if let existing = whereItems[field]?.objectValue, !existing.isEmpty, existing.keys.allSatisfy({ $0.hasPrefix("$") }) {
            item = existing
        }
        item[operation] = json
        whereItems[field] = .object(item)
    }

    /// Whether `field` is a valid field name; records ``NCMBInvalidRequestError/invalidFieldName`` when it is not.
    mutating func isValidField(_ field: String) -> Bool {
        guard FieldName.isValid(field) else {
            reject(.invalidFieldName)
            return false
        }
        return true
    }

    /// The wire form of a condition's value; records the error and returns `nil` when it cannot be sent.
    mutating func encoded(_ value: Any) -> JSONValue? {
        do {
            return try FieldValueEncoder.json(from: value)
        } catch {
            reject(error)
            return nil
        }
    }

    /// Records invalid input; the first one is what `find` and `count` report.
    mutating func reject(_ error: NCMBInvalidRequestError) {
        if invalidInput == nil { invalidInput = error }
    }
}
