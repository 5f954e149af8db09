package import Foundation
package import KumoAdministration
package import KumoImportJobs
import KumoMemberwise
package import KumoOperations
import NCMBWire

/// What the Scripts, Import/Export and Overview pages use beyond the stage-1 environment; `kumo serve` sets every
/// field (`DashboardOperations` in `kumo`), tests set what they exercise.
package struct DashboardOperationsEnvironment: Sendable {
    /// Node's syntax check of scripts; without one every deployment answers 503 `syntaxCheck`.
    package var scriptSyntax: any ScriptSyntaxChecking = UnavailableScriptSyntaxCheck(reason: "no Node.js is wired into this server")
    /// This instance's per-minute metrics (the Overview); without a ring the points are empty.
    package var metrics: MinuteMetrics?
    /// The work folder of exports in progress (`<data-dir>/dashboard`); without one exports answer 503. Setting it sets
    /// ``exports`` over its `exports` folder.
    package var workDirectory: URL? {
        didSet { exports = workDirectory.map { ExportDownloads(directory: $0.appendingPathComponent("exports")) } }
    }
    /// The exports in progress, in the `exports` folder of ``workDirectory``.
    package private(set) var exports: ExportDownloads?
    /// The import jobs; without them imports answer 503.
    package var imports: ImportJobs?
    /// The server's rate limits, which the settings page shows beside an application's settings; `nil` shows none.
    package var rateLimits: DashboardRateLimits?
    /// This instance's heartbeats, which the Overview lists with the other instances'; `nil` lists none.
    package var heartbeats: InstanceHeartbeats?

    /// Creates an environment without any of them.
    package init() {}
}

extension DashboardEnvironment {
    /// The shared administration of scripts, with the wired syntax check.
    var scripts: AdministrationScripts {
        AdministrationScripts(storage: storage, syntaxCheck: operations.scriptSyntax, clock: clock)
    }

    /// The import jobs, when wired.
    var imports: ImportJobs? { operations.imports }

    /// The per-minute metrics, when wired.
    var metrics: MinuteMetrics? { operations.metrics }

    /// The exports in progress, when a work folder is wired.
    var exports: ExportDownloads? { operations.exports }
}

/// The server's request rate limits (`kumo serve --rate-limit-per-address` and `--rate-limit-per-application`,
/// docs/configuration.md): the settings page shows them read-only, since they are set per server for every application,
/// never per application.
@PackageMemberwiseInit
package struct DashboardRateLimits: Sendable, Hashable {
    /// One limit: requests a second on average, in bursts of `burst`.
    @PackageMemberwiseInit
    package struct Rate: Sendable, Hashable {
        /// Requests a second, on average.
        package var perSecond: Double
        /// Requests at once after a quiet period.
        package var burst: Double
    }

    /// The limit of one client address; `nil` when there is none.
    package var perAddress: Rate?
    /// The limit of one application, counted by each instance; `nil` when there is none.
    package var perApplication: Rate?

    /// `{"perAddress":{"perSecond","burst"}|null,"perApplication":…,"source":"server"}`.
    var json: JSONValue {
        func number(_ value: Double) -> JSONValue {
            value.rounded() == value && abs(value) < 1e15 ? .integer(Int64(value)) : .double(value)
        }
        func rate(_ rate: Rate?) -> JSONValue {
            rate.map { ["perSecond": number($0.perSecond), "burst": number($0.burst)] } ?? .null
        }
        return ["perAddress": rate(perAddress), "perApplication": rate(perApplication), "source": "server"]
    }
}
