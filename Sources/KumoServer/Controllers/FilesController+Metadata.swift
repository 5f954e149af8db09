import KumoSeams
import KumoStorage
import NCMBWire

/// File metadata: an object of class `file` (docs/wire/endpoints/files.md).
extension FilesController {
    /// One file's metadata as stored: `fileName`, unique per application (→ 409 E409001 `"fileName is duplication."`);
    /// `mimeType`, sent as `Content-Type` on download; `fileSize` (a number on the wire, F66); and `blobId`, the bytes in
    /// the `BlobStore`, never rendered and never queryable.
    struct FileMetadata: Sendable {
        /// The metadata object's id.
        var objectId: String
        /// The file name.
        var fileName: String
        /// The stored MIME type.
        var mimeType: String
        /// The size in bytes.
        var fileSize: Int64
        /// The blob holding the bytes.
        var blobId: String
        /// When it was uploaded.
        var createDate: WireDate
        /// When its ACL last changed.
        var updateDate: WireDate
        /// Who may read and change it.
        var acl: AccessControlList

        /// Reads the metadata fields of a stored `file` object; `nil` when one is missing or of the wrong type.
        init?(_ stored: StoredObject) {
            guard case .string(let fileName)? = stored.fields[StandardField.File.fileName],
                case .string(let blobId)? = stored.fields[StandardField.File.blobId],
                case .integer(let fileSize)? = stored.fields[StandardField.File.fileSize]
            else { return nil }
            objectId = stored.objectId
            self.fileName = fileName
            mimeType = stored.fields[StandardField.File.mimeType]?.stringValue ?? FileMIMEType.fallback
            self.fileSize = fileSize
            self.blobId = blobId
            createDate = stored.createDate
            updateDate = stored.updateDate
            acl = stored.acl
        }

        /// The wire form, exactly `fileName`, `mimeType`, `fileSize`, `createDate`, `updateDate`, `acl` (F66).
        var json: JSONValue {
            [
                StandardField.File.fileName.rawValue: .string(fileName), StandardField.File.mimeType.rawValue: .string(mimeType),
                StandardField.File.fileSize.rawValue: .integer(fileSize), "createDate": .string(createDate.formatted),
                "updateDate": .string(updateDate.formatted), "acl": acl.json,
            ]
        }
    }

    /// The metadata of the file named `fileName`, if `access` may read it.
    ///
    /// - Throws: `StorageError.notFound` (→ 404 E404001) when it is missing or unreadable
    ///   (docs/decisions/0003-existence-is-not-leaked.md).
    func metadata(fileName: String, applicationId: String, access: AccessContext) async throws -> FileMetadata {
        let whereQuery = WhereQuery([.field(StandardField.File.fileName, [.equalTo(.string(fileName))])])
        let request = FindRequest(
            applicationId: applicationId, className: .file, parameters: QueryParameters(whereQuery: whereQuery, limit: 1))
        let found = try await environment.storage.objects.find(request, access: access)
        guard let stored = found.objects.first else { throw StorageError.notFound }
        guard let metadata = FileMetadata(stored) else {
            throw KumoError(.systemError, underlying: "file object \(stored.objectId) lacks its metadata fields")
        }
        return metadata
    }

    /// The storage key of the metadata object `objectId`.
    func fileKey(applicationId: String, objectId: String) -> ObjectKey {
        ObjectKey(applicationId: applicationId, className: .file, objectId: objectId)
    }
}
