import KumoMemberwise
package import NCMBWire

/// `ScriptStore` on any SQL engine: the shared ``ScriptStatements`` and ``ScriptExecutionStatements``, each call one
/// unit or one statement.
@PackageMemberwiseInit
package struct SQLScriptStore<Engine: SQLEngine>: ScriptStore {
    let engine: Engine

    package func script(applicationId: String, name: String) async throws -> StoredScript? {
        let statement = ScriptStatements.script(applicationId: applicationId, name: name, dialect: engine.dialect)
        return try await engine.rows(.pointLookup, statement).first
            .map(ScriptStatements.script)
    }

    package func scripts(applicationId: String) async throws -> [StoredScript] {
        return try await engine.rows(.singleStatement, ScriptStatements.scripts(applicationId: applicationId, dialect: engine.dialect))
            .map(ScriptStatements.script)
    }

    package func deploy(_ deployment: ScriptDeployment, maximumCount: Int, now: WireDate) async throws -> StoredScript {
        let dialect = engine.dialect
        let select = ScriptStatements.script(applicationId: deployment.applicationId, name: deployment.name, dialect: dialect)
        let count = ScriptStatements.count(applicationId: deployment.applicationId, dialect: dialect)
        return try await engine.write { executor in
            if var script = try await executor.rows(select).first.map(ScriptStatements.script) {
                script.code = deployment.code
                script.versionHash = deployment.versionHash
                script.version += 1
                script.runPermission = deployment.runPermission ?? script.runPermission
                script.updateDate = now
                _ = try await executor.rows(ScriptStatements.replace(script, dialect: dialect))
                return script
            }
            let existing = try await executor.rows(count).first?.integer("count") ?? 0
            guard existing < Int64(maximumCount) else { throw StorageError.invalid(APIError(.passedLimit)) }
            let script = StoredScript(
                applicationId: deployment.applicationId, name: deployment.name, code: deployment.code,
                versionHash: deployment.versionHash, runPermission: deployment.runPermission ?? .everyone, createDate: now,
                updateDate: now)
            _ = try await executor.rows(ScriptStatements.insert(script, dialect: dialect))
            return script
        }
    }

    package func update(
        applicationId: String, name: String, isEnabled: Bool?, runPermission: OperationPermission?, now: WireDate
    ) async throws -> StoredScript {
        let dialect = engine.dialect
        let select = ScriptStatements.script(applicationId: applicationId, name: name, dialect: dialect)
        return try await engine.write { executor in
            guard var script = try await executor.rows(select).first.map(ScriptStatements.script) else {
                throw StorageError.notFound
            }
            script.isEnabled = isEnabled ?? script.isEnabled
            script.runPermission = runPermission ?? script.runPermission
            script.updateDate = now
            _ = try await executor.rows(ScriptStatements.replace(script, dialect: dialect))
            return script
        }
    }

    package func remove(applicationId: String, name: String) async throws {
        let deleted = try await engine.write(ScriptStatements.delete(applicationId: applicationId, name: name, dialect: engine.dialect))
        if deleted.isEmpty { throw StorageError.notFound }
    }

    package func record(_ executions: [ScriptExecution]) async throws {
        guard !executions.isEmpty else { return }
        let statements = executions.map { ScriptExecutionStatements.insert($0, dialect: engine.dialect) }
        try await engine.write(statements)
    }

    package func recentExecutions(applicationId: String, scriptName: String?, before sequence: Int64?, limit: Int) async throws
        -> [ScriptExecution]
    {
        let statement = ScriptExecutionStatements.recent(
            applicationId: applicationId, scriptName: scriptName, before: sequence, limit: limit, dialect: engine.dialect)
        return try await engine.rows(.singleStatement, statement)
            .map(ScriptExecutionStatements.execution)
    }

    package func executions(applicationId: String, scriptName: String?, after sequence: Int64, limit: Int) async throws
        -> [ScriptExecution]
    {
        let statement = ScriptExecutionStatements.after(
            sequence, applicationId: applicationId, scriptName: scriptName, limit: limit, dialect: engine.dialect)
        return try await engine.rows(.singleStatement, statement)
            .map(ScriptExecutionStatements.execution)
    }

    package func pruneExecutions(startedBefore cutoff: WireDate, keeping: Int) async throws {
        let dialect = engine.dialect
        let applications = try await engine.read(.singleStatement) { executor in
            try await executor.rows(ScriptExecutionStatements.applications(dialect: dialect))
        }.compactMap { $0.string("application_id") }
        try await engine.write { executor in
            _ = try await executor.rows(ScriptExecutionStatements.deleteStarted(before: cutoff, dialect: dialect))
            for applicationId in applications {
                _ = try await executor.rows(
                    ScriptExecutionStatements.deleteOlderThanNewest(keeping, applicationId: applicationId, dialect: dialect))
            }
        }
    }
}
