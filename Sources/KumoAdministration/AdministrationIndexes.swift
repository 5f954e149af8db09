import Foundation
import KumoMemberwise
package import KumoStorage
package import NCMBWire

/// Indexes on user fields and the index advisor's suggestions (docs/decisions/0074-indexes-on-user-fields.md,
/// docs/decisions/0075-index-advisor.md): the one code that `kumo classes index add|list|remove|suggest` and the
/// dashboard's indexes endpoint plan, build, match and remove indexes with (docs/dashboard.md#indexes).
@PackageMemberwiseInit
package struct AdministrationIndexes: Sendable {
    let storage: any StorageBackend

    /// Why an index cannot be built or removed, in words.
    package enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The fields cannot be planned (the planner's explanation).
        case invalidFields(String)
        /// No index of the class has these fields.
        case notFound(String)
        /// Several indexes differ only by kind: the kinds must be named.
        case ambiguous(String)

        package var description: String {
            switch self {
            case .invalidFields(let text), .notFound(let text), .ambiguous(let text): text
            }
        }
    }

    /// What building an index did, with the planner's notes (kinds inferred from the data).
    package struct Build: Sendable, Hashable {
        /// The build's report.
        package var build: IndexBuild
        /// The planner's notes.
        package var notes: [String]
    }

    /// The field specifications of a comma list (`category, score:number`).
    package static func specifications(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    /// The indexes of a class, or of every class when `className` is `nil`.
    package func indexes(of application: HostedApplication, className: ClassName?) async throws -> [ClassIndex] {
        try await storage.indexes.indexes(applicationId: application.applicationId, className: className)
    }

    /// The advisor's suggestions from the recorded slow queries, only those of `className` when given.
    package func suggestions(for application: HostedApplication, className: ClassName?) async throws -> [IndexAdvisor.Suggestion] {
        let records = try await storage.indexes.slowQueries(applicationId: application.applicationId)
        let indexes = try await storage.indexes.indexes(applicationId: application.applicationId, className: nil)
        return IndexAdvisor.suggestions(records: records, indexes: indexes).filter { className == nil || $0.className == className }
    }

    /// Plans and builds an index of `specifications` (a field without a kind gets the kind most objects hold).
    ///
    /// - Throws: ``Refusal/invalidFields(_:)`` when the fields cannot be planned; storage errors.
    package func create(
        _ specifications: [String], in application: HostedApplication, className: ClassName, now: WireDate
    ) async throws -> Build {
        let plan: IndexPlan
        do {
            plan = try await storage.indexes.plan(specifications, applicationId: application.applicationId, className: className)
        } catch let error as IndexPlanningError {
            throw Refusal.invalidFields(error.description)
        }
        let index = ClassIndex(applicationId: application.applicationId, className: className, fields: plan.fields, createDate: now)
        return Build(build: try await storage.indexes.create(index), notes: plan.notes)
    }

    /// The one index of a class whose fields are `specifications` as listed (`category,score`; kinds only when two
    /// indexes differ by kind).
    ///
    /// - Throws: ``Refusal/notFound(_:)`` or ``Refusal/ambiguous(_:)``.
    package func index(
        matching specifications: [String], in application: HostedApplication, className: ClassName
    ) async throws -> ClassIndex {
        let existing = try await storage.indexes.indexes(applicationId: application.applicationId, className: className)
        let matching = existing.filter { index in
            index.fields.count == specifications.count
                && zip(index.fields, specifications).allSatisfy { field, text in text == field.field.text || text == field.description }
        }
        let wanted = specifications.joined(separator: ",")
        guard matching.count == 1, let index = matching.first else {
            let known = existing.map(\.fieldList).joined(separator: "; ")
            if matching.isEmpty {
                throw Refusal.notFound("\(className.rawValue) has no index on \(wanted)\(known.isEmpty ? "" : " (its indexes: \(known))").")
            }
            throw Refusal.ambiguous("Several indexes of \(className.rawValue) match \(wanted): add the kinds, e.g. score:number.")
        }
        return index
    }

    /// Removes an index.
    package func remove(_ index: ClassIndex) async throws {
        try await storage.indexes.remove(applicationId: index.applicationId, className: index.className, fields: index.fields)
    }

    /// A suggestion as JSON: `{"className","fields":[{"field","kind"}],"shape","runs","totalMilliseconds",
    /// "maximumMilliseconds","lastSeen"}` (what `kumo classes index suggest --json` prints).
    package static func json(_ suggestion: IndexAdvisor.Suggestion) -> JSONValue {
        let record = suggestion.record
        return .object([
            "className": .string(suggestion.className.rawValue),
            "fields": .array(suggestion.fields.map { .object(["field": .string($0.field.text), "kind": .string($0.kind.rawValue)]) }),
            "shape": .string(record.shape), "runs": .integer(Int64(record.runs)), "totalMilliseconds": .double(record.totalMilliseconds),
            "maximumMilliseconds": .double(record.maximumMilliseconds), "lastSeen": .string(record.lastSeen.formatted),
        ])
    }
}
