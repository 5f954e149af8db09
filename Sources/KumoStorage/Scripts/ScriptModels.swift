import KumoMemberwise
package import NCMBWire

/// A deployed script of one application (docs/wire/endpoints/scripts.md, "Status in Kumo").
///
/// Scripts live in the database so that every instance runs the same version. `versionHash` (the SHA-256 of the code)
/// is what workers cache compiled code by: a version is loaded once per worker, however often it is called.
@PackageMemberwiseInit
package struct StoredScript: Sendable, Hashable {
    /// The owning application.
    package var applicationId: String
    /// The file name clients call, e.g. `hello.js`.
    package var name: String
    /// The JavaScript source, UTF-8.
    package var code: String
    /// The lowercase hex SHA-256 of `code`.
    package var versionHash: String
    /// 1 for the first deployment, one more for each replacement.
    package var version: Int = 1
    /// Whether calls run it; a disabled script answers 404 like a missing one.
    package var isEnabled: Bool = true
    /// Who may run it: everyone (the default), signed-in users, or holders of roles.
    package var runPermission: OperationPermission = .everyone
    /// When it was first deployed.
    package var createDate: WireDate
    /// When it was last deployed, enabled, disabled or given a new permission.
    package var updateDate: WireDate

    /// Whether `name` can name a script: at most 100 of `A-Z a-z 0-9 _ - .`, ending in `.js` after at least one other
    /// character, not starting with a dot.
    package static func isValidName(_ name: String) -> Bool {
        guard (4...100).contains(name.utf8.count), name.hasSuffix(".js"), !name.hasPrefix(".") else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }
}

/// What `ScriptStore.deploy` writes: a new script, or new code for an existing one.
@PackageMemberwiseInit
package struct ScriptDeployment: Sendable, Hashable {
    /// The owning application.
    package var applicationId: String
    /// The script's file name (``StoredScript/isValidName(_:)``).
    package var name: String
    /// The JavaScript source.
    package var code: String
    /// The lowercase hex SHA-256 of `code`.
    package var versionHash: String
    /// The run permission to set; `nil` keeps a replaced script's permission (a new script gets `.everyone`).
    package var runPermission: OperationPermission?
}

/// How one script call ended, as the execution log records it.
package enum ScriptExecutionStatus: String, Sendable, Hashable, CaseIterable {
    /// The script ran and answered.
    case done = "DONE"
    /// The call was refused before the script ran: run permission, too many calls at once, no Node.js.
    case before = "BEFORE"
    /// The script ran and failed: it threw, timed out, crashed its worker or answered more than the limit.
    case error = "ERROR"
}

/// One line a script wrote with `console.*` (or `process.stdout`/`process.stderr`).
@PackageMemberwiseInit
package struct ScriptConsoleLine: Sendable, Hashable {
    /// `log`, `info`, `warn`, `error`, `debug`, `stdout` or `stderr`.
    package var level: String
    /// The formatted text.
    package var text: String
}

/// One entry of the execution log: a script call with its request, answer, console output and error.
///
/// Bodies and output are stored truncated and with secrets redacted (the server prepares them); `request` holds
/// `headers`, `query` and `body`, `response` holds `status`, `headers` and `body`, both as the server recorded them.
@PackageMemberwiseInit
package struct ScriptExecution: Sendable, Hashable {
    /// The entry's position in the log, assigned by storage (increasing); `nil` before it is stored.
    package var sequence: Int64?
    /// The application whose script was called.
    package var applicationId: String
    /// The script's name as called.
    package var scriptName: String
    /// When the call arrived.
    package var startedAt: WireDate
    /// How long it took, in milliseconds.
    package var durationMilliseconds: Int64
    /// The method it was called with.
    package var method: String
    /// How it ended.
    package var status: ScriptExecutionStatus
    /// The request: `{"headers":{…},"query":[[name,value]…],"body":"…"}`.
    package var request: JSONObject = [:]
    /// The answer: `{"status":…,"headers":{…},"body":"…"}`; empty when there was none.
    package var response: JSONObject = [:]
    /// What the script wrote to its console.
    package var console: [ScriptConsoleLine] = []
    /// The error, for `error` and `before` entries.
    package var error: String?
    /// The JavaScript stack of the error, when there is one.
    package var stack: String?
}
