import KumoStorage
import NCMBWire

/// An `objects` row as the compiler's statements select it (``QueryCompiler/ObjectColumn``).
struct PostgresObjectRow: Sendable {
    /// The row identifier.
    let rowId: Int64
    /// The object, fields as stored.
    var object: StoredObject

    /// Decodes a selected row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    init(_ row: PostgresResultRow) throws {
        typealias Column = QueryCompiler.ObjectColumn
        guard let rowId = row.integer(Column.rowId), let objectId = row.string(Column.objectId),
            let createDate = row.integer(Column.createDate), let updateDate = row.integer(Column.updateDate),
            let aclText = row.string(Column.acl), let fieldsText = row.string(Column.fields),
            let fields = try? JSONValue(parsing: fieldsText).objectValue, let aclValue = try? JSONValue(parsing: aclText)
        else { throw StorageError.unavailable("An objects row could not be decoded.") }
        self.rowId = rowId
        self.object = StoredObject(
            objectId: objectId, createDate: WireDate(millisecondsSince1970: createDate),
            updateDate: WireDate(millisecondsSince1970: updateDate), acl: AccessControlList(storedJSON: aclValue), fields: fields
        )
    }
}
