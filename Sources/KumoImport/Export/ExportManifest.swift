import Foundation
package import KumoStorage
package import NCMBWire

/// `manifest.json` of a `kumo export` folder: what the folder holds, so that one export is a complete application
/// (docs/migrating-from-ncmb.md, "The export folder").
///
/// ```json
/// {"format":"kumo-export","version":1,"exportedAt":"2026-01-01T00:00:00.000Z",
///  "application":{"name":"default","applicationId":"…","applicationKey":"…","settings":{…}},
///  "withheld":["clientKey","settings.push"],
///  "classes":[{"name":"GameScore","file":"GameScore.json","objects":2,"relations":"relations/GameScore.json",
///              "relationMembers":3,"permissions":{…}}],
///  "files":{"directory":"files","count":1,"bytes":5},
///  "scripts":[{"name":"hello.js","code":"…","versionHash":"…","enabled":true,
///              "run":{"public":true,"authenticated":false,"roles":[]}}],
///  "indexes":[{"className":"GameScore","fields":[{"field":"score","kind":"number"}],"origin":"manual",…}],
///  "passwords":{"file":"secrets/passwords.json","entries":2}}
/// ```
///
/// `passwords` is present only in an export with secrets (`--include-secrets`,
/// docs/decisions/0146-engine-moves-carry-secrets.md).
package struct ExportManifest: Sendable, Hashable {
    /// The manifest's file name in an export folder.
    package static let fileName = "manifest.json"
    /// The format marker.
    package static let format = "kumo-export"
    /// The format version this build writes and reads.
    package static let version = 1

    /// One class of the export.
    package struct ClassEntry: Sendable, Hashable {
        /// The class.
        package var className: ClassName
        /// Its objects file, relative to the folder.
        package var file: String
        /// How many objects the file holds.
        package var objects: Int
        /// Its relation members file, when it has members.
        package var relationsFile: String?
        /// How many relation members that file holds.
        package var relationMembers: Int = 0
        /// Its class-level permissions, when it has any.
        package var permissions: ClassPermissions?
    }

    /// When the export was written.
    package var exportedAt: WireDate
    /// The application's name, id, keys (the client key only when secrets were included) and settings (secrets
    /// withheld unless included).
    package var application: JSONObject
    /// The JSON paths of secrets left out: `clientKey`, `settings.push`, `settings.authProviders.<name>.options`.
    package var withheld: [String]
    /// The classes.
    package var classes: [ClassEntry]
    /// The folder of file bytes, relative to the export folder.
    package var filesDirectory: String?
    /// How many files and bytes it holds.
    package var fileCount: Int
    /// Their total size.
    package var fileBytes: Int64
    /// The application's deployed scripts with their code, state and run permission (``Exporter/scriptsJSON(_:)``),
    /// `null` in exports written before scripts existed.
    package var scripts: JSONValue = .null
    /// The indexes on user fields of the exported classes (``ClassIndex/json``); `null` in exports written before
    /// indexes existed.
    package var indexes: JSONValue = .null

    /// The password hashes file of an export with secrets (``PasswordHashEntry``), relative to the folder: one entry per
    /// object of the user file; `nil` without secrets.
    package var passwordsFile: String?
    /// How many entries it holds.
    package var passwordEntries = 0

    /// The exported application settings, when the manifest has them.
    package var settings: ApplicationSettings? {
        application["settings"].map(ApplicationSettings.init(storedJSON:))
    }

    /// The manifest as JSON.
    package var json: JSONValue {
        let classes: [JSONValue] = classes.map { entry in
            var object: JSONObject = [
                "name": .string(entry.className.rawValue), "file": .string(entry.file), "objects": .integer(Int64(entry.objects)),
            ]
            if let relations = entry.relationsFile {
                object["relations"] = .string(relations)
                object["relationMembers"] = .integer(Int64(entry.relationMembers))
            }
            if let permissions = entry.permissions { object["permissions"] = permissions.storedJSON }
            return .object(object)
        }
        var files: JSONValue = .null
        if let filesDirectory {
            files = ["directory": .string(filesDirectory), "count": .integer(Int64(fileCount)), "bytes": .integer(fileBytes)]
        }
        return [
            "format": .string(Self.format), "version": .integer(Int64(Self.version)), "exportedAt": .string(exportedAt.formatted),
            "application": .object(application), "withheld": .array(withheld.map(JSONValue.string)), "classes": .array(classes),
            "files": files, "scripts": scripts, "indexes": indexes,
            "passwords": passwordsFile.map { ["file": .string($0), "entries": .integer(Int64(passwordEntries))] } ?? .null,
        ]
    }

    /// Reads a manifest file.
    ///
    /// - Throws: ``ImportError/source(_:)`` when it is missing, not JSON, of another format or a newer version.
    package static func read(path: String) throws(ImportError) -> ExportManifest {
        guard let data = FileManager.default.contents(atPath: path), let value = try? JSONValue(parsing: [UInt8](data)),
            case .object(let object) = value
        else { throw .source("\(path) is not a readable manifest") }
        guard object["format"]?.stringValue == format else { throw .source("\(path) is not a kumo export manifest") }
        guard let version = object["version"]?.integerValue, version <= Int64(Self.version) else {
            throw .source("\(path) was written by a newer Kumo (format version \(object["version"] ?? .null))")
        }
        var classes: [ClassEntry] = []
        for element in object["classes"]?.arrayValue ?? [] {
            guard let entry = element.objectValue, let name = entry["name"]?.stringValue, let className = ClassName(name),
                let file = entry["file"]?.stringValue, isRelative(file)
            else { throw .source("\(path): a class entry is invalid") }
            let relations = entry["relations"]?.stringValue
            if let relations, !isRelative(relations) { throw .source("\(path): a relations entry is invalid") }
            classes.append(
                ClassEntry(
                    className: className, file: file, objects: Int(entry["objects"]?.integerValue ?? 0), relationsFile: relations,
                    relationMembers: Int(entry["relationMembers"]?.integerValue ?? 0),
                    permissions: entry["permissions"].map(ClassPermissions.init(storedJSON:))))
        }
        let files = object["files"]?.objectValue
        let directory = files?["directory"]?.stringValue
        if let directory, !isRelative(directory) { throw .source("\(path): the files entry is invalid") }
        var passwordsFile: String?
        if case .object(let passwords)? = object["passwords"] {
            guard let file = passwords["file"]?.stringValue, isRelative(file) else { throw .source("\(path): the passwords entry is invalid") }
            passwordsFile = file
        }
        var manifest = ExportManifest(
            exportedAt: object["exportedAt"]?.stringValue.flatMap(WireDate.init(parsing:)) ?? WireDate(millisecondsSince1970: 0),
            application: object["application"]?.objectValue ?? [:], withheld: (object["withheld"]?.arrayValue ?? []).compactMap(\.stringValue),
            classes: classes, filesDirectory: directory, fileCount: Int(files?["count"]?.integerValue ?? 0),
            fileBytes: files?["bytes"]?.integerValue ?? 0, scripts: object["scripts"] ?? .null, indexes: object["indexes"] ?? .null)
        manifest.passwordsFile = passwordsFile
        return manifest
    }

    /// A path inside the export folder: relative, without `..`.
    private static func isRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }
}
