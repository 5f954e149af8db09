import Foundation
package import NCMBWire

/// The files an import reads, found from the paths it was given: NCMB's export files (one `<Class>.json` per class,
/// `user.json`, `role.json`, `installation.json`, `push.json`), single files, or a folder written by `kumo export`
/// (recognised by its `manifest.json`).
package struct ExportSource: Sendable {
    /// One file of objects or relation members, and its class.
    package struct ClassFile: Sendable, Hashable {
        /// The file.
        package var path: String
        /// The class of its objects (of their owners, for relation files).
        package var className: ClassName
    }

    /// Files of objects, standard classes first (users before the roles that list them), then by class name.
    package var classFiles: [ClassFile] = []
    /// Relation member files of a Kumo export (`relations/<Class>.json`).
    package var relationFiles: [ClassFile] = []
    /// The folder of file bytes of a Kumo export (`files/`).
    package var filesDirectory: String?
    /// The manifest of a Kumo export.
    package var manifest: ExportManifest?
    /// The password hashes of a Kumo export with secrets (`secrets/passwords.json`), read beside its user file.
    package var passwordsFile: String?

    /// Finds the files of `paths`.
    ///
    /// - Throws: ``ImportError/source(_:)`` for a path that does not exist, a file whose name is no class name, a
    ///   folder without export files, or a manifest that cannot be read.
    package static func discover(paths: [String]) throws(ImportError) -> ExportSource {
        var source = ExportSource()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .source("\(path) does not exist")
            }
            if isDirectory.boolValue {
                try source.addDirectory(path)
            } else {
                guard let className = className(ofFile: path) else {
                    throw .source("\(path): the file name does not name a class (expected <ClassName>.json)")
                }
                source.classFiles.append(ClassFile(path: path, className: className))
            }
        }
        // A Kumo export of an application without objects still carries its manifest (permissions, settings, scripts).
        guard !source.classFiles.isEmpty || source.filesDirectory != nil || source.manifest != nil else {
            throw .source("no export files in \(paths.joined(separator: ", "))")
        }
        source.classFiles.sort(by: ExportSource.importOrder)
        return source
    }

    /// Adds a folder: a Kumo export through its manifest, otherwise every `*.json` file in it.
    private mutating func addDirectory(_ path: String) throws(ImportError) {
        let directory = URL(fileURLWithPath: path)
        let manifestPath = directory.appendingPathComponent(ExportManifest.fileName).path
        if FileManager.default.fileExists(atPath: manifestPath) {
            let manifest = try ExportManifest.read(path: manifestPath)
            for entry in manifest.classes {
                classFiles.append(ClassFile(path: directory.appendingPathComponent(entry.file).path, className: entry.className))
                if let relations = entry.relationsFile {
                    relationFiles.append(ClassFile(path: directory.appendingPathComponent(relations).path, className: entry.className))
                }
            }
            if let files = manifest.filesDirectory { filesDirectory = directory.appendingPathComponent(files).path }
            if let passwords = manifest.passwordsFile, manifest.classes.contains(where: { $0.className == .user }) {
                passwordsFile = directory.appendingPathComponent(passwords).path
            }
            self.manifest = manifest
            return
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.lowercased().hasSuffix(".json") }.sorted()
        } catch {
            throw .source("\(path) cannot be listed: \(error.localizedDescription)")
        }
        for name in names {
            let filePath = directory.appendingPathComponent(name).path
            guard let className = ExportSource.className(ofFile: filePath) else {
                throw .source("\(filePath): the file name does not name a class (expected <ClassName>.json)")
            }
            classFiles.append(ClassFile(path: filePath, className: className))
        }
    }

    /// The class a file holds, from its name: `GameScore.json` → `GameScore`; the standard classes also under the
    /// names exports and tools gave them (`users.json`, `User.json`, `roles.json`, `installations.json`, `files.json`…).
    package static func className(ofFile path: String) -> ClassName? {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return StandardClass.imported(fromFileNamed: name)?.className ?? ClassName(name)
    }

    /// Standard classes first, users before roles, then custom classes by name.
    private static func importOrder(_ left: ClassFile, _ right: ClassFile) -> Bool {
        let order = StandardClass.all.map(\.className)
        let leftRank = order.firstIndex(of: left.className) ?? order.count
        let rightRank = order.firstIndex(of: right.className) ?? order.count
        if leftRank != rightRank { return leftRank < rightRank }
        if left.className != right.className { return left.className < right.className }
        return left.path < right.path
    }
}
