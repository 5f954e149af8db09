import Foundation

/// One queued write as the queue file stores it.
struct OutboxEntry: Codable, Sendable, Hashable {
    /// The write's identifier.
    var id: UUID
    /// Create, update or delete.
    var kind: NCMBOutboxWrite.Kind
    /// `classes`, `users` or `installations`.
    var collection: String
    /// The class name.
    var className: String
    /// The object's id when known as the write was queued.
    var objectId: String?
    /// The object's local identity: the writes of one object share it, and its create's landing names its objectId.
    var localId: UUID
    /// The JSON object sent, as text (`{}` for a delete).
    var body: String
    /// Sent in `X-Kumo-Idempotency-Key`, the same for every attempt.
    var idempotencyKey: String
    /// When the write was queued.
    var queuedAt: Date
    /// How many times it was sent.
    var attempts: Int

    /// The write as the app sees it.
    func write(objectId known: String?) -> NCMBOutboxWrite {
        NCMBOutboxWrite(
            id: id, kind: kind, className: className, objectId: objectId ?? known, queuedAt: queuedAt, attempts: attempts)
    }
}

/// The queue file (`outbox.json`): the writes in order, and the objectIds of creates that landed while later writes of
/// the same object still wait.
struct OutboxFile: Codable, Sendable {
    /// The format's version.
    var version = 1
    /// The writes, oldest first.
    var entries: [OutboxEntry] = []
    /// The objectId of each local object whose create landed, while writes of it remain.
    var landed: [UUID: String] = [:]

    /// The name of the file in the outbox's folder.
    static let fileName = "outbox.json"

    /// Reads the file in `folder`; an empty queue when there is none.
    static func read(in folder: URL) throws -> OutboxFile {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return OutboxFile() }
        return try JSONDecoder().decode(OutboxFile.self, from: Data(contentsOf: url))
    }

    /// Writes the file in `folder` atomically (a temporary file renamed over it), creating the folder.
    func write(in folder: URL) throws(NCMBOutboxError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(self)
            try data.write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
        } catch {
            throw .notWritten("\(error)")
        }
    }
}
