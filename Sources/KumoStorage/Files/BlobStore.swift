package import NCMBWire

/// The bytes of uploaded files (docs/wire/endpoints/files.md), kept apart from their metadata, which are objects of
/// class `file` stored through the `ObjectStore` (fields `fileName`, `mimeType`, `fileSize` and the hidden `blobId`).
///
/// A blob is written in chunks through a ``BlobWriter`` and becomes readable only once committed, so memory stays
/// bounded whatever the file size and a crash mid-upload leaves nothing visible. The upload order that keeps a crash
/// from ever showing a file without bytes is: write → ``BlobWriter/commit()`` (durable) → insert the metadata object.
/// A crash between the last two leaves an unreferenced blob, which ``FileBlobSweeper`` (KumoServer) deletes later.
///
/// Engines: `DiskBlobStore` (files under the data directory, the SQLite default) and the PostgreSQL engine's in-database
/// store (so several stateless instances share files).
package protocol BlobStore: Sendable {
    /// Starts a new, invisible blob of an application.
    func makeWriter(applicationId: String) async throws -> any BlobWriter

    /// Starts a blob with a given id, as a restore or `kumo files move` writes back blobs that metadata objects name;
    /// committing replaces a blob of that id.
    ///
    /// - Throws: `StorageError.unavailable` for an id that cannot name a blob.
    func makeWriter(applicationId: String, blobId: String) async throws -> any BlobWriter

    /// Up to `length` bytes of a committed blob from `offset` (fewer only at its end; empty at or past the end).
    ///
    /// - Throws: `StorageError.notFound` when the blob does not exist (never committed, or deleted).
    func read(applicationId: String, blobId: String, offset: Int64, length: Int) async throws -> [UInt8]

    /// The size in bytes of a committed blob, or `nil` when it does not exist.
    func size(applicationId: String, blobId: String) async throws -> Int64?

    /// Deletes a committed blob; deleting a missing blob is not an error.
    func delete(applicationId: String, blobId: String) async throws

    /// The ids of an application's committed blobs committed before `date` (for the orphan sweep), at most `limit`.
    func committedBlobIds(applicationId: String, committedBefore date: WireDate, limit: Int) async throws -> [String]

    /// Deletes uncommitted blobs (abandoned uploads, crashes) started before `date`; returns how many went.
    func deleteAbandonedUploads(startedBefore date: WireDate) async throws -> Int
}

/// Writes one blob. Not safe for concurrent use: one upload drives it from one task.
package protocol BlobWriter: Sendable {
    /// The new blob's id (unique per application), chosen when the writer is made.
    var blobId: String { get }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) async throws

    /// Makes the blob durable (fsync or database commit) and readable; returns its size in bytes.
    func commit() async throws -> Int64

    /// Throws away what was written; calling it after a failed write or twice is allowed.
    func abort() async
}
