import ArgumentParser
import KumoAdministration
import KumoServer
import KumoStorage
import NCMBWire

/// `kumo scripts logs [NAME] [--limit N] [--follow] [--json]`: the execution log, with the request, the answer, the
/// console output and the error of every call (docs/decisions/0052-script-execution-log.md).
struct ScriptLogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs", abstract: "Show the execution log of the application's scripts, oldest first.")

    @Argument(help: "Only this script's calls.") var name: String?
    @Option(help: "How many of the most recent entries to show.") var limit = 20
    @Flag(help: "Keep printing new entries as calls arrive (Ctrl-C stops).") var follow = false
    @Flag(help: "Print one JSON object per line.") var json = false
    @OptionGroup var applicationOptions: ApplicationOptions

    func validate() throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 10000") }
    }

    func run() async throws {
        try await applicationOptions.withApplication { storage, application in
            var entries = try await storage.scripts.recentExecutions(
                applicationId: application.applicationId, scriptName: name, limit: limit)
            var last: Int64 = 0
            while true {
                for entry in entries {
                    print(json ? JSONValue.object(Self.object(entry)).serializedString() : Self.text(entry))
                    last = max(last, entry.sequence ?? last)
                }
                guard follow else { return }
                try await Task.sleep(for: .seconds(1))
                entries = try await storage.scripts.executions(
                    applicationId: application.applicationId, scriptName: name, after: last, limit: 1_000)
            }
        }
    }

    /// An entry as one JSON object (the dashboard's log lists the same, ``AdministrationScripts/json(_:)``).
    static func object(_ entry: ScriptExecution) -> JSONObject {
        AdministrationScripts.json(entry)
    }

    /// An entry for the terminal: a header line, then the request, answer, console and error, indented.
    static func text(_ entry: ScriptExecution) -> String {
        var lines = [
            "\(entry.startedAt.formatted)  \(entry.status.rawValue)  \(entry.method) \(entry.scriptName)  \(entry.durationMilliseconds) ms"
        ]
        if !entry.request.isEmpty { lines.append("  request:  " + JSONValue.object(entry.request).serializedString()) }
        if !entry.response.isEmpty { lines.append("  response: " + JSONValue.object(entry.response).serializedString()) }
        for line in entry.console { lines.append("  console.\(line.level): \(line.text)") }
        if let error = entry.error { lines.append("  error:    \(error)") }
        if let stack = entry.stack { lines.append(contentsOf: stack.split(separator: "\n").map { "    " + $0 }) }
        return lines.joined(separator: "\n")
    }
}
