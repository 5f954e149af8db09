import KumoMemberwise
package import NCMBWire

/// The engine-neutral part of a create or an update: new fields, relation changes and ACL rows.
///
/// Both engines build one inside their write transaction from the current fields, so they agree on every rule:
/// - Operations apply in body order with `FieldOperation.apply` (docs/wire/field-types.md#update-operators); a create
///   starts from an empty object.
/// - System field names (`objectId`, `createDate`, `updateDate`, `acl`) in the operations are ignored.
/// - `AddRelation`/`RemoveRelation` change relation rows, not the JSON; the field shows the marker
///   `{"__type":"Relation","className":…}` once it has been a relation. A relation operation on a field holding
///   another kind of value is invalid (E400002).
/// - Date values (also nested in arrays and objects) are stored with their canonical `iso` (3 fraction digits, UTC),
///   so text comparison and ordering of `iso` are chronological.
package struct ObjectWritePlan: Sendable {
    /// A change to one relation field.
    @PackageMemberwiseInit
    package struct RelationChange: Sendable, Hashable {
        /// The relation field.
        package var field: FieldName
        /// The target objects.
        package var targets: [Pointer]
        /// Whether the targets are added (`AddRelation`) or removed (`RemoveRelation`).
        package var isAddition: Bool
    }

    /// One `object_access` row: a non-public ACL entry.
    @PackageMemberwiseInit
    package struct AccessRow: Sendable, Hashable {
        /// A user objectId or `role:<roleName>`.
        package var principal: String
        /// Whether the principal may read.
        package var canRead: Bool
        /// Whether the principal may write.
        package var canWrite: Bool
    }

    /// The fields to store.
    package var fields: JSONObject
    /// Relation rows to add or remove, in body order.
    package var relationChanges: [RelationChange]

    /// Applies `operations` to `current`.
    ///
    /// - Throws: `StorageError.invalid` when an operation does not fit the current value.
    package init(applying operations: [(FieldName, FieldOperation)], to current: JSONObject) throws(StorageError) {
        var fields = current
        var relationChanges: [RelationChange] = []
        for (field, operation) in operations where !field.isSystemField {
            switch operation {
            case .addRelation(let targets), .removeRelation(let targets):
                let existing = fields[field.rawValue]
                let marker: Relation?
                switch existing.map(TypedValue.init) {
                case nil, .null?: marker = targets.first.map { Relation(className: $0.className) }
                case .relation(let relation)?: marker = relation
                default: throw StorageError.invalid(APIError(.invalidType, field.rawValue))
                }
                if let marker { fields[field.rawValue] = marker.json }
                if case .addRelation = operation {
                    relationChanges.append(RelationChange(field: field, targets: targets, isAddition: true))
                } else {
                    relationChanges.append(RelationChange(field: field, targets: targets, isAddition: false))
                }
            default:
                do {
                    let value = try operation.apply(to: fields[field.rawValue], field: field)
                    fields[field.rawValue] = ObjectWritePlan.normalisingDates(value)
                } catch {
                    throw StorageError.invalid(error)
                }
            }
        }
        self.fields = fields
        self.relationChanges = relationChanges
    }

    /// The `object_access` rows of an ACL: every entry but the public one, sorted by principal.
    package static func accessRows(of acl: AccessControlList) -> [AccessRow] {
        acl.entries.keys.sorted().compactMap { principal in
            guard principal != AccessControlList.publicKey, let permission = acl.entries[principal] else { return nil }
            return AccessRow(principal: principal, canRead: permission.read, canWrite: permission.write)
        }
    }

    /// The value with every Date's `iso` rewritten in canonical form.
    package static func normalisingDates(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(var object):
            if object["__type"] == "Date", let iso = object["iso"]?.stringValue, let date = WireDate(parsing: iso) {
                object["iso"] = .string(date.formatted)
                return .object(object)
            }
            return .object(JSONObject(object.pairs.map { ($0.key, normalisingDates($0.value)) }))
        case .array(let elements):
            return .array(elements.map(normalisingDates))
        default:
            return value
        }
    }
}
