import Foundation
import KumoMemberwise
package import NCMBWire

/// One object an import could not write, as its report names it.
@PackageMemberwiseInit
package struct ImportFailure: Sendable, Hashable {
    /// The export file.
    package var file: String
    /// The object's position in the file, from 0; `nil` for a failure that concerns no single element.
    package var index: Int?
    /// The object's objectId, when it has one.
    package var objectId: String?
    /// Why, e.g. `"userName is duplication."`.
    package var reason: String

    /// The report line: `{"file":…,"index":…,"objectId":…,"reason":…}`.
    package var json: JSONValue {
        var object: JSONObject = ["file": .string(file)]
        object["index"] = index.map { .integer(Int64($0)) } ?? .null
        object["objectId"] = objectId.map(JSONValue.string) ?? .null
        object["reason"] = .string(reason)
        return .object(object)
    }
}

/// Where an import's failures go: the report file, one JSON object per line, and the summary as the last line.
package protocol ImportReportSink: Sendable {
    /// Records one failure.
    func record(_ failure: ImportFailure) async
    /// Ends the report with the summary.
    func finish(_ summary: ImportSummary) async throws
}

/// Writes the report to a file (JSON Lines): created at once, so that a failing import still leaves its report.
package actor ImportReportFile: ImportReportSink {
    /// The file.
    package nonisolated let path: String
    private let handle: FileHandle
    private var failures = 0

    /// Creates (or truncates) the report file.
    ///
    /// - Throws: when the file cannot be created.
    package init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ImportError.report("cannot create the report file \(path)")
        }
        self.path = path
        self.handle = handle
    }

    package func record(_ failure: ImportFailure) {
        failures += 1
        handle.write(Data((failure.json.serializedString() + "\n").utf8))
    }

    package func finish(_ summary: ImportSummary) throws {
        let total = summary.total
        let line: JSONValue = [
            "summary": [
                "dryRun": .bool(summary.isDryRun), "imported": .integer(Int64(total.imported)), "replaced": .integer(Int64(total.replaced)),
                "skipped": .integer(Int64(total.skipped)), "failed": .integer(Int64(total.failed)),
                "relationMembers": .integer(Int64(summary.relationMembers)),
                "missingRelationTargets": .integer(Int64(summary.missingRelationTargets)),
                "usersWithoutPassword": .integer(Int64(summary.usersWithoutPassword)),
                "passwordsRestored": .integer(Int64(summary.passwordsRestored)),
                "passwordsRefused": .integer(Int64(summary.passwordsRefused)),
                "notices": .array(summary.notices.map(JSONValue.string)),
            ]
        ]
        handle.write(Data((line.serializedString() + "\n").utf8))
        try handle.close()
    }
}

/// Keeps failures in memory (tests, and callers that print them).
package actor ImportReportMemory: ImportReportSink {
    /// The failures recorded so far.
    package private(set) var failures: [ImportFailure] = []
    /// The summary, once finished.
    package private(set) var summary: ImportSummary?

    /// Creates an empty report.
    package init() {}

    package func record(_ failure: ImportFailure) { failures.append(failure) }

    package func finish(_ summary: ImportSummary) { self.summary = summary }
}

/// Why an import stopped before its end.
package enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file is not a well-formed export: nothing was written.
    case malformed(ExportReadError)
    /// A path names nothing importable.
    case source(String)
    /// `--on-conflict fail` met an object whose objectId is stored already; the objects before its group of writes stay.
    case conflict(file: String, index: Int, objectId: String)
    /// The report could not be written.
    case report(String)

    package var description: String {
        switch self {
        case .malformed(let error): "not a well-formed export, nothing was written: \(error)"
        case .source(let message): message
        case .conflict(let file, let index, let objectId):
            "\(file): object \(index) (objectId \(objectId)) is already stored (--on-conflict fail); its group of objects was "
                + "not written, the groups before it were. Re-run with --on-conflict skip to continue or replace to overwrite."
        case .report(let message): message
        }
    }
}
