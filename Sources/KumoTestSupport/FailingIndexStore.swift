package import KumoStorage
package import NCMBWire
import Testing

/// An `IndexStore` whose every call fails with ``UnexpectedCall``; tests set the handlers of the calls they expect.
package struct FailingIndexStore: IndexStore {
    package var onIndexes: (@Sendable (String, ClassName?) async throws -> [ClassIndex])?
    package var onCreate: (@Sendable (ClassIndex) async throws -> IndexBuild)?
    package var onRecordSlowQueries: (@Sendable ([SlowQueryRun]) async throws -> Void)?
    package var onSlowQueries: (@Sendable (String) async throws -> [QueryShapeRecord])?

    /// Creates a store where every call fails.
    package init() {}

    package func indexes(applicationId: String, className: ClassName?) async throws -> [ClassIndex] {
        guard let onIndexes else { throw UnexpectedCall("IndexStore.indexes", applicationId) }
        return try await onIndexes(applicationId, className)
    }

    package func create(_ index: ClassIndex) async throws -> IndexBuild {
        guard let onCreate else { throw UnexpectedCall("IndexStore.create", index.name) }
        return try await onCreate(index)
    }

    package func remove(applicationId: String, className: ClassName, fields: [IndexedField]) async throws {
        throw UnexpectedCall("IndexStore.remove", className.rawValue)
    }

    package func valueKinds(applicationId: String, className: ClassName, field: FieldPath) async throws -> [IndexValueKind: Int] {
        throw UnexpectedCall("IndexStore.valueKinds", field.text)
    }

    package func queryPlan(_ request: FindRequest, access: AccessContext, count: Bool) async throws -> [String] {
        throw UnexpectedCall("IndexStore.queryPlan", request.className.rawValue)
    }

    package func recordSlowQueries(_ runs: [SlowQueryRun]) async throws {
        guard let onRecordSlowQueries else { throw UnexpectedCall("IndexStore.recordSlowQueries", "\(runs.count)") }
        try await onRecordSlowQueries(runs)
    }

    package func slowQueries(applicationId: String) async throws -> [QueryShapeRecord] {
        guard let onSlowQueries else { throw UnexpectedCall("IndexStore.slowQueries", applicationId) }
        return try await onSlowQueries(applicationId)
    }

    package func clearSlowQueries(applicationId: String) async throws {
        throw UnexpectedCall("IndexStore.clearSlowQueries", applicationId)
    }
}
