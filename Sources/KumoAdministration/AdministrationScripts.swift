import Crypto
import Foundation
import KumoMemberwise
package import KumoSeams
package import KumoStorage
package import NCMBWire

/// Deploys, enables, disables and removes an application's scripts: the logic `kumo scripts` and the dashboard share
/// (docs/dashboard.md#scripts, docs/decisions/0086-dashboard-scripts-through-the-cli-logic.md). A deployment is
/// checked whole (name, size, UTF-8, run permission, Node's syntax check) before anything is stored.
package struct AdministrationScripts: Sendable {
    /// A refused deployment or change, with a message for the operator.
    package enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name is not a script name.
        case name(String)
        /// The code is larger than the application's limit, in bytes.
        case tooLarge(size: Int, limit: Int)
        /// The code is not UTF-8 text.
        case notText
        /// The run permission lets nobody run the script.
        case nobodyMayRun
        /// Node's syntax check refused the code.
        case syntax(ScriptSyntaxProblem)
        /// The application has as many scripts as it may.
        case tooMany(limit: Int)
        /// No such script.
        case notFound(String)

        package var description: String {
            switch self {
            case .name(let name): "'\(name)' is not a script name: up to 100 of A-Z a-z 0-9 _ - ., ending in .js"
            case .tooLarge(let size, let limit): "the script has \(size) bytes; the application's limit is \(limit)"
            case .notText: "the script is not UTF-8 text"
            case .nobodyMayRun: "a script nobody may run cannot be called; disable it instead"
            case .syntax(let problem): "the script does not compile:\n\(problem.message)"
            case .tooMany(let limit): "the application has \(limit) scripts, its limit"
            case .notFound(let name): "there is no script named \(name)"
            }
        }
    }

    let storage: any StorageBackend
    let syntaxCheck: any ScriptSyntaxChecking
    let clock: any WallClock

    /// Creates the administration.
    package init(storage: any StorageBackend, syntaxCheck: any ScriptSyntaxChecking, clock: any WallClock = SystemWallClock()) {
        self.storage = storage
        self.syntaxCheck = syntaxCheck
        self.clock = clock
    }

    /// Checks a script file for `application` without storing it: its name, size, encoding, run permission and syntax.
    ///
    /// - Throws: ``Refusal``; ``ScriptSyntaxCheckUnavailable`` when there is no Node.js to check with.
    package func prepare(
        name: String, bytes: [UInt8], runPermission: OperationPermission?, application: HostedApplication
    ) async throws -> ScriptDeployment {
        guard StoredScript.isValidName(name) else { throw Refusal.name(name) }
        let limit = application.settings.scripts.maximumFileSize
        guard bytes.count <= limit else { throw Refusal.tooLarge(size: bytes.count, limit: limit) }
        guard let code = String(validating: bytes, as: UTF8.self) else { throw Refusal.notText }
        if let runPermission { try Self.check(runPermission) }
        if let problem = try await syntaxCheck.check(code, name: name) { throw Refusal.syntax(problem) }
        return ScriptDeployment(
            applicationId: application.applicationId, name: name, code: code, versionHash: Self.versionHash(code),
            runPermission: runPermission)
    }

    /// Stores a prepared deployment: a new script, or the next version of an existing one.
    ///
    /// - Throws: ``Refusal/tooMany(limit:)`` when a new script would exceed the application's count.
    package func store(_ deployment: ScriptDeployment, application: HostedApplication) async throws -> (script: StoredScript, isNew: Bool) {
        let limit = application.settings.scripts.maximumCount
        do {
            let script = try await storage.scripts.deploy(deployment, maximumCount: limit, now: clock.now())
            return (script, script.version == 1)
        } catch StorageError.invalid(let error) where error.code == .passedLimit {
            throw Refusal.tooMany(limit: limit)
        }
    }

    /// Enables or disables a script and, when given, replaces its run permission.
    ///
    /// - Throws: ``Refusal/notFound(_:)``, ``Refusal/nobodyMayRun``.
    package func update(
        name: String, isEnabled: Bool?, runPermission: OperationPermission?, application: HostedApplication
    ) async throws -> StoredScript {
        if let runPermission { try Self.check(runPermission) }
        do {
            return try await storage.scripts.update(
                applicationId: application.applicationId, name: name, isEnabled: isEnabled, runPermission: runPermission,
                now: clock.now())
        } catch StorageError.notFound {
            throw Refusal.notFound(name)
        }
    }

    /// Removes a script (its log entries stay until they expire).
    ///
    /// - Throws: ``Refusal/notFound(_:)``.
    package func remove(name: String, application: HostedApplication) async throws {
        do {
            try await storage.scripts.remove(applicationId: application.applicationId, name: name)
        } catch StorageError.notFound {
            throw Refusal.notFound(name)
        }
    }

    /// Refuses a permission nobody passes: such a script can never be called.
    package static func check(_ permission: OperationPermission) throws(Refusal) {
        guard permission.isPublic || permission.allowsAuthenticatedUsers || !permission.roleNames.isEmpty else {
            throw Refusal.nobodyMayRun
        }
    }

    /// An execution log entry as `kumo scripts logs --json` prints it and the dashboard lists it: `id`, `time`,
    /// `script`, `method`, `status`, `durationMilliseconds`, `request`, `response`, `console`, and `error` and `stack`
    /// when there are.
    package static func json(_ entry: ScriptExecution) -> JSONObject {
        var object: JSONObject = [
            "id": entry.sequence.map { .integer($0) } ?? .null, "time": .string(entry.startedAt.formatted),
            "script": .string(entry.scriptName), "method": .string(entry.method), "status": .string(entry.status.rawValue),
            "durationMilliseconds": .integer(entry.durationMilliseconds), "request": .object(entry.request),
            "response": .object(entry.response),
            "console": .array(entry.console.map { ["level": .string($0.level), "text": .string($0.text)] }),
        ]
        if let error = entry.error { object["error"] = .string(error) }
        if let stack = entry.stack { object["stack"] = .string(stack) }
        return object
    }

    /// The version hash of `code`: its lowercase hex SHA-256, as workers cache compiled code by.
    package static func versionHash(_ code: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: Array(code.utf8)) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Node's syntax check of a script, which `kumo` wires from `KumoScripts` (`node --check`): the dashboard cannot import
/// the runtime, so it receives the check through this seam.
package protocol ScriptSyntaxChecking: Sendable {
    /// Checks `code`, named `name` in the messages.
    ///
    /// - Returns: `nil` when the code compiles, else the problem.
    /// - Throws: ``ScriptSyntaxCheckUnavailable`` when there is no Node.js; other errors when it could not run.
    func check(_ code: String, name: String) async throws -> ScriptSyntaxProblem?
}

/// Why a script does not compile: Node's message and, when it names them, the line and column (from 1).
@PackageMemberwiseInit
package struct ScriptSyntaxProblem: Sendable, Hashable {
    /// Node's message: `hello.js:3`, the offending line with its caret, and the `SyntaxError` line.
    package var message: String
    /// The line, from 1.
    package var line: Int?
    /// The column, from 1.
    package var column: Int?
}

/// There is no Node.js to check scripts with.
@PackageMemberwiseInit
package struct ScriptSyntaxCheckUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, e.g. `node was not found on PATH`.
    package var reason: String

    package var description: String { "scripts are syntax-checked with Node.js before they are stored: \(reason)" }
}

/// The check of a server without Node.js: every deployment is refused with the reason.
@PackageMemberwiseInit
package struct UnavailableScriptSyntaxCheck: ScriptSyntaxChecking {
    /// Why there is no check.
    package var reason: String

    package func check(_ code: String, name: String) async throws -> ScriptSyntaxProblem? {
        throw ScriptSyntaxCheckUnavailable(reason: reason)
    }
}
