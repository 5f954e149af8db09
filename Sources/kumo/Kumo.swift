import ArgumentParser

/// The `kumo` command: a self-hosted NCMB-compatible backend.
@main
struct Kumo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kumo",
        abstract: "A self-hosted backend that speaks the NIFCLOUD mobile backend (NCMB) REST API.",
        subcommands: [
            ServeCommand.self, AppsCommand.self, ClassesCommand.self, ProvidersCommand.self, CallCommand.self, BenchCommand.self,
            ImportCommand.self, ExportCommand.self, BackupCommand.self, RestoreCommand.self, SampleExportCommand.self,
            ScriptsCommand.self,
        ]
    )
}
