import ArgumentParser
import Foundation
import KumoImport
import KumoSeams
import KumoServer
import KumoStorage
import NCMBWire

/// `kumo export --app APP --out DIR`: the whole application in the format `kumo import` reads: one file per class
/// (standard classes included), relation members, file bytes, class permissions and settings, described by
/// `manifest.json`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export an application: objects of every class, relations, files, class permissions and settings.",
        discussion: """
            Secrets (the client key, push credentials, SNS provider options, the users' password hashes) are left out \
            unless --include-secrets is given; the manifest lists what was left out. An export with secrets is readable \
            by its owner only (folder 0700, files 0600): keep it as you keep the database.
            """)

    @Option(name: .customLong("out"), help: "Folder to write (created; must be empty).")
    var outputDirectory: String

    @Option(name: .customLong("classes"), help: "Only these classes, comma-separated (default: every class).")
    var classes: String?

    @Flag(
        name: .customLong("include-secrets"),
        help: "Include the client key, the push and SNS credentials and the users' password hashes (for an engine move).")
    var includesSecrets = false

    @OptionGroup var applicationOptions: ApplicationOptions

    func validate() throws {
        for name in classNames ?? [] where ClassName(name) == nil {
            throw ValidationError("--classes: \(name) is not a class name")
        }
    }

    private var classNames: [String]? {
        classes.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    func run() async throws {
        var options = ExportOptions(outputDirectory: outputDirectory)
        options.classes = classNames?.compactMap(ClassName.init)
        options.includesSecrets = includesSecrets
        let manifest = try await applicationOptions.withApplication { storage, application in
            do {
                return try await Exporter(storage: storage, application: application, options: options, now: SystemWallClock().now()).run()
            } catch let error as ExportError {
                throw ValidationError(error.description)
            }
        }
        for entry in manifest.classes {
            let members = entry.relationMembers > 0 ? ", \(entry.relationMembers) relation members" : ""
            print("\(entry.className.rawValue): \(entry.objects) objects\(members)")
        }
        if manifest.fileCount > 0 { print("files: \(manifest.fileCount) (\(manifest.fileBytes) bytes)") }
        if !manifest.withheld.isEmpty { print("left out (use --include-secrets): \(manifest.withheld.joined(separator: ", "))") }
        if includesSecrets {
            if let passwords = manifest.passwordsFile { print("password hashes: \(manifest.passwordEntries) users (\(passwords))") }
            FileHandle.standardError.write(
                Data(
                    ("warning: \(outputDirectory) holds secrets (the client key, push and provider credentials, password hashes): "
                        + "it is readable by its owner only; keep it as you keep the database, and delete it after the move\n").utf8))
        }
        print("written to \(outputDirectory)")
    }
}
