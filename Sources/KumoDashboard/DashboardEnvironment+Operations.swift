package import Foundation
package import KumoOperations

/// What the Scripts, Import/Export and Overview pages use beyond the stage-1 environment; `kumo serve` sets every
/// field (`DashboardOperations` in `kumo`), tests set what they exercise.
package struct DashboardOperationsEnvironment: Sendable {
    /// Node's syntax check of scripts; without one every deployment answers 503 `syntaxCheck`.
    package var scriptSyntax: any ScriptSyntaxChecking = UnavailableScriptSyntaxCheck(reason: "no Node.js is wired into this server")
    /// This instance's per-minute metrics (the Overview); without a ring the points are empty.
    package var metrics: MinuteMetrics?
    /// The work folder of exports in progress (`<data-dir>/dashboard`); without one exports answer 503.
    package var workDirectory: URL?
    /// The import jobs; without them imports answer 503.
    package var imports: ImportJobs?

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

    /// The work folder, when wired.
    var workDirectory: URL? { operations.workDirectory }
}
