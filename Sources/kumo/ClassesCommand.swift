import ArgumentParser
import Foundation
import KumoAdministration
import KumoServer
import KumoStorage
import NCMBWire

/// `kumo classes …`: class-level permissions of an application's classes (docs/wire/acl.md, docs/wire/open-points.md).
///
/// Each of get, find, create, update and delete is `public` (the default), `authenticated`, `nobody` or a list of roles
/// (`role:Staff,role:Admin`, inherited roles included, docs/decisions/0004-role-inheritance.md). Running servers pick
/// changes up within 5 seconds.
struct ClassesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classes", abstract: "Manage class-level permissions and indexes on user fields.",
        subcommands: [List.self, Permissions.self, IndexCommand.self])

    /// `kumo classes list [--app NAME]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the classes that have class-level permissions.")

        @OptionGroup var applicationOptions: ApplicationOptions
        @Flag(help: "Print machine-readable JSON.") var json = false

        func run() async throws {
            try await applicationOptions.withApplication { storage, application in
                let all = try await storage.applications.classPermissions(applicationId: application.applicationId)
                let restricted = all.filter { $0.value != .open }.sorted { $0.key < $1.key }
                if json {
                    var object = JSONObject()
                    for (className, permissions) in restricted { object[className.rawValue] = permissions.storedJSON }
                    print(JSONValue.object(object).serializedString())
                } else if restricted.isEmpty {
                    print("No class of '\(application.name)' has class-level permissions: every class is open.")
                } else {
                    for (className, permissions) in restricted {
                        print(ClassPermissionsTool.describe(permissions, className: className) + "\n")
                    }
                }
            }
        }
    }

    /// `kumo classes permissions show|set|reset`
    struct Permissions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change who may get, find, create, update and delete in a class.",
            subcommands: [Show.self, Change.self, Reset.self])
    }
}

extension ClassesCommand.Permissions {
    /// `kumo classes permissions show <className> [--app NAME]`
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the class-level permissions of a class.")

        @Argument(help: "The class, e.g. GameScore, or user, role for the standard classes.") var className: String
        @OptionGroup var applicationOptions: ApplicationOptions
        @Flag(help: "Print machine-readable JSON.") var json = false

        func validate() throws { _ = try ClassPermissionsTool.className(className) }

        func run() async throws {
            let name = try ClassPermissionsTool.className(className)
            try await applicationOptions.withApplication { storage, application in
                let permissions = try await AdministrationClassPermissions(storage: storage).permissions(
                    applicationId: application.applicationId, className: name)
                print(json ? permissions.storedJSON.serializedString() : ClassPermissionsTool.describe(permissions, className: name))
            }
        }
    }

    /// `kumo classes permissions set <className> [--app NAME] --get … --find … --create … --update … --delete …`
    struct Change: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change some operations of a class; operations not given keep their permission.",
            discussion: "Each value is public, authenticated, nobody or role:NAME[,role:NAME…].")

        @Argument(help: "The class, e.g. GameScore, or user, role for the standard classes.") var className: String
        @OptionGroup var applicationOptions: ApplicationOptions
        @Option(help: "Who may read one object by id.") var get: String?
        @Option(help: "Who may query the class.") var find: String?
        @Option(help: "Who may create objects.") var create: String?
        @Option(help: "Who may update objects.") var update: String?
        @Option(help: "Who may delete objects.") var delete: String?

        func validate() throws {
            guard [get, find, create, update, delete].contains(where: { $0 != nil }) else {
                throw ValidationError("give at least one of --get, --find, --create, --update, --delete")
            }
            _ = try ClassPermissionsTool.className(className)
            _ = try changes()
        }

        /// The permissions given on the command line, by operation, read as the dashboard reads them
        /// (`AdministrationClassPermissions`).
        func changes() throws -> [ObjectOperation: OperationPermission] {
            let given = [("get", get), ("find", find), ("create", create), ("update", update), ("delete", delete)]
            do {
                return try AdministrationClassPermissions.parse(given.compactMap { name, text in text.map { (operation: name, text: $0) } })
            } catch {
                throw ValidationError("--\(error.field): \(error.message)")
            }
        }

        func run() async throws {
            let name = try ClassPermissionsTool.className(className)
            let changes = try changes()
            try await applicationOptions.withApplication { storage, application in
                let permissions = try await AdministrationClassPermissions(storage: storage).change(
                    changes, applicationId: application.applicationId, className: name)
                await CommandLineAudit.record(
                    "classPermissions.update", in: storage, application: application.name, target: name.rawValue,
                    detail: AdministrationClassPermissions.json(permissions))
                print(ClassPermissionsTool.describe(permissions, className: name))
            }
        }
    }

    /// `kumo classes permissions reset <className> [--app NAME]`
    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Open every operation of a class to everyone again.")

        @Argument(help: "The class, e.g. GameScore, or user, role for the standard classes.") var className: String
        @OptionGroup var applicationOptions: ApplicationOptions

        func validate() throws { _ = try ClassPermissionsTool.className(className) }

        func run() async throws {
            let name = try ClassPermissionsTool.className(className)
            try await applicationOptions.withApplication { storage, application in
                try await AdministrationClassPermissions(storage: storage).reset(applicationId: application.applicationId, className: name)
                await CommandLineAudit.record(
                    "classPermissions.update", in: storage, application: application.name, target: name.rawValue,
                    detail: AdministrationClassPermissions.json(.open))
                print(ClassPermissionsTool.describe(.open, className: name))
            }
        }
    }
}

/// What the `kumo classes` commands share: checking class names, printing permissions.
enum ClassPermissionsTool {
    /// Validates a class name as the API would (docs/decisions/0012-names-and-sizes.md; standard names such as `user`
    /// and `role` are accepted).
    static func className(_ text: String) throws -> ClassName {
        guard let name = ClassName(text) else {
            throw ValidationError("'\(text)' is not a class name: use [A-Za-z][A-Za-z0-9_]{0,99}")
        }
        return name
    }

    /// One line per operation: `  find:   role:Staff`.
    static func describe(_ permissions: ClassPermissions, className: ClassName) -> String {
        var lines = ["\(className.rawValue)"]
        for operation in AdministrationClassPermissions.operations {
            let label = (operation.rawValue + ":").padding(toLength: 8, withPad: " ", startingAt: 0)
            lines.append("  \(label)\(permissions.permission(for: operation).text)")
        }
        return lines.joined(separator: "\n")
    }
}
