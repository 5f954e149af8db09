import KumoMemberwise
package import NCMBWire

/// The index advisor (docs/decisions/0075-index-advisor.md): moves the slow runs a ``SlowQueryRecorder`` noted into
/// the database, turns the records into suggestions, and — when automatic indexing is on — creates the indexes that
/// the slowest shapes call for.
@PackageMemberwiseInit
package struct IndexAdvisor: Sendable {
    /// When the advisor creates indexes by itself (`kumo serve --auto-index`).
    @PackageMemberwiseInit
    package struct AutomaticIndexing: Sendable, Hashable {
        /// How many slow runs a shape needs before its index is created.
        package var minimumRuns: Int = 20
        /// How many indexes the advisor may create per class (indexes made by hand do not count).
        package var maximumPerClass: Int = 3
    }

    /// One suggested index, with the slow runs that call for it.
    package struct Suggestion: Sendable, Hashable {
        /// The class.
        package var className: ClassName
        /// The fields, in index order.
        package var fields: [IndexedField]
        /// The record behind it (the slowest shape in total when several call for the same index).
        package var record: QueryShapeRecord
    }

    /// Where records and indexes are stored.
    let store: any IndexStore
    /// Where the find path noted slow runs.
    let recorder: SlowQueryRecorder
    /// `nil` suggests only.
    let automaticIndexing: AutomaticIndexing?

    /// Records what the recorder noted and, with automatic indexing, creates the indexes now called for.
    ///
    /// - Returns: The indexes created, and how many runs the recorder had to drop since the last call.
    package func collect(now: WireDate) async throws -> (created: [IndexBuild], dropped: Int) {
        let (collected, dropped) = recorder.collect()
        let runs = try await withOrderKinds(collected)
        try await store.recordSlowQueries(runs)
        guard let automaticIndexing else { return ([], dropped) }
        var created: [IndexBuild] = []
        for applicationId in Set(runs.map(\.shape.applicationId)).sorted() {
            let records = try await store.slowQueries(applicationId: applicationId)
            var indexes = try await store.indexes(applicationId: applicationId, className: nil)
            for suggestion in IndexAdvisor.suggestions(records: records, indexes: indexes)
            where suggestion.record.runs >= automaticIndexing.minimumRuns {
                let automatic = indexes.filter { $0.className == suggestion.className && $0.origin == .automatic }
                guard automatic.count < automaticIndexing.maximumPerClass else { continue }
                let index = ClassIndex(
                    applicationId: applicationId, className: suggestion.className, fields: suggestion.fields,
                    origin: .automatic, createDate: now)
                let build = try await store.create(index)
                indexes.append(build.index)
                created.append(build)
            }
        }
        return (created, dropped)
    }

    /// The runs with the kind of each ordered field the request did not tell (``QueryShape/unkindedOrderField``): the
    /// orderable kind most of the class's objects hold in it, read once per class and field; a field that holds none
    /// stays unordered in the shape.
    func withOrderKinds(_ runs: [SlowQueryRun]) async throws -> [SlowQueryRun] {
        var kinds: [String: IndexValueKind?] = [:]
        var resolved = runs
        for position in resolved.indices {
            let shape = resolved[position].shape
            guard let field = shape.unkindedOrderField else { continue }
            let key = [shape.applicationId, shape.className.rawValue, field.text].joined(separator: "\u{1}")
            if kinds[key] == nil {
                let held = try await store.valueKinds(applicationId: shape.applicationId, className: shape.className, field: field)
                kinds[key] = .some(
                    held.filter(\.key.isOrderable).max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }?.key)
            }
            guard let kind = kinds[key] ?? nil else { continue }
            resolved[position].shape.orderedField = IndexedField(field, kind)
            resolved[position].shape.unkindedOrderField = nil
        }
        return resolved
    }

    /// The indexes the records call for that no existing index serves, slowest in total first, one per field list.
    package static func suggestions(records: [QueryShapeRecord], indexes: [ClassIndex]) -> [Suggestion] {
        var seen: Set<String> = []
        var suggestions: [Suggestion] = []
        for record in records.sorted(by: { $0.totalMilliseconds > $1.totalMilliseconds }) where !record.suggestion.isEmpty {
            let key = record.className.rawValue + " " + QueryShapeRecord.text(of: record.suggestion)
            guard !seen.contains(key) else { continue }
            let serving = indexes.contains { index in
                index.className == record.className && IndexAdvisor.serves(index, fields: record.suggestion)
            }
            guard !serving else { continue }
            seen.insert(key)
            suggestions.append(Suggestion(className: record.className, fields: record.suggestion, record: record))
        }
        return suggestions
    }

    /// Whether `index` starts with `fields`, the equality part in any order: all but the last suggested field may be
    /// equality fields, so the last must match in place and the others as a set.
    static func serves(_ index: ClassIndex, fields: [IndexedField]) -> Bool {
        guard index.fields.count >= fields.count, let last = fields.last else { return false }
        let leading = Array(index.fields.prefix(fields.count))
        return Set(leading.dropLast()) == Set(fields.dropLast()) && leading.last == last
    }
}
