import ArgumentParser
import KumoStorage

/// How `kumo` subcommands pick the application they act on: `--app NAME`, or the only application of the database.
enum ApplicationLookup {
    /// The application named `name`; without a name, the only application (several → ask for `--app`).
    static func application(named name: String?, in storage: any StorageBackend) async throws -> HostedApplication {
        if let name {
            guard let application = try await storage.applications.application(named: name) else {
                throw ValidationError("no application named '\(name)' (see kumo apps list)")
            }
            return application
        }
        let all = try await storage.applications.all()
        guard all.count == 1, let only = all.first else {
            throw ValidationError(
                all.isEmpty
                    ? "there is no application yet (run kumo serve or kumo apps create)"
                    : "there are \(all.count) applications: pass --app NAME")
        }
        return only
    }
}
