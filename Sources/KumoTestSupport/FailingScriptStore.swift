package import KumoStorage
package import NCMBWire
import Testing

/// A `ScriptStore` that fails the running test on every call the test did not provide.
package struct FailingScriptStore: ScriptStore {
    package var onScript: (@Sendable (String, String) async throws -> StoredScript?)?
    package var onScripts: (@Sendable (String) async throws -> [StoredScript])?
    package var onDeploy: (@Sendable (ScriptDeployment, Int, WireDate) async throws -> StoredScript)?
    package var onUpdate: (@Sendable (String, String, Bool?, OperationPermission?, WireDate) async throws -> StoredScript)?
    package var onRemove: (@Sendable (String, String) async throws -> Void)?
    package var onRecord: (@Sendable ([ScriptExecution]) async throws -> Void)?
    package var onRecentExecutions: (@Sendable (String, String?, Int64?, Int) async throws -> [ScriptExecution])?
    package var onExecutions: (@Sendable (String, String?, Int64, Int) async throws -> [ScriptExecution])?
    package var onPruneExecutions: (@Sendable (WireDate, Int) async throws -> Void)?

    /// Creates a store where every call fails.
    package init() {}

    package func script(applicationId: String, name: String) async throws -> StoredScript? {
        guard let onScript else { throw UnexpectedCall("ScriptStore.script", name) }
        return try await onScript(applicationId, name)
    }

    package func scripts(applicationId: String) async throws -> [StoredScript] {
        guard let onScripts else { throw UnexpectedCall("ScriptStore.scripts", applicationId) }
        return try await onScripts(applicationId)
    }

    package func deploy(_ deployment: ScriptDeployment, maximumCount: Int, now: WireDate) async throws -> StoredScript {
        guard let onDeploy else { throw UnexpectedCall("ScriptStore.deploy", deployment.name) }
        return try await onDeploy(deployment, maximumCount, now)
    }

    package func update(
        applicationId: String, name: String, isEnabled: Bool?, runPermission: OperationPermission?, now: WireDate
    ) async throws -> StoredScript {
        guard let onUpdate else { throw UnexpectedCall("ScriptStore.update", name) }
        return try await onUpdate(applicationId, name, isEnabled, runPermission, now)
    }

    package func remove(applicationId: String, name: String) async throws {
        guard let onRemove else { throw UnexpectedCall("ScriptStore.remove", name) }
        try await onRemove(applicationId, name)
    }

    package func record(_ executions: [ScriptExecution]) async throws {
        guard let onRecord else { throw UnexpectedCall("ScriptStore.record", executions.map(\.scriptName)) }
        try await onRecord(executions)
    }

    package func recentExecutions(applicationId: String, scriptName: String?, before sequence: Int64?, limit: Int) async throws
        -> [ScriptExecution]
    {
        guard let onRecentExecutions else { throw UnexpectedCall("ScriptStore.recentExecutions", applicationId) }
        return try await onRecentExecutions(applicationId, scriptName, sequence, limit)
    }

    package func executions(applicationId: String, scriptName: String?, after sequence: Int64, limit: Int) async throws
        -> [ScriptExecution]
    {
        guard let onExecutions else { throw UnexpectedCall("ScriptStore.executions", sequence) }
        return try await onExecutions(applicationId, scriptName, sequence, limit)
    }

    package func pruneExecutions(startedBefore cutoff: WireDate, keeping: Int) async throws {
        guard let onPruneExecutions else { throw UnexpectedCall("ScriptStore.pruneExecutions", cutoff.formatted) }
        try await onPruneExecutions(cutoff, keeping)
    }
}
