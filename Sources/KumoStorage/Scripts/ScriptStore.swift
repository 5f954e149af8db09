package import NCMBWire

/// Deployed scripts and their execution log (docs/wire/endpoints/scripts.md, "Status in Kumo"), per application.
///
/// Scripts are in the database so that every instance runs the same version; the log is shared the same way, so
/// `kumo scripts logs` shows the calls of every instance.
package protocol ScriptStore: Sendable {
    /// The script `name` of an application, enabled or not, or `nil`: one row by its key.
    func script(applicationId: String, name: String) async throws -> StoredScript?

    /// Every script of an application, sorted by name.
    func scripts(applicationId: String) async throws -> [StoredScript]

    /// Creates a script, or replaces the code of an existing one (its version goes up by one; it keeps being enabled or
    /// disabled, and keeps its run permission unless the deployment sets one).
    ///
    /// - Parameters:
    ///   - deployment: what to store.
    ///   - maximumCount: how many scripts the application may have; replacing a script never counts against it.
    ///   - now: the deployment time.
    /// - Returns: the stored script.
    /// - Throws: `StorageError.invalid(E429001)` when a new script would exceed `maximumCount`.
    func deploy(_ deployment: ScriptDeployment, maximumCount: Int, now: WireDate) async throws -> StoredScript

    /// Enables or disables a script and, when given, replaces its run permission.
    ///
    /// - Returns: the updated script.
    /// - Throws: `StorageError.notFound` for an unknown script.
    func update(applicationId: String, name: String, isEnabled: Bool?, runPermission: OperationPermission?, now: WireDate)
        async throws -> StoredScript

    /// Removes a script; its log entries stay until they expire.
    ///
    /// - Throws: `StorageError.notFound` for an unknown script.
    func remove(applicationId: String, name: String) async throws

    /// Appends entries to the execution log, in order, in one write.
    func record(_ executions: [ScriptExecution]) async throws

    /// The most recent `limit` log entries of an application (of one script when `scriptName` is given) before position
    /// `sequence` (of all when `nil`: the dashboard pages back with it), oldest first.
    func recentExecutions(applicationId: String, scriptName: String?, before sequence: Int64?, limit: Int) async throws
        -> [ScriptExecution]

    /// Log entries of an application (of one script when `scriptName` is given) after position `sequence`, oldest
    /// first, at most `limit`.
    func executions(applicationId: String, scriptName: String?, after sequence: Int64, limit: Int) async throws
        -> [ScriptExecution]

    /// Deletes log entries that started before `cutoff`, and all but the newest `keeping` entries of each application.
    func pruneExecutions(startedBefore cutoff: WireDate, keeping: Int) async throws
}

extension ScriptStore {
    /// The most recent `limit` log entries of an application (of one script when `scriptName` is given), oldest first.
    package func recentExecutions(applicationId: String, scriptName: String?, limit: Int) async throws -> [ScriptExecution] {
        try await recentExecutions(applicationId: applicationId, scriptName: scriptName, before: nil, limit: limit)
    }
}
