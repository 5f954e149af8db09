import ArgumentParser
import Foundation
import KumoAdministration
import KumoStorage
import NCMBWire

extension IndexCommand {
    /// `kumo classes index suggest [--apply] [--clear] [--json]`
    struct Suggest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Suggest indexes from the slow queries servers recorded (kumo serve --slow-query-ms).",
            discussion: "Each suggestion names the query shape behind it: fields and operators, never values.")

        @OptionGroup var applicationOptions: ApplicationOptions
        @Flag(help: "Build every suggested index.") var apply = false
        @Flag(help: "Forget the recorded slow queries afterwards.") var clear = false
        @Flag(help: "Print machine-readable JSON.") var json = false

        func run() async throws {
            try await applicationOptions.withApplication { storage, application in
                let records = try await storage.indexes.slowQueries(applicationId: application.applicationId)
                let suggestions = try await AdministrationIndexes(storage: storage).suggestions(for: application, className: nil)
                if json {
                    print(JSONValue.array(suggestions.map(AdministrationIndexes.json)).serializedString())
                } else if suggestions.isEmpty {
                    print(
                        records.isEmpty
                            ? "No slow query recorded for '\(application.name)' yet."
                            : "Every recorded slow query of '\(application.name)' has its index.")
                }
                for suggestion in suggestions {
                    let record = suggestion.record
                    let fields = QueryShapeRecord.text(of: suggestion.fields)
                    if !json {
                        print(
                            "kumo classes index add \(suggestion.className.rawValue) \(fields)   # \(record.shape): \(record.runs) slow run(s), "
                                + "\(Suggest.milliseconds(record.totalMilliseconds)) in total, slowest \(Suggest.milliseconds(record.maximumMilliseconds))"
                        )
                    }
                    guard apply else { continue }
                    let index = ClassIndex(
                        applicationId: application.applicationId, className: suggestion.className, fields: suggestion.fields,
                        createDate: IndexCommand.now())
                    let build = try await storage.indexes.create(index)
                    if !json { print("  built \(build.index.name) over \(build.objectCount) objects") }
                }
                if clear { try await storage.indexes.clearSlowQueries(applicationId: application.applicationId) }
            }
        }

        static func milliseconds(_ value: Double) -> String { String(format: "%.1f ms", value) }

    }

    /// `kumo classes index explain CLASS [--where JSON] [--order KEYS] [--count] [--master-key]`
    struct Explain: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how the database runs a query: which index it uses, if any.",
            discussion: "The plan is the engine's own (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN).")

        @Argument(help: "The class.") var className: String
        @Option(name: .customLong("where"), help: "The where JSON, as an app sends it.") var whereText: String?
        @Option(help: "The order, e.g. -score,createDate.") var order: String?
        @Option(help: "The limit.") var limit = "20"
        @Flag(help: "Explain the count=1 statement instead of the page.") var count = false
        @Flag(name: .customLong("master-key"), help: "Explain as the master key (no ACL filter) instead of an anonymous client.")
        var masterKey = false
        @OptionGroup var applicationOptions: ApplicationOptions

        func validate() throws { _ = try ClassPermissionsTool.className(className) }

        func run() async throws {
            let name = try ClassPermissionsTool.className(className)
            var items: [(name: String, value: String)] = [("limit", limit)]
            if let whereText { items.append(("where", whereText)) }
            if let order { items.append(("order", order)) }
            if count { items.append(("count", "1")) }
            let parameters: QueryParameters
            do {
                parameters = try QueryParameters(queryItems: items)
            } catch {
                throw ValidationError("The query is invalid: \(error.description)")
            }
            try await applicationOptions.withApplication { storage, application in
                let request = FindRequest(applicationId: application.applicationId, className: name, parameters: parameters)
                let plan = try await storage.indexes.queryPlan(request, access: masterKey ? .bypass : .anonymous, count: count)
                for line in plan { print(line) }
            }
        }
    }
}
