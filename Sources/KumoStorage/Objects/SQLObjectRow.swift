import NCMBWire

/// An `objects` row as the compiler's statements select it (``QueryCompiler/ObjectColumn``).
struct SQLObjectRow: Sendable {
    /// The row identifier.
    let rowId: Int64
    /// The object, fields as stored.
    var object: StoredObject

    /// Decodes a selected row.
    ///
    /// - Parameter parsesFields: Whether to parse the fields now (rows about to be changed or embedded) or leave the
    ///   stored text to be copied into a response or parsed on first read (``StoredFields``). The text was written by
    ///   `JSONValue.serializedString()` (PostgreSQL's `json` keeps it as written); only its outer braces are checked here.
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees (corruption).
    init(_ row: SQLRow, parsesFields: Bool = true) throws(StorageError) {
        typealias Column = QueryCompiler.ObjectColumn
        guard let rowId = row.integer(Column.rowId), let objectId = row.string(Column.objectId),
            let createDate = row.integer(Column.createDate), let updateDate = row.integer(Column.updateDate),
            let aclText = row.string(Column.acl), let fieldsText = row.string(Column.fields),
            let fields = SQLObjectRow.fields(storedText: fieldsText, parsing: parsesFields),
            let acl = SQLObjectRow.acl(storedText: aclText)
        else { throw StorageError.unavailable("An objects row could not be decoded.") }
        self.rowId = rowId
        self.object = StoredObject(
            objectId: objectId, createDate: WireDate(millisecondsSince1970: createDate),
            updateDate: WireDate(millisecondsSince1970: updateDate), acl: acl, storedFields: fields
        )
    }

    private static func fields(storedText text: String, parsing: Bool) -> StoredFields? {
        if parsing { return (try? JSONValue(parsing: text).objectValue).map(StoredFields.init) }
        let bytes = text.utf8
        guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        return StoredFields(storedText: text)
    }

    /// The stored text of the default ACL (public read and write), which most rows hold.
    private static let publicReadWriteText = AccessControlList.publicReadWrite.json.serializedString()

    /// The ACL of a stored text; the default one is recognised without parsing.
    private static func acl(storedText text: String) -> AccessControlList? {
        if text == publicReadWriteText { return .publicReadWrite }
        return (try? JSONValue(parsing: text)).map { AccessControlList(storedJSON: $0) }
    }
}
