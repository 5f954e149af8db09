import Foundation
import HTTPTypes
import Hummingbird
import KumoAdministration
import KumoSeams
import KumoStorage
import NCMBWire

/// `/apps/{app}/scripts…` (docs/dashboard.md#scripts): the list with the application's limits, one script with its
/// code, deploy (``AdministrationScripts``, as `kumo scripts deploy`), enable/disable and run permission, remove, a
/// test run as an NCMB call through ``AdministratorCalls``, and the execution log. Changes and runs are audited.
struct ScriptsController: Sendable {
    let environment: DashboardEnvironment

    /// The most log entries one page holds.
    static let maximumLogPage = 200

    func handle(
        _ request: DashboardAPIRoute.ScriptsRequest, application: HostedApplication, call: DashboardAPI.Call
    ) async throws -> Response {
        switch request {
        case .list: return try await list(application)
        case .get(let name): return try await get(name, application: application)
        case .deploy(let name): return try await deploy(name, application: application, call: call)
        case .update(let name): return try await update(name, application: application, call: call)
        case .remove(let name): return try await remove(name, application: application, call: call)
        case .run(let name): return try await ScriptRun(environment: environment).run(name, application: application, call: call)
        case .executions(let script, let limit, let before):
            return try await executions(application, script: script, limit: limit, before: before)
        }
    }

    private func list(_ application: HostedApplication) async throws -> Response {
        let scripts = try await environment.storage.scripts.scripts(applicationId: application.applicationId)
        return DashboardResponses.json(
            .ok,
            [
                "results": .array(scripts.map { Self.json($0, includesCode: false) }),
                "limits": AdministrationSettings.json(application.settings.scripts),
            ])
    }

    private func get(_ name: String, application: HostedApplication) async throws -> Response {
        guard let script = try await environment.storage.scripts.script(applicationId: application.applicationId, name: name) else {
            return Self.noScript(name)
        }
        return DashboardResponses.json(.ok, Self.json(script, includesCode: true))
    }

    private func deploy(_ name: String, application: HostedApplication, call: DashboardAPI.Call) async throws -> Response {
        guard let body = DashboardAPI.object(call.body) else { return DashboardAnswers.invalid("body", "must be a JSON object.") }
        guard let code = body["code"]?.stringValue else {
            return DashboardAnswers.invalid("code", "must be the script's text.")
        }
        let permission: OperationPermission?
        switch Self.permission(body["runPermission"]) {
        case .success(let parsed): permission = parsed
        case .failure(let refusal): return refusal.response
        }
        let administration = environment.scripts
        let script: StoredScript
        let isNew: Bool
        do {
            let deployment = try await administration.prepare(
                name: name, bytes: Array(code.utf8), runPermission: permission, application: application)
            (script, isNew) = try await administration.store(deployment, application: application)
        } catch let refusal as AdministrationScripts.Refusal {
            return Self.response(for: refusal)
        } catch let unavailable as ScriptSyntaxCheckUnavailable {
            return DashboardResponses.error(.serviceUnavailable, code: "syntaxCheck", unavailable.description)
        }
        await environment.audit(
            call, "script.deploy", application: application, target: script.name,
            detail: [
                "version": .integer(Int64(script.version)), "versionHash": .string(script.versionHash),
                "runPermission": .string(script.runPermission.text),
            ])
        return DashboardResponses.json(isNew ? .created : .ok, Self.json(script, includesCode: false))
    }

    private func update(_ name: String, application: HostedApplication, call: DashboardAPI.Call) async throws -> Response {
        guard let body = DashboardAPI.object(call.body) else { return DashboardAnswers.invalid("body", "must be a JSON object.") }
        var isEnabled: Bool?
        if let value = body["enabled"] {
            guard case .bool(let flag) = value else { return DashboardAnswers.invalid("enabled", "must be true or false.") }
            isEnabled = flag
        }
        let permission: OperationPermission?
        switch Self.permission(body["runPermission"]) {
        case .success(let parsed): permission = parsed
        case .failure(let refusal): return refusal.response
        }
        guard isEnabled != nil || permission != nil else {
            return DashboardAnswers.invalid("enabled", "or runPermission must be given.")
        }
        let script: StoredScript
        do {
            script = try await environment.scripts.update(
                name: name, isEnabled: isEnabled, runPermission: permission, application: application)
        } catch let refusal as AdministrationScripts.Refusal {
            return Self.response(for: refusal)
        }
        var detail = JSONObject()
        if let isEnabled { detail["enabled"] = .bool(isEnabled) }
        if let permission { detail["runPermission"] = .string(permission.text) }
        await environment.audit(call, "script.update", application: application, target: script.name, detail: detail)
        return DashboardResponses.json(.ok, Self.json(script, includesCode: false))
    }

    private func remove(_ name: String, application: HostedApplication, call: DashboardAPI.Call) async throws -> Response {
        do {
            try await environment.scripts.remove(name: name, application: application)
        } catch let refusal as AdministrationScripts.Refusal {
            return Self.response(for: refusal)
        }
        await environment.audit(call, "script.remove", application: application, target: name)
        return DashboardResponses.json(.ok, JSONValue.object([:]))
    }

    private func executions(_ application: HostedApplication, script: String?, limit: String?, before: String?) async throws -> Response {
        if let script, !StoredScript.isValidName(script) {
            return DashboardAnswers.invalid("script", "must be a script's name, e.g. hello.js.")
        }
        var count = 50
        if let limit {
            guard let parsed = Int(limit), (1...Self.maximumLogPage).contains(parsed) else {
                return DashboardAnswers.invalid("limit", "must be a number from 1 to \(Self.maximumLogPage).")
            }
            count = parsed
        }
        var position: Int64?
        if let before {
            guard let parsed = Int64(before), parsed > 0 else {
                return DashboardAnswers.invalid("before", "must be the id of a log entry.")
            }
            position = parsed
        }
        let entries = try await environment.storage.scripts.recentExecutions(
            applicationId: application.applicationId, scriptName: script, before: position, limit: count)
        return DashboardResponses.json(.ok, ["results": .array(entries.reversed().map { .object(AdministrationScripts.json($0)) })])
    }

    /// A script as the API shows it.
    static func json(_ script: StoredScript, includesCode: Bool) -> JSONValue {
        var object: JSONObject = [
            "name": .string(script.name), "version": .integer(Int64(script.version)), "versionHash": .string(script.versionHash),
            "enabled": .bool(script.isEnabled), "runPermission": .string(script.runPermission.text),
            "size": .integer(Int64(script.code.utf8.count)), "createDate": .string(script.createDate.formatted),
            "updateDate": .string(script.updateDate.formatted),
        ]
        if includesCode { object["code"] = .string(script.code) }
        return .object(object)
    }

    /// A `runPermission` value: absent, or the text form (`public`, `authenticated`, `role:Admin,…`).
    static func permission(_ value: JSONValue?) -> Result<OperationPermission?, FieldRefusal> {
        guard let value else { return .success(nil) }
        guard let text = value.stringValue else {
            return .failure(FieldRefusal(field: "runPermission", message: "must be public, authenticated or role:NAME[,…]."))
        }
        do {
            let permission = try OperationPermission(text: text)
            try AdministrationScripts.check(permission)
            return .success(permission)
        } catch let error as OperationPermission.TextError {
            return .failure(FieldRefusal(field: "runPermission", message: error.description))
        } catch {
            return .failure(FieldRefusal(field: "runPermission", message: "lets nobody run the script; disable it instead."))
        }
    }

    /// The answer to a refusal of the shared administration.
    static func response(for refusal: AdministrationScripts.Refusal) -> Response {
        switch refusal {
        case .name: DashboardAnswers.invalid("name", "must be up to 100 of A-Z a-z 0-9 _ - ., ending in .js.")
        case .tooLarge(let size, let limit): DashboardAnswers.invalid("code", "has \(size) bytes; the application's limit is \(limit).")
        case .notText: DashboardAnswers.invalid("code", "must be UTF-8 text.")
        case .nobodyMayRun: DashboardAnswers.invalid("runPermission", "lets nobody run the script; disable it instead.")
        case .syntax(let problem):
            DashboardResponses.json(
                .badRequest,
                [
                    "code": "syntax", "error": .string(problem.message), "line": problem.line.map { .integer(Int64($0)) } ?? .null,
                    "column": problem.column.map { .integer(Int64($0)) } ?? .null,
                ])
        case .tooMany: DashboardResponses.error(.conflict, code: "scriptLimit", refusal.description)
        case .notFound(let name): noScript(name)
        }
    }

    static func noScript(_ name: String) -> Response {
        DashboardResponses.error(.notFound, code: "notFound", "No script is named \(name).")
    }
}

/// A field of a request body that was refused.
struct FieldRefusal: Error, Sendable {
    /// The field.
    var field: String
    /// Why.
    var message: String

    /// 400 `{"code":"invalid","field","error"}`.
    var response: Response { DashboardAnswers.invalid(field, message) }
}
