import Foundation
import KumoStorage
import NCMBWire

extension Importer {
    /// The largest piece of a file read into memory at once.
    static let fileChunkLength = 1 << 20

    /// Imports a file of `file` objects (file metadata) with their bytes from `directory`; returns the file names met.
    func importFiles(_ file: ExportSource.ClassFile, bytesIn directory: String?, spool: RelationSpool) async throws -> Set<String> {
        let mapper = mapper(for: .file)
        let reader = try readerOrMalformed(file.path)
        var names = Set<String>()
        while let element = try nextOrMalformed(reader) {
            let record: ExportRecord
            switch self.record(of: element, mapper: mapper) {
            case .success(let mapped): record = mapped
            case .failure(let failure):
                summary[ClassName.file.rawValue].failed += 1
                await fail(file: file, index: element.index, objectId: failure.objectId, reason: failure.reason)
                await advance(by: 1, className: ClassName.file.rawValue)
                continue
            }
            let fileName = record.object.fields[StandardField.File.fileName.rawValue]?.stringValue ?? ""
            names.insert(fileName)
            let outcome: BulkOutcome
            if let path = Self.bytesPath(of: fileName, in: directory) {
                outcome = try await importFile(record.object, bytesAt: path, file: file, index: element.index)
            } else {
                outcome = .failed(APIError(.notExist, "\(fileName) in --files"))
            }
            counted(outcome, record: record, className: .file)
            if case .failed(let error) = outcome {
                await fail(file: file, index: element.index, objectId: record.object.objectId, reason: error.message)
            }
            await advance(by: 1, className: ClassName.file.rawValue)
        }
        return names
    }

    /// Imports the files of `directory` that no `file` object names, as new files readable and writable as the
    /// application's default ACL says; their objectIds derive from their names, so that a second run skips them.
    func importLooseFiles(in directory: String, except named: Set<String>) async throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let loose = names.filter { !$0.hasPrefix(".") && !named.contains($0) }.sorted()
        phaseTotal += loose.count
        let source = ExportSource.ClassFile(path: directory, className: .file)
        for name in loose {
            guard let path = Self.bytesPath(of: name, in: directory) else { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let modified = (attributes?[.modificationDate] as? Date).map { WireDate(millisecondsSince1970: Int64($0.timeIntervalSince1970 * 1000)) }
            let date = modified ?? clock.now()
            let object = BulkObject(
                className: .file, objectId: Self.objectId(forFileName: name), createDate: date, updateDate: date,
                acl: application.settings.defaultObjectACL,
                fields: [StandardField.File.fileName.rawValue: .string(name), StandardField.File.mimeType.rawValue: .string(Self.mimeType(of: name))])
            let outcome = try await importFile(object, bytesAt: path, file: source, index: nil)
            summary[ClassName.file.rawValue].count(outcome)
            if case .failed(let error) = outcome { await fail(file: source, index: nil, objectId: object.objectId, reason: "\(name): \(error.message)") }
            await advance(by: 1, className: ClassName.file.rawValue)
        }
    }

    /// Writes a file's bytes, then its metadata (bytes first, as an upload does: docs/decisions/0034); bytes whose
    /// metadata is not written are deleted again.
    private func importFile(_ source: BulkObject, bytesAt path: String, file: ExportSource.ClassFile, index: Int?) async throws -> BulkOutcome {
        var object = source
        object.fields.removeValue(forKey: StandardField.File.blobId.rawValue)
        if object.fields[StandardField.File.mimeType.rawValue] == nil {
            object.fields[StandardField.File.mimeType.rawValue] = .string(Self.mimeType(of: path))
        }
        let applicationId = application.applicationId
        if options.conflict == .skip {
            let key = ObjectKey(applicationId: applicationId, className: .file, objectId: object.objectId)
            if (try? await storage.objects.object(key, include: [], access: .bypass)) != nil { return .skipped }
        }
        guard !options.isDryRun else {
            object.fields[StandardField.File.fileSize.rawValue] = .integer(Self.size(of: path))
            object.fields[StandardField.File.blobId.rawValue] = .string("dry-run")
            return try await write(object, file: file, index: index, dryRun: true)
        }
        let writer = try await storage.blobs.makeWriter(applicationId: applicationId)
        let size = try await writer.fill {
            guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportError.source("\(path) cannot be read") }
            defer { try? handle.close() }
            while let data = try handle.read(upToCount: Self.fileChunkLength), !data.isEmpty {
                try await writer.write([UInt8](data))
            }
        }
        object.fields[StandardField.File.fileSize.rawValue] = .integer(size)
        object.fields[StandardField.File.blobId.rawValue] = .string(writer.blobId)
        let outcome = try await write(object, file: file, index: index, dryRun: false)
        switch outcome {
        case .inserted, .replaced: summary.filesWithBytes += 1
        case .skipped, .failed: try? await storage.blobs.delete(applicationId: applicationId, blobId: writer.blobId)
        }
        return outcome
    }

    /// One object written on its own.
    private func write(_ object: BulkObject, file: ExportSource.ClassFile, index: Int?, dryRun: Bool) async throws -> BulkOutcome {
        do {
            let outcomes = try await storage.bulk.write([object], applicationId: application.applicationId, conflict: options.conflict, dryRun: dryRun)
            return outcomes.first ?? .skipped
        } catch BulkWriteError.conflict {
            throw ImportError.conflict(file: file.path, index: index ?? 0, objectId: object.objectId)
        }
    }

    /// The path of a file's bytes: a plain name (no `/`, not `.` or `..`) of a regular file in `directory`.
    static func bytesPath(of fileName: String, in directory: String?) -> String? {
        guard let directory, !fileName.isEmpty, fileName != ".", fileName != "..", !fileName.contains("/") else { return nil }
        let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return path
    }

    static func size(of path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// A stable objectId for a loose file: 16 characters of `[0-9A-Za-z]` from two FNV-1a hashes of its name.
    static func objectId(forFileName name: String) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var text = ""
        for seed: UInt64 in [0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4] {
            var hash = seed
            for byte in name.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            for _ in 0..<8 {
                text.append(alphabet[Int(hash % 62)])
                hash /= 62
            }
        }
        return text
    }

    /// The content type of a file name's extension; `application/octet-stream` when unknown.
    static func mimeType(of name: String) -> String {
        let types = [
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
            "svg": "image/svg+xml", "txt": "text/plain", "html": "text/html", "css": "text/css", "csv": "text/csv",
            "json": "application/json", "js": "application/javascript", "pdf": "application/pdf", "zip": "application/zip",
            "mp3": "audio/mpeg", "wav": "audio/wav", "mp4": "video/mp4", "mov": "video/quicktime",
        ]
        return types[URL(fileURLWithPath: name).pathExtension.lowercased()] ?? "application/octet-stream"
    }
}
