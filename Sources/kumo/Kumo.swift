import ArgumentParser
import Foundation

/// The `kumo` command: a self-hosted NCMB-compatible backend.
@main
struct Kumo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kumo",
        abstract: "A self-hosted backend that speaks the NIFCLOUD mobile backend (NCMB) REST API.",
        subcommands: [
            ServeCommand.self, AppsCommand.self, ClassesCommand.self, ProvidersCommand.self, CallCommand.self, BenchCommand.self,
            ImportCommand.self, ExportCommand.self, BackupCommand.self, RestoreCommand.self, SampleExportCommand.self,
            ScriptsCommand.self, AdminsCommand.self, FilesCommand.self,
        ]
    )

    /// Reads `kumo serve`'s configuration file into the environment and checks every value from the environment before
    /// the flags are parsed (docs/configuration.md#how-settings-are-read), then runs the command.
    static func main() async {
        let arguments = CommandLine.arguments
        if arguments.dropFirst().first == "serve" {
            do {
                if let path = ConfigurationFile.path(arguments: arguments, environment: ProcessInfo.processInfo.environment) {
                    try ConfigurationFile.apply(path: path)
                }
            } catch {
                refuse(error.description)
            }
            if let message = ServeSettings.checkEnvironment() { refuse(message) }
        }
        do {
            var command = try parseAsRoot()
            do {
                if var asynchronous = command as? any AsyncParsableCommand {
                    try await asynchronous.run()
                } else {
                    try command.run()
                }
            } catch let failure as ValidationError {
                // Thrown while running, not while parsing: what went wrong and what to do, without the usage block
                // ArgumentParser prints for a mistyped command line.
                FileHandle.standardError.write(Data("Error: \(failure.message)\n".utf8))
                Foundation.exit(EXIT_FAILURE)
            }
        } catch {
            exit(withError: error)
        }
    }

    /// Ends the process as ArgumentParser does for a validation error: the message on standard error, status 64.
    private static func refuse(_ message: String) -> Never {
        FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
        Foundation.exit(64)
    }
}
