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
        subcommands: [Create.self, List.self, Connect.self, AppSettingsCommand.self, PushCredentialsCommand.self])

    /// `kumo apps create --name NAME`
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an application and print its keys.")

        @Option(help: "Unique name of the application.") var name: String
        @Option(name: .customLong("application-key"), help: "Use this application key instead of a random one.")
        var applicationKey: String?
        @Option(name: .customLong("client-key"), help: "Use this client key instead of a random one.") var clientKey: String?
        @Flag(help: "Print machine-readable JSON.") var json = false
        @OptionGroup var storageOptions: StorageOptions

        func validate() throws {
            for (key, what) in [(applicationKey, "--application-key"), (clientKey, "--client-key")] {
                if let key, let problem = AdministrationApplications.keyProblem(key, what: what) { throw ValidationError(problem) }
            }
        }

        func run() async throws {
            let application = try await storageOptions.withStorage { storage in
                do {
                    let application = try await AdministrationApplications(storage: storage).create(
                        name: name, applicationKey: applicationKey, clientKey: clientKey)
                    await CommandLineAudit.record(
                        "application.create", in: storage, application: application.name, target: application.applicationId)
                    return application
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

extension AppsCommand {
    /// `kumo apps connect [--app NAME] [--url URL]`: what connects an app, as the first banner printed it.
    struct Connect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print an application's endpoint, keys and the code that connects each NCMB SDK to it.",
            discussion: "The URL is where apps reach the server: behind a proxy or TLS, give its public https:// address.")

        @Option(help: "The URL apps connect to (also KUMO_URL).")
        var url = ProcessInfo.processInfo.environment["KUMO_URL"] ?? "http://127.0.0.1:8080"
        @OptionGroup var applicationOptions: ApplicationOptions

        func run() async throws {
            guard let endpoint = ClientEndpoint(url: url) else {
                throw ValidationError("--url takes the server's http:// or https:// address without a path, e.g. https://api.example.com")
            }
            let application = try await applicationOptions.withApplication { _, application in application }
            FileHandle.standardOutput.write(Data(ConnectionBanner.connection(application: application, endpoint: endpoint).utf8))
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
