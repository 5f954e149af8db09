import Foundation
import KumoMemberwise
package import KumoStorage
package import NCMBWire

/// How `kumo export` runs.
package struct ExportOptions: Sendable {
    /// The folder to write; created when missing, refused when not empty.
    package var outputDirectory: String
    /// Only these classes (`--classes`); every class when `nil`.
    package var classes: [ClassName]?
    /// Include the client key, the push and provider credentials and the users' password hashes (`--include-secrets`,
    /// docs/decisions/0146-engine-moves-carry-secrets.md); the folder is then readable by its owner only.
    package var includesSecrets = false
    /// Objects read per statement.
    package var objectsPerRead = 1000

    /// Creates options for a folder.
    package init(outputDirectory: String) {
        self.outputDirectory = outputDirectory
    }
}

/// `kumo export`: writes an application in the format `kumo import` reads and NCMB's export used, one
/// `{"results":[…]}` file per class (standard classes included), plus what NCMB never exported: relation members,
/// file bytes, class permissions and settings, in a documented manifest (``ExportManifest``).
///
/// Each object is written exactly as `GET /classes/{class}/{objectId}` answers it (system fields, then the fields in
/// stored order), so an export imported into an empty database answers every GET with the same bytes. File metadata
/// leaves out Kumo's hidden `blobId`; the bytes go to `files/<fileName>`. User objects never carry a password; with
/// secrets, their bcrypt hashes go to `secrets/passwords.json` beside them (``PasswordHashEntry``), so that an import
/// into another Kumo keeps every login.
@PackageMemberwiseInit
package struct Exporter {
    let storage: any StorageBackend
    /// The application exported.
    let application: HostedApplication
    let options: ExportOptions
    let now: WireDate

    /// Writes the export.
    ///
    /// - Returns: Its manifest (also written as `manifest.json`).
    /// - Throws: ``ExportError`` when the folder is not empty, a named class does not exist, or a file cannot be written;
    ///   storage failures.
    package func run() async throws -> ExportManifest {
        let directory = URL(fileURLWithPath: options.outputDirectory)
        try prepare(directory)
        let applicationId = application.applicationId
        let stored = try await storage.bulk.classNames(applicationId: applicationId)
        let classNames: [ClassName]
        if let wanted = options.classes {
            let missing = wanted.filter { !stored.contains($0) }
            guard missing.isEmpty else {
                throw ExportError(
                    "no class named \(missing.map(\.rawValue).joined(separator: ", ")) in \(application.name)", missingClasses: missing)
            }
            classNames = wanted
        } else {
            classNames = stored
        }
        let permissions = try await storage.applications.classPermissions(applicationId: applicationId)
        var entries: [ExportManifest.ClassEntry] = []
        var passwords: ExportFileWriter?
        var passwordEntries = 0
        var fileCount = 0
        var fileBytes: Int64 = 0
        for className in classNames {
            let fileName = "\(className.rawValue).json"
            var writer = try ExportFileWriter(path: directory.appendingPathComponent(fileName).path, isPrivate: options.includesSecrets)
            if className == .user && options.includesSecrets {
                try FileManager.default.createDirectory(
                    at: directory.appendingPathComponent("secrets"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                passwords = try ExportFileWriter(path: directory.appendingPathComponent(PasswordHashEntry.file).path, isPrivate: true)
            }
            var after: String?
            var count = 0
            while true {
                let page = try await storage.bulk.objects(applicationId: applicationId, className: className, after: after, limit: options.objectsPerRead)
                if className == .user, passwords != nil, let last = page.last {
                    let hashes = try await storage.bulk.passwordHashes(applicationId: applicationId, after: after, through: last.objectId)
                    for object in page {
                        try passwords?.append(PasswordHashEntry.json(objectId: object.objectId, passwordHash: hashes[object.objectId]).serializedBytes())
                        passwordEntries += 1
                    }
                }
                for object in page {
                    if className == .file, let size = try await exportBytes(of: object, into: directory) {
                        fileCount += 1
                        fileBytes += size
                    }
                    try writer.append(ObjectRendering.exported(object, dropping: className == .file ? [StandardField.File.blobId.rawValue] : []))
                    count += 1
                }
                guard page.count == options.objectsPerRead, let last = page.last else { break }
                after = last.objectId
            }
            try writer.finish()
            if className == .user { try passwords?.finish() }
            var entry = ExportManifest.ClassEntry(className: className, file: fileName, objects: count, permissions: permissions[className])
            let members = try await exportRelations(of: className, into: directory)
            if members > 0 {
                entry.relationsFile = "relations/\(fileName)"
                entry.relationMembers = members
            }
            entries.append(entry)
        }
        let (applicationJSON, withheld) = applicationEntry()
        var manifest = ExportManifest(
            exportedAt: now, application: applicationJSON, withheld: withheld, classes: entries,
            filesDirectory: classNames.contains(.file) ? "files" : nil, fileCount: fileCount, fileBytes: fileBytes,
            scripts: Self.scriptsJSON(try await storage.scripts.scripts(applicationId: applicationId)),
            indexes: .array(
                try await storage.indexes.indexes(applicationId: applicationId, className: nil)
                    .filter { classNames.contains($0.className) }.map(\.json)))
        if options.includesSecrets && classNames.contains(.user) {
            manifest.passwordsFile = PasswordHashEntry.file
            manifest.passwordEntries = passwordEntries
        }
        let manifestPath = directory.appendingPathComponent(ExportManifest.fileName).path
        guard FileManager.default.createFile(atPath: manifestPath, contents: Data((manifest.json.serializedString() + "\n").utf8),
            attributes: options.includesSecrets ? [.posixPermissions: 0o600] : nil)
        else { throw ExportError("cannot write \(manifestPath)") }
        return manifest
    }

    /// Creates the folder, or checks that an existing one is empty.
    private func prepare(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ExportError("\(directory.path) is a file") }
            let contents = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            guard contents.filter({ !$0.hasPrefix(".") }).isEmpty else { throw ExportError("\(directory.path) is not empty") }
        } else {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        // Secrets: the folder is its owner's alone, whatever the umask (docs/security.md#exports-with-secrets).
        if options.includesSecrets { try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path) }
    }

    /// The relation members owned by a class's objects into `relations/<Class>.json`; returns how many.
    private func exportRelations(of className: ClassName, into directory: URL) async throws -> Int {
        let applicationId = application.applicationId
        var writer: ExportFileWriter?
        var after: RelationMember?
        var members = 0
        var current: BulkRelation?
        func flush() throws {
            guard let relation = current else { return }
            if writer == nil {
                let folder = directory.appendingPathComponent("relations")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                writer = try ExportFileWriter(path: folder.appendingPathComponent("\(className.rawValue).json").path)
            }
            try writer?.append(RelationListFormat.json(relation).serializedBytes())
            current = nil
        }
        while true {
            let page = try await storage.bulk.relationMembers(applicationId: applicationId, className: className, after: after, limit: options.objectsPerRead)
            for member in page {
                members += 1
                if let relation = current, relation.objectId == member.objectId, relation.field.rawValue == member.field,
                    relation.targetClassName.rawValue == member.targetClassName, relation.targetObjectIds.count < options.objectsPerRead
                {
                    current?.targetObjectIds.append(member.targetObjectId)
                    continue
                }
                try flush()
                guard let field = FieldName(member.field), let target = ClassName(member.targetClassName) else { continue }
                current = BulkRelation(
                    className: className, objectId: member.objectId, field: field, targetClassName: target, targetObjectIds: [member.targetObjectId])
            }
            guard page.count == options.objectsPerRead, let last = page.last else { break }
            after = last
        }
        try flush()
        try writer?.finish()
        return members
    }

    /// Copies a file object's bytes to `files/<fileName>`; returns their size, or `nil` when the object has none.
    private func exportBytes(of object: StoredObject, into directory: URL) async throws -> Int64? {
        let fields = object.fields
        guard let fileName = fields[StandardField.File.fileName.rawValue]?.stringValue,
            let blobId = fields[StandardField.File.blobId.rawValue]?.stringValue, !fileName.contains("/"), fileName != ".", fileName != ".."
        else { return nil }
        let folder = directory.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(fileName).path
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ExportError("cannot write \(path)")
        }
        defer { try? handle.close() }
        var offset: Int64 = 0
        while true {
            let bytes = try await storage.blobs.read(applicationId: application.applicationId, blobId: blobId, offset: offset, length: 1 << 20)
            guard !bytes.isEmpty else { break }
            try handle.write(contentsOf: bytes)
            offset += Int64(bytes.count)
        }
        return offset
    }

    /// The manifest's `application` and the secrets it leaves out.
    private func applicationEntry() -> (JSONObject, [String]) {
        var settings = application.settings.storedJSON.objectValue ?? [:]
        var withheld: [String] = []
        var entry: JSONObject = [
            "name": .string(application.name), "applicationId": .string(application.applicationId),
            "applicationKey": .string(application.applicationKey), "createDate": .string(application.createDate.formatted),
        ]
        if options.includesSecrets {
            entry["clientKey"] = .string(application.clientKey)
        } else {
            withheld.append("clientKey")
            if settings.removeValue(forKey: "push") != nil { withheld.append("settings.push") }
            if case .object(var providers)? = settings["authProviders"] {
                for name in providers.keys {
                    guard case .object(var provider)? = providers[name], let options = provider["options"]?.objectValue, !options.isEmpty
                    else { continue }
                    provider["options"] = .object([:])
                    providers[name] = .object(provider)
                    withheld.append("settings.authProviders.\(name).options")
                }
                settings["authProviders"] = .object(providers)
            }
        }
        entry["settings"] = .object(settings)
        return (entry, withheld)
    }
}

/// Why an export stopped.
package struct ExportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    package let description: String
    /// The classes asked for that the application does not have; empty when the export failed otherwise (a folder or
    /// file that cannot be written).
    package let missingClasses: [ClassName]

    init(_ description: String, missingClasses: [ClassName] = []) {
        self.description = description
        self.missingClasses = missingClasses
    }
}

/// Writes `{"results":[` one element per line `]}` to a file.
struct ExportFileWriter {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var count = 0

    /// Creates the file; `isPrivate` makes it readable by its owner only (an export with secrets).
    init(path: String, isPrivate: Bool = false) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: isPrivate ? [.posixPermissions: 0o600] : nil),
            let handle = FileHandle(forWritingAtPath: path) else {
            throw ExportError("cannot write \(path)")
        }
        self.handle = handle
        buffer.append(contentsOf: #"{"results":["#.utf8)
    }

    /// Appends one element's JSON.
    mutating func append(_ element: [UInt8]) throws {
        buffer.append(contentsOf: count == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
        buffer.append(contentsOf: element)
        count += 1
        if buffer.count >= 1 << 20 { try drain() }
    }

    /// Ends the array and closes the file.
    mutating func finish() throws {
        buffer.append(contentsOf: Array("\n]}\n".utf8))
        try drain()
        try handle.close()
    }

    private mutating func drain() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

extension Exporter {
    /// The manifest's `scripts`: every deployed script inline (scripts are small: 32 KB each by default), so that an
    /// import deploys the same code, version hash, state and run permission.
    static func scriptsJSON(_ scripts: [StoredScript]) -> JSONValue {
        .array(
            scripts.map { script in
                [
                    "name": .string(script.name), "code": .string(script.code), "versionHash": .string(script.versionHash),
                    "enabled": .bool(script.isEnabled), "run": script.runPermission.storedJSON,
                ]
            })
    }
}
