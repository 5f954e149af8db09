import Foundation
import NCMBWire

/// One row of the report: a scenario at one connection count and pacing.
struct BenchMeasurement: Sendable {
    /// Machine name: the scenario's raw value, `<scenario>@50%` for the half-load runs, `storage.<operation>` for the
    /// in-process baselines.
    var name: String
    /// The engine of the run the row belongs to (`sqlite`, `postgres`), also for its in-process baselines.
    var engine: String?
    /// Human name for the table.
    var label: String
    /// Concurrent connections (or tasks in process).
    var connections: Int
    /// `closed loop`, or `open loop at N req/s`.
    var pacing: String
    /// What was measured; `nil` when the scenario was skipped.
    var summary: LoadSummary?
    /// Requests per second divided by the ceiling's at the same connection count.
    var ratioToCeiling: Double?
    /// CPU used by the server during the window, in cores (1.0 = one CPU busy all the time).
    var serverCPU: Double?
    /// CPU used by the generator process during the window, in cores.
    var generatorCPU: Double?
    /// Peak resident memory of the server during the scenario (of the benchmark process for in-process rows).
    var peakRSSBytes: Int?
    /// The target this row is checked against, e.g. `≥ 40 % and ≥ 5 000 req/s`.
    var target: String?
    /// Whether the row meets its target.
    var meetsTarget: Bool?
    /// Why the scenario was skipped, or what else the reader should know.
    var note: String?
}

/// Everything one `kumo bench` run reports.
struct BenchReport: Sendable {
    var command: String
    var machine: String
    var cpuSplit: String
    /// Each engine's database, in the order they ran: the engine's name and how its database was set up.
    var databases: [(engine: String, description: String)]
    var itemCount: Int
    var durationSeconds: Int
    var warmUpSeconds: Int
    var measurements: [BenchMeasurement]

    /// The Markdown table printed on stdout and pasted into the README.
    var markdown: String {
        var lines = [
            "| Engine | Scenario | Conns | req/s | p50 ms | p90 ms | p99 ms | vs ceiling | server CPU | peak RSS | target |",
            "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|",
        ]
        for row in measurements {
            let name = row.pacing == "closed loop" ? row.label : "\(row.label), \(row.pacing)"
            let engine = row.engine ?? "–"
            guard let summary = row.summary else {
                let empty = Array(repeating: "–", count: 7).joined(separator: " | ")
                lines.append("| \(engine) | \(name) | \(row.connections) | \(empty) | \(row.note ?? "skipped") |")
                continue
            }
            let mark = row.meetsTarget.map { $0 ? "✅ " : "❌ " } ?? ""
            var target = row.target.map { mark + $0 } ?? ""
            if summary.failed > 0 {
                let status = summary.firstUnexpectedStatus.map { " (e.g. HTTP \($0))" } ?? ""
                target += (target.isEmpty ? "" : "; ") + "\(summary.failed) failed\(status)"
            }
            if let note = row.note { target += (target.isEmpty ? "" : "; ") + note }
            let ratio: String = row.ratioToCeiling.map { BenchReport.percent($0) } ?? "–"
            let cpu: String = row.serverCPU.map { String(format: "%.2f", $0) } ?? "–"
            let memory: String = row.peakRSSBytes.map { String(format: "%.0f MiB", Double($0) / 1_048_576) } ?? "–"
            var cells: [String] = [engine, name, String(row.connections), BenchReport.grouped(summary.requestsPerSecond)]
            cells += [summary.p50Milliseconds, summary.p90Milliseconds, summary.p99Milliseconds].map(BenchReport.fixed)
            cells += [ratio, cpu, memory, target]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// Every engine's database in one line: `sqlite: SQLite, …; postgres: PostgreSQL …`.
    var database: String {
        databases.map { "\($0.engine): \($0.description)" }.joined(separator: "; ")
    }

    /// The JSON file: run settings, then one object per measured row; every measured row has at least `name`,
    /// `engine`, `connections`, `requestsPerSecond`, `p99Ms` and `ratioToCeiling`.
    var json: String {
        let engines = databases.map { JSONValue.object(["engine": .string($0.engine), "database": .string($0.description)]) }
        let header: [(String, JSONValue)] = [
            ("command", .string(command)), ("machine", .string(machine)), ("cpuSplit", .string(cpuSplit)),
            ("database", .string(database)), ("engines", .array(engines)), ("objects", .integer(Int64(itemCount))),
            ("durationSeconds", .integer(Int64(durationSeconds))), ("warmUpSeconds", .integer(Int64(warmUpSeconds))),
        ]
        var lines = header.map { "  " + JSONValue.string($0.0).serializedString() + ": " + $0.1.serializedString() + "," }
        let rows = measurements.map { "    " + JSONValue.object(BenchReport.json(of: $0)).serializedString() }
        lines.append("  \"scenarios\": [\n" + rows.joined(separator: ",\n") + "\n  ]")
        return "{\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    private static func json(of row: BenchMeasurement) -> JSONObject {
        var object: JSONObject = [
            "name": .string(row.name), "engine": row.engine.map { .string($0) } ?? .null, "label": .string(row.label),
            "connections": .integer(Int64(row.connections)),
            "pacing": .string(row.pacing),
        ]
        func number(_ value: Double?) -> JSONValue { value.map { .double(($0 * 1000).rounded() / 1000) } ?? .null }
        if let summary = row.summary {
            object["requestsPerSecond"] = number(summary.requestsPerSecond)
            object["p50Ms"] = number(summary.p50Milliseconds)
            object["p90Ms"] = number(summary.p90Milliseconds)
            object["p99Ms"] = number(summary.p99Milliseconds)
            object["maxMs"] = number(summary.maximumMilliseconds)
            object["requests"] = .integer(Int64(summary.succeeded))
            object["failed"] = .integer(Int64(summary.failed))
        }
        object["ratioToCeiling"] = number(row.ratioToCeiling)
        object["cpu"] = number(row.serverCPU)
        object["generatorCpu"] = number(row.generatorCPU)
        object["peakRSSBytes"] = row.peakRSSBytes.map { .integer(Int64($0)) } ?? .null
        if let target = row.target { object["target"] = .string(target) }
        if let meetsTarget = row.meetsTarget { object["meetsTarget"] = .bool(meetsTarget) }
        if let note = row.note { object["note"] = .string(note) }
        return object
    }

    /// `12 345`: thousands separated by a thin space, as the README tables write them.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(" ") }
            result.append(character)
        }
        return result
    }

    static func fixed(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }

    static func percent(_ value: Double) -> String { String(format: "%.0f %%", value * 100) }
}
