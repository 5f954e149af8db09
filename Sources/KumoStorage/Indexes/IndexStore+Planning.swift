package import NCMBWire

/// Why an index cannot be planned, in words for a person (the CLI prints it, the dashboard shows it).
package struct IndexPlanningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The explanation.
    package let description: String

    init(_ description: String) { self.description = description }
}

/// What ``IndexStore/plan(_:applicationId:className:)`` decided.
package struct IndexPlan: Sendable, Hashable {
    /// The fields with their kinds, in index order.
    package var fields: [IndexedField]
    /// Remarks for the person who asked: kinds inferred from the data, other kinds the field also holds.
    package var notes: [String]
}

extension IndexStore {
    /// Turns field specifications (`score`, `score:number`, `hash.n:number`, in index order) into indexed fields. A field without a kind
    /// gets the kind most of the class's objects hold in it (among the first 10 000).
    ///
    /// - Throws: ``IndexPlanningError`` for a malformed specification, an unknown kind, a column field, a field given
    ///   twice, more than ``ClassIndex/maximumFieldCount`` fields, or a field without a kind that no object holds.
    package func plan(_ specifications: [String], applicationId: String, className: ClassName) async throws -> IndexPlan {
        let kinds = IndexValueKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard !specifications.isEmpty else { throw IndexPlanningError("Give at least one field, e.g. score or score:number.") }
        guard specifications.count <= ClassIndex.maximumFieldCount else {
            throw IndexPlanningError("An index has at most \(ClassIndex.maximumFieldCount) fields, not \(specifications.count).")
        }
        var fields: [IndexedField] = []
        var notes: [String] = []
        for specification in specifications {
            let parts = specification.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2, let field = FieldPath(parts[0]) else {
                throw IndexPlanningError(
                    "'\(specification)' is not a field: use NAME, NAME:KIND or a path such as hash.n:number, with KIND one of \(kinds).")
            }
            guard ![FieldName.objectId, .createDate, .updateDate, .acl].contains(field.root) else {
                throw IndexPlanningError("\(field.root.rawValue) is a column with its own index: index user fields only.")
            }
            guard !fields.contains(where: { $0.field == field }) else {
                throw IndexPlanningError("\(field.text) is given twice.")
            }
            if parts.count == 2 {
                guard let kind = IndexValueKind(rawValue: parts[1]) else {
                    throw IndexPlanningError("'\(parts[1])' is not a kind: use one of \(kinds).")
                }
                fields.append(IndexedField(field, kind))
                continue
            }
            let held = try await valueKinds(applicationId: applicationId, className: className, field: field)
            guard let (kind, count) = held.max(by: { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }) else {
                throw IndexPlanningError(
                    "No object of \(className.rawValue) holds \(field.text) as one of \(kinds) yet: give its kind, e.g. \(field.text):number.")
            }
            fields.append(IndexedField(field, kind))
            notes.append("\(field.text): \(kind.rawValue) (held by \(count) of the objects looked at)")
            for (other, otherCount) in held.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where other != kind {
                notes.append(
                    "\(field.text) also holds \(otherCount) \(other.rawValue) value(s): queries still find those objects, without the index")
            }
        }
        return IndexPlan(fields: fields, notes: notes)
    }
}
