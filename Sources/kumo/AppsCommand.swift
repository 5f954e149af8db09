import ArgumentParser
import Foundation
import KumoAdministration
import KumoSQLite
import KumoServer
import KumoStorage
import NCMBWire

/// `kumo apps …`: manage the applications of a data directory.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps", abstract: "Create and list applications and change their settings.",
        subcommands: [Create.self, List.self, AppSettingsCommand.self, PushCredentialsCommand.self])

    /// `kumo apps create --name NAME`
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an application and print its keys.")

        @Option(help: "Unique name of the application.") var name: String
        @Option(name: .customLong("application-key"), help: "Use this application key instead of a random one.")
        var applicationKey: String?
        @Option(name: .customLong("client-key"), help: "Use this client key instead of a random one.") var clientKey: String?
        @Flag(help: "Print machine-readable JSON.") var json = false
        @OptionGroup var storageOptions: StorageOptions

        func run() async throws {
            let application = try await storageOptions.withStorage { storage in
                do {
                    return try await AdministrationApplications(storage: storage).create(
                        name: name, applicationKey: applicationKey, clientKey: clientKey)
                } catch {
                    throw ApplicationPrinter.commandError(error)
                }
            }
            print(ApplicationPrinter.describe(application, asJSON: json))
        }
    }

    /// `kumo apps list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List applications with their keys.")

        @Flag(help: "Print machine-readable JSON.") var json = false
        @OptionGroup var storageOptions: StorageOptions

        func run() async throws {
            let applications = try await storageOptions.withStorage { storage in try await storage.applications.all() }
            if json {
                print(JSONValue.array(applications.map(ApplicationPrinter.json)).serializedString())
            } else {
                for application in applications { print(ApplicationPrinter.describe(application, asJSON: false) + "\n") }
            }
        }
    }
}

/// Renders applications for the terminal.
enum ApplicationPrinter {
    static func json(_ application: HostedApplication) -> JSONValue {
        [
            "name": .string(application.name), "applicationId": .string(application.applicationId),
            "applicationKey": .string(application.applicationKey), "clientKey": .string(application.clientKey),
        ]
    }

    static func describe(_ application: HostedApplication, asJSON: Bool) -> String {
        if asJSON { return json(application).serializedString() }
        return """
            name:            \(application.name)
            applicationId:   \(application.applicationId)
            application key: \(application.applicationKey)
            client key:      \(application.clientKey)
            """
    }

    static func commandError(_ error: any Error) -> any Error {
        if case StorageError.duplicate(let field) = error { return ValidationError("an application with this \(field) already exists") }
        return error
    }
}
