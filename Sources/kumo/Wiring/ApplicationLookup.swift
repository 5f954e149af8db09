import ArgumentParser
import Foundation
import KumoStorage

/// How every `kumo` command that acts on one application picks it (docs/decisions/0128-one-rule-for-choosing-the-application.md):
/// `--app NAME` (or `KUMO_APP`), else the only application of the database; with several and no name, the command
/// refuses and lists them, so that it never acts on an application the user did not mean.
enum ApplicationLookup {
    /// The variable that names the application when `--app` is not given.
    static let environmentVariable = "KUMO_APP"

    /// `--app`, else `KUMO_APP` (empty counts as unset).
    static func requestedName(_ option: String?) -> String? {
        if let option { return option }
        let variable = ProcessInfo.processInfo.environment[environmentVariable]
        return variable?.isEmpty == false ? variable : nil
    }

    /// The application named `name` (or by `KUMO_APP`); without a name, the only application.
    ///
    /// - Throws: `ValidationError` naming the applications there are when none matches or the choice is ambiguous.
    static func application(named name: String?, in storage: any StorageBackend) async throws -> HostedApplication {
        let all = try await storage.applications.all()
        if let requested = requestedName(name) {
            if let application = all.first(where: { $0.name == requested }) { return application }
            let source = name == nil ? " (from \(environmentVariable))" : ""
            throw ValidationError("no application named '\(requested)'\(source); \(listing(all))")
        }
        guard all.count == 1, let only = all.first else {
            guard !all.isEmpty else {
                throw ValidationError(
                    "there is no application yet: create one with kumo apps create --name NAME (add --application-key and "
                        + "--client-key to keep an NCMB app's keys), or start kumo serve, which creates \"default\" in an empty database")
            }
            throw ValidationError("\(listing(all)): choose one with --app NAME (or \(environmentVariable)=NAME)")
        }
        return only
    }

    /// "there are 2 applications (default, ramen)", for messages.
    static func listing(_ applications: [HostedApplication]) -> String {
        switch applications.count {
        case 0: "there is no application"
        case 1: "the only application is '\(applications[0].name)'"
        default: "there are \(applications.count) applications (" + applications.map(\.name).joined(separator: ", ") + ")"
        }
    }
}
