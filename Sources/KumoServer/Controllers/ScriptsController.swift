import Hummingbird
import KumoMemberwise
import KumoSeams
import KumoStorage
import Logging
import NCMBWire

/// `GET | POST | PUT | DELETE /2015-09-01/script/{name}` (docs/wire/endpoints/scripts.md): finds the deployed script,
/// checks who may run it, hands the call to the environment's ``ScriptRunner`` and sends the script's answer back
/// unchanged. Every call that reaches a script is written to the execution log.
@PackageMemberwiseInit
package struct ScriptsController: Sendable {
    let environment: ServerEnvironment

    /// Headers a script never sees: the host and the NCMB authentication headers (docs/wire/endpoints/scripts.md).
    static let reservedHeaders: Set<String> = [
        "host", NCMBHeaderName.applicationKey.lowercased(), NCMBHeaderName.signature.lowercased(),
        NCMBHeaderName.timestamp.lowercased(), NCMBHeaderName.sessionToken.lowercased(),
    ]

    /// Runs one call.
    ///
    /// - Throws: 404 E404001 `"<name> not found"` for a missing or disabled script; 403 E403001 when the caller may not
    ///   run it; 503 E503001 without a runtime; 429 E429002 when the application runs and queues as many calls as it
    ///   may; 500 E500001 when the script throws, times out, crashes its worker or answers more than its limit.
    func run(_ call: ScriptRoute, request: Request, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        guard let script = try await environment.storage.scripts.script(applicationId: application.applicationId, name: call.name),
            script.isEnabled
        else { throw KumoError(.noDataAvailable, message: "\(call.name) not found") }
        let invocation = ScriptInvocation(
            script: script, settings: application.settings.scripts, method: call.method.rawValue, url: request.head.path ?? "/",
            headers: Self.scriptHeaders(of: request), query: call.query, body: call.method.hasBody ? call.body : nil)
        var entry = ScriptExecutionEntry(invocation: invocation, startedAt: environment.clock.now())
        do {
            try await authorize(script.runPermission, context: context)
            let started = ContinuousClock.now
            let outcome = try await execute(invocation)
            let duration = ContinuousClock.now - started
            entry.finish(outcome)
            await record(entry)
            switch outcome.result {
            case .success(let answer):
                environment.metrics.scriptRan(outcome: "success", duration: duration)
                return .script(answer)
            case .failure(let failure):
                environment.metrics.scriptRan(outcome: "failure", duration: duration)
                throw Self.error(for: failure, name: call.name)
            }
        } catch let error as KumoError {
            if !entry.isFinished {
                environment.metrics.scriptRan(outcome: "refused", duration: nil)
                entry.refuse(error)
                await record(entry)
            }
            throw error
        }
    }

    /// Throws 403 E403001 unless the caller passes the script's run permission (roles directly or inherited,
    /// docs/decisions/0004-role-inheritance.md). A dashboard administrator runs any enabled script.
    private func authorize(_ permission: OperationPermission, context: KumoRequestContext) async throws {
        if permission.isPublic { return }
        if case .administrator = context.identity { return }
        guard case .user(let userObjectId) = context.identity else {
            throw KumoError(.noAccessWithACL, underlying: "the script's run permission needs a signed-in user")
        }
        var roles: Set<String> = []
        if !permission.allowsAuthenticatedUsers && !permission.roleNames.isEmpty {
            let application = try context.requireApplication()
            roles = try await environment.storage.accounts.roleNames(applicationId: application.applicationId, userObjectId: userObjectId)
        }
        guard permission.allows(isSignedIn: true, roleNames: roles) else {
            throw KumoError(.noAccessWithACL, underlying: "the caller holds none of the script's run roles")
        }
    }

    /// Hands the call to the runner; a call that could not start becomes 503 or 429.
    private func execute(_ invocation: ScriptInvocation) async throws -> ScriptOutcome {
        if case .unavailable(let reason) = environment.scripts.availability {
            throw KumoError(.serviceUnavailable, underlying: "scripts are off: \(reason)")
        }
        do {
            return try await environment.scripts.run(invocation)
        } catch ScriptRunnerError.unavailable(let reason) {
            throw KumoError(.serviceUnavailable, underlying: "scripts are off: \(reason)")
        } catch ScriptRunnerError.tooBusy {
            throw KumoError(
                .tooManyRequests,
                underlying: "the application runs \(invocation.settings.maximumConcurrentExecutions) script calls and queues "
                    + "\(invocation.settings.maximumQueuedExecutions)")
        }
    }

    /// The 500 answer for a failed call: NCMB error JSON naming the script, the details in the log.
    static func error(for failure: ScriptFailure, name: String) -> KumoError {
        let message =
            switch failure.kind {
            case .threw: "\(name) failed."
            case .timedOut: "\(name) timed out."
            case .responseTooLarge: "\(name) answered more than the response size limit."
            case .crashed: "\(name) stopped its worker."
            }
        return KumoError(.systemError, message: message, underlying: failure.description)
    }

    /// The request headers a script sees: names in lower case, the reserved ones left out.
    static func scriptHeaders(of request: Request) -> [ScriptHeader] {
        request.headers.compactMap { field in
            let name = field.name.canonicalName
            return reservedHeaders.contains(name) ? nil : ScriptHeader(name: name, value: field.value)
        }
    }

    /// Writes an entry through the environment's recorder, or straight to storage without one.
    private func record(_ entry: ScriptExecutionEntry) async {
        let execution = entry.execution()
        if let recorder = environment.scriptExecutions {
            await recorder.record(execution)
            return
        }
        do {
            try await environment.storage.scripts.record([execution])
        } catch {
            environment.logger.error(
                "Script execution log entry could not be written", metadata: ["error": "\(String(describing: error))"])
        }
    }
}
