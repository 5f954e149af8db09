package import NCMBWire

/// Bulk reads and writes of whole applications, for `kumo import`, `kumo export` and nothing else: every call ignores
/// ACLs and class permissions (the caller is the operator), and writes keep the objectIds, dates and ACLs they are given
/// (docs/decisions/0055-import-keeps-what-the-export-holds.md).
///
/// Writes are large units: one call is one transaction of up to a few thousand objects, so that an import commits
/// rarely (group commit on SQLite) and a failure never leaves part of a call written.
package protocol BulkStore: Sendable {
    /// The names of every registered class of an application, in name order.
    func classNames(applicationId: String) async throws -> [ClassName]

    /// Up to `limit` objects of a class in objectId order, starting after `afterObjectId` (from the first when `nil`),
    /// every field included (hidden ones too).
    func objects(applicationId: String, className: ClassName, after afterObjectId: String?, limit: Int) async throws -> [StoredObject]

    /// Up to `limit` relation members owned by objects of a class, ordered by owner objectId, field, target class and
    /// target objectId, starting after `after`.
    func relationMembers(
        applicationId: String, className: ClassName, after: RelationMember?, limit: Int
    ) async throws -> [RelationMember]

    /// The password hashes of the users whose objectIds are after `afterObjectId` (from the first when `nil`) and at most
    /// `throughObjectId`, by objectId: what `kumo export --include-secrets` carries for one page of users. Users
    /// without a password are absent.
    func passwordHashes(applicationId: String, after afterObjectId: String?, through throughObjectId: String) async throws -> [String:
        String]

    /// Writes objects in one transaction and returns one outcome per object, in order.
    ///
    /// An object that cannot be written (a unique value another object holds, a GeoPoint into a field of other values)
    /// fails alone; with ``BulkConflictMode/fail`` an existing objectId fails the whole call. With `dryRun` every check
    /// runs against the database and the transaction is rolled back: nothing is written.
    ///
    /// - Throws: ``BulkWriteError/conflict(index:)`` in `fail` mode; `StorageError.unavailable` when the engine fails
    ///   (nothing of the call is written).
    func write(_ objects: [BulkObject], applicationId: String, conflict: BulkConflictMode, dryRun: Bool) async throws -> [BulkOutcome]

    /// Adds relation members in one transaction (existing members stay; members whose target does not exist are
    /// skipped) and returns, per relation, how many of its targets exist, or `nil` when its owner does not exist. With
    /// `dryRun` nothing is written.
    ///
    /// - Throws: `StorageError.unavailable` when the engine fails (nothing of the call is written).
    func addRelations(_ relations: [BulkRelation], applicationId: String, dryRun: Bool) async throws -> [Int?]
}
