import ArgumentParser
import KumoStorage

/// The options of every command that acts on one application: which one (`--app NAME` or `KUMO_APP`, else the only
/// application of the database: ``ApplicationLookup``) and where the data lives.
struct ApplicationOptions: ParsableArguments {
    @Option(name: .customLong("app"), help: "The application to act on (also KUMO_APP); may be left out when the database has only one.")
    var applicationName: String?

    @OptionGroup var storageOptions: StorageOptions

    /// Opens storage, finds the application, runs `body` and closes storage, also when `body` throws.
    ///
    /// - Returns: What `body` returns.
    func withApplication<Value>(
        _ body: (any StorageBackend, HostedApplication) async throws -> Value
    ) async throws -> Value {
        try await storageOptions.withStorage { storage in
            try await body(storage, try await ApplicationLookup.application(named: applicationName, in: storage))
        }
    }
}
