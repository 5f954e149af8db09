package import NCMBWire

/// Objects of every class, with ACL enforced inside the storage statements (docs/architecture.md#acl-inside-the-query).
///
/// Each method is one transaction. Reads never return objects the `AccessContext` may not read; writes check write
/// permission in the same statement or under the same lock as the write.
package protocol ObjectStore: Sendable {
    /// Inserts an object (class registration, row, access rows, relation rows in one transaction).
    ///
    /// - Throws: `StorageError.duplicate(field: "objectId")` when the objectId is taken in the class.
    func create(_ object: NewObject) async throws -> StoredObject

    /// Reads one object, expanding the `include` paths.
    ///
    /// - Throws: `StorageError.notFound` when it does not exist or the caller may not read it
    ///   (docs/decisions/0003-existence-is-not-leaked.md).
    func object(_ key: ObjectKey, include: [[FieldName]], access: AccessContext) async throws -> StoredObject

    /// Runs a query: where, order, limit, skip, include, keys and count, all restricted to readable objects.
    func find(_ request: FindRequest, access: AccessContext) async throws -> FoundObjects

    /// Applies field operations to one object and returns it as stored afterwards.
    ///
    /// Operators read the current value inside the transaction and use `FieldOperation.apply`.
    /// - Throws: `StorageError.notFound` (missing or unreadable), `.denied` (readable but not writable),
    ///   `.invalid` when an operator does not fit the stored value.
    func update(_ update: ObjectUpdate, access: AccessContext) async throws -> StoredObject

    /// Deletes one object with its access rows and relations.
    ///
    /// - Throws: `StorageError.notFound` (missing or unreadable), `.denied` (readable but not writable).
    func delete(_ key: ObjectKey, access: AccessContext) async throws
}
