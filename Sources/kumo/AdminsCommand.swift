import ArgumentParser
import Foundation
import KumoAdministration
import KumoStorage
import NCMBWire

/// `kumo admins …`: the dashboard's administrators (docs/dashboard.md#administrators). Administrators are not users of
/// an application; each change is written to the dashboard's audit log with `cli` as the actor.
struct AdminsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admins", abstract: "Create, list and remove dashboard administrators and set their passwords.",
        subcommands: [Create.self, List.self, Remove.self, Password.self])

    /// `kumo admins create --email E --password P`
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a dashboard administrator.")

        @Option(help: "The administrator's e-mail address (unique, any letter case).") var email: String
        @Option(help: "The password: at least 8 characters, at most 72 bytes.") var password: String
        @Option(name: .customLong("password-hash-cost"), help: "bcrypt cost of the password hash, 4…31.")
        var passwordHashCost = Int(ProcessInfo.processInfo.environment["KUMO_DASHBOARD_PASSWORD_HASH_COST"] ?? "") ?? 12
        @OptionGroup var storageOptions: StorageOptions

        func validate() throws {
            guard (4...31).contains(passwordHashCost) else { throw ValidationError("--password-hash-cost must be between 4 and 31") }
        }

        func run() async throws {
            try await storageOptions.withStorage { storage in
                try await AdminsCommand.refusing {
                    try await AdministrationAdmins(storage: storage, hasher: BcryptAdminPasswordHasher(cost: passwordHashCost))
                        .create(email: email, password: password, actor: "cli")
                }
            }
            print("Created dashboard administrator \(email).")
        }
    }

    /// `kumo admins list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List dashboard administrators.")

        @Flag(help: "Print machine-readable JSON.") var json = false
        @OptionGroup var storageOptions: StorageOptions

        func run() async throws {
            let admins = try await storageOptions.withStorage { storage in
                try await AdministrationAdmins(storage: storage, hasher: BcryptAdminPasswordHasher()).list()
            }
            if json {
                let values: [JSONValue] = admins.map { ["email": .string($0.email), "createDate": .string($0.createDate.formatted)] }
                print(JSONValue.array(values).serializedString())
            } else if admins.isEmpty {
                print("No dashboard administrator yet: kumo admins create --email E --password P")
            } else {
                for admin in admins { print("\(admin.email)  (created \(admin.createDate.formatted))") }
            }
        }
    }

    /// `kumo admins remove --email E`
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a dashboard administrator and end their sessions.")

        @Option(help: "The administrator's e-mail address.") var email: String
        @OptionGroup var storageOptions: StorageOptions

        func run() async throws {
            try await storageOptions.withStorage { storage in
                try await AdminsCommand.refusing {
                    try await AdministrationAdmins(storage: storage, hasher: BcryptAdminPasswordHasher()).remove(email: email, actor: "cli")
                }
            }
            print("Removed dashboard administrator \(email).")
        }
    }

    /// `kumo admins password --email E --password P`
    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a dashboard administrator's password and end their sessions.")

        @Option(help: "The administrator's e-mail address.") var email: String
        @Option(help: "The new password: at least 8 characters, at most 72 bytes.") var password: String
        @Option(name: .customLong("password-hash-cost"), help: "bcrypt cost of the password hash, 4…31.")
        var passwordHashCost = Int(ProcessInfo.processInfo.environment["KUMO_DASHBOARD_PASSWORD_HASH_COST"] ?? "") ?? 12
        @OptionGroup var storageOptions: StorageOptions

        func validate() throws {
            guard (4...31).contains(passwordHashCost) else { throw ValidationError("--password-hash-cost must be between 4 and 31") }
        }

        func run() async throws {
            try await storageOptions.withStorage { storage in
                try await AdminsCommand.refusing {
                    try await AdministrationAdmins(storage: storage, hasher: BcryptAdminPasswordHasher(cost: passwordHashCost))
                        .setPassword(email: email, password: password, actor: "cli")
                }
            }
            print("Set the password of dashboard administrator \(email).")
        }
    }

    /// Runs `body`, turning a refusal into a command-line error (exit code 64 with its message).
    static func refusing(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let refusal as AdministrationAdmins.Refusal {
            throw ValidationError(refusal.description)
        }
    }
}
