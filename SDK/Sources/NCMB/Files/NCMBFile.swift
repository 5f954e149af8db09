public import Foundation
internal import NCMBWire

/// A file of the file store: upload it, download it, change its ACL, delete it, or query the files' metadata.
///
/// ```swift
/// var acl = NCMBACL.empty
/// acl.put(key: user.objectId ?? "", readable: true, writable: true)
/// let file = NCMBFile(fileName: "写真.png", acl: acl)
/// try await file.save(data: imageData)
/// let bytes = try await file.fetch()
/// ```
///
/// A file is named by its ``fileName``, unique in the application: saving a name that exists fails with E409001. The
/// upload is sent as `multipart/form-data` with the MIME type of the name's extension (`application/octet-stream` when
/// unknown), and the download returns the stored bytes unchanged. ``query`` finds files by their metadata:
/// ``fileName``, ``mimeType``, ``fileSize``, ``createDate``, ``updateDate`` and ``acl``.
///
/// Every operation has three forms: `async throws`, a blocking form returning ``NCMBResult`` and an
/// `…InBackground(callback:)` form, as in ncmb_swift.
///
/// - Note: Metadata is not assigned by subscript: as in ncmb_swift, only the name and the ACL are sent.
public class NCMBFile: NCMBBase, NCMBDeletable, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// The class name of files.
    static let fileClassName = ClassName.file.rawValue
    /// The metadata fields of a file.
    typealias Field = StandardField.File

    /// Creates a file to save, fetch, update or delete.
    ///
    /// - Parameters:
    ///   - fileName: The file's name, unique in the application; any UTF-8 text, e.g. `日本 語.txt`.
    ///   - acl: Who may read and write the file; `nil` to let the server apply its default (public read and write).
    public convenience init(fileName: String, acl: NCMBACL? = nil) {
        self.init(className: NCMBFile.fileClassName, collection: .files, context: .resolved)
        self.fileName = fileName
        if let acl { self.acl = acl }
    }

    /// The file's name.
    public var fileName: String {
        get { state.withLock { $0.fields[Field.fileName.rawValue]?.stringValue } ?? "" }
        set { state.withLock { $0.fields[Field.fileName.rawValue] = .string(newValue) } }
    }

    /// The MIME type the file was stored with, e.g. `image/png`; set by the server, read from query results.
    public var mimeType: String? { state.withLock { $0.fields[Field.mimeType.rawValue]?.stringValue } }

    /// The file's size in bytes; set by the server, read from query results.
    public var fileSize: Int? {
        guard let value = state.withLock({ $0.fields[Field.fileSize.rawValue] }) else { return nil }
        // NCMB's own stubs sometimes send the size as a string (docs/wire/endpoints/files.md#f65-list-files).
        if let text = value.stringValue { return Int(text) }
        return value.integerValue.flatMap { Int(exactly: $0) }
    }

    /// When the file was uploaded; from query results and after a save.
    ///
    /// - Note: A Kumo addition; ncmb_swift leaves the date in the `createDate` field as text.
    public var createDate: Date? { date(of: FieldName.createDate.rawValue) }

    /// When the file or its ACL last changed; from query results and after an update.
    ///
    /// - Note: A Kumo addition; ncmb_swift leaves the date in the `updateDate` field as text.
    public var updateDate: Date? { date(of: FieldName.updateDate.rawValue) }

    /// A query over the metadata of the application's files (`GET /files`).
    public class var query: NCMBQuery<NCMBFile> {
        NCMBQuery<NCMBFile>(className: NCMBFile.fileClassName, collection: .files, context: .resolved)
    }

    /// A date field, sent as ISO 8601 text or as a Date value.
    private func date(of field: String) -> Date? {
        guard let value = state.withLock({ $0.fields[field] }) else { return nil }
        if let text = value.stringValue { return WireDate(parsing: text)?.date }
        return NCMBDateField(json: value)?.date
    }

    /// Downloads the file's bytes.
    ///
    /// - Returns: `.success` with the bytes, or `.failure` with the error (E404001 for a missing or unreadable file).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await fetch()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await fetch()` in async code.")
    public func fetch() -> NCMBResult<Data?> { SynchronousCall.run { try await self.fetch() as Data? } }

    /// Downloads the file's bytes in the background.
    ///
    /// - Parameter callback: Called once with the bytes or the error, on a background queue.
    public func fetchInBackground(callback: @escaping NCMBHandler<Data?>) {
        BackgroundCall.start(callback) { try await self.fetch() as Data? }
    }

    /// Uploads `data` as this file, with the ``acl`` when one is set.
    ///
    /// - Parameter data: The file's bytes.
    /// - Returns: `.success` once stored, or `.failure` with the error (E409001 for a name in use, E413001 for a file
    ///   over the application's size limit).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await save(data:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await save(data:)` in async code.")
    public func save(data: Data) -> NCMBResult<Void> { SynchronousCall.run { try await self.save(data: data) } }

    /// Uploads `data` as this file in the background, as `save(data:)` does.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - callback: Called once with the result, on a background queue.
    public func saveInBackground(data: Data, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.save(data: data) }
    }

    /// Replaces the file's ACL with ``acl``.
    ///
    /// - Returns: `.success` once updated, or `.failure` with the error (``NCMBInvalidRequestError/invalidACL`` when
    ///   ``acl`` is `nil`).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await update()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await update()` in async code.")
    public func update() -> NCMBResult<Void> { SynchronousCall.run { try await self.update() } }

    /// Replaces the file's ACL with ``acl`` in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func updateInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.update() }
    }
}
