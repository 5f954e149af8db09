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
        @OptionGroup var hashOptions: AdminPasswordHashOptions
        @OptionGroup var storageOptions: StorageOptions

        func run() async throws {
            try await AdminsCommand.administering(storageOptions, hasher: hashOptions.hasher) {
                try await $0.create(email: email, password: password, actor: "cli")
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
            let admins = try await AdminsCommand.administering(storageOptions) { try await $0.list() }
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
            try await AdminsCommand.administering(storageOptions) { try await $0.remove(email: email, actor: "cli") }
            print("Removed dashboard administrator \(email).")
        }
    }

    /// `kumo admins password --email E --password P`
    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a dashboard administrator's password and end their sessions.")

        @Option(help: "The administrator's e-mail address.") var email: String
        @Option(help: "The new password: at least 8 characters, at most 72 bytes.") var password: String
        @OptionGroup var hashOptions: AdminPasswordHashOptions
        @OptionGroup var storageOptions: StorageOptions

        func run() async throws {
            try await AdminsCommand.administering(storageOptions, hasher: hashOptions.hasher) {
                try await $0.setPassword(email: email, password: password, actor: "cli")
            }
            print("Set the password of dashboard administrator \(email).")
        }
    }

    /// Runs `body` with the administrators of the storage `storageOptions` opens, turning a refusal into a command-line
    /// error (exit code 64 with its message).
    @discardableResult
    static func administering<Value>(
        _ storageOptions: StorageOptions, hasher: BcryptAdminPasswordHasher = BcryptAdminPasswordHasher(),
        _ body: (AdministrationAdmins) async throws -> Value
    ) async throws -> Value {
        try await storageOptions.withStorage { storage in
            do {
                return try await body(AdministrationAdmins(storage: storage, hasher: hasher))
            } catch let refusal as AdministrationAdmins.Refusal {
                throw ValidationError(refusal.description)
            }
        }
    }
}

/// `--password-hash-cost` of the `kumo admins` commands that set a password (also `KUMO_DASHBOARD_PASSWORD_HASH_COST`,
/// as `kumo serve --dashboard-password-hash-cost`).
struct AdminPasswordHashOptions: ParsableArguments {
    @Option(name: .customLong("password-hash-cost"), help: "bcrypt cost of the password hash, 4…31.")
    var passwordHashCost = Int(ProcessInfo.processInfo.environment["KUMO_DASHBOARD_PASSWORD_HASH_COST"] ?? "") ?? 12

    func validate() throws {
        guard (4...31).contains(passwordHashCost) else { throw ValidationError("--password-hash-cost must be between 4 and 31") }
    }

    /// The hasher of the new password.
    var hasher: BcryptAdminPasswordHasher { BcryptAdminPasswordHasher(cost: passwordHashCost) }
}
