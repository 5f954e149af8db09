import KumoMemberwise
package import KumoStorage
package import NCMBWire

/// Runs deployed scripts out of process (docs/wire/endpoints/scripts.md, "Status in Kumo"): the seam between
/// `KumoServer`'s `ScriptsController` and a runtime such as `KumoScripts`' pool of Node.js workers, which `kumo` wires
/// in. It lives here so that neither module imports the other.
///
/// The server knows nothing of processes: it hands over one call and gets back how it ended.
package protocol ScriptRunner: Sendable {
    /// Whether scripts can run, and if not, why (for the banner, the log and 503 answers).
    var availability: ScriptAvailability { get }

    /// Runs one call of a script and returns how it ended: answered, or failed in the script (thrown, timed out,
    /// crashed, answered too much).
    ///
    /// - Throws: ``ScriptRunnerError`` when the call could not start.
    func run(_ invocation: ScriptInvocation) async throws -> ScriptOutcome
}

/// Whether a ``ScriptRunner`` can run scripts.
package enum ScriptAvailability: Sendable, Hashable {
    /// Scripts run; `description` names the runtime, e.g. `Node.js v20.20.2 at /usr/bin/node`.
    case available(description: String)
    /// Scripts are off; `reason` says why and what to do, e.g. `node was not found on PATH`.
    case unavailable(reason: String)
}

/// Why a call could not start.
package enum ScriptRunnerError: Error, Sendable, Hashable {
    /// No runtime: 503 E503001, the reason logged.
    case unavailable(reason: String)
    /// The application already runs as many calls as it may and as many wait as may wait: 429 E429002.
    case tooBusy
}

/// One header of a script call (lower-case name, as Node.js and Express present it) or answer (as the script set it).
package typealias ScriptHeader = HeaderField

/// One call of a script, as the runtime needs it.
@PackageMemberwiseInit
package struct ScriptInvocation: Sendable, Hashable {
    /// The script to run (its code and version).
    package var script: StoredScript
    /// The application's script limits (time, answer size, calls at once).
    package var settings: ScriptSettings
    /// The method, upper case.
    package var method: String
    /// The request target as received: path and query (`req.url`).
    package var url: String
    /// The headers the script may see: everything but `Host` and the `X-NCMB-*` authentication headers.
    package var headers: [ScriptHeader]
    /// The decoded query items in wire order (`req.query`).
    package var query: [QueryItem]
    /// The JSON body of a POST or PUT (`req.body`); `nil` for GET and DELETE.
    package var body: JSONObject?
}

/// How a call ended, with what the script wrote to its console meanwhile.
@PackageMemberwiseInit
package struct ScriptOutcome: Sendable, Hashable {
    /// The answer, or the failure.
    package var result: Result<ScriptAnswer, ScriptFailure>
    /// The console output, in order (bounded by the runtime).
    package var console: [ScriptConsoleLine] = []
}

/// A script's answer: status, headers and raw body, sent back unchanged.
@PackageMemberwiseInit
package struct ScriptAnswer: Sendable, Hashable {
    /// The HTTP status, 200…599.
    package var status: Int
    /// The headers the script set, in the order it set them.
    package var headers: [ScriptHeader] = []
    /// The body bytes.
    package var body: [UInt8] = []
}

/// A call that ran and failed; the client gets 500 with NCMB error JSON, the execution log gets the details.
package struct ScriptFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: String, Sendable, Hashable {
        /// The script threw (synchronously, in a promise or in a callback) or could not be loaded.
        case threw
        /// It did not answer within the application's time limit; its worker was killed.
        case timedOut
        /// Its answer was larger than the application's limit.
        case responseTooLarge
        /// Its worker died: `process.exit`, the heap limit, a fatal error; the worker was replaced.
        case crashed
    }

    /// What went wrong.
    package var kind: Kind
    /// The error's message (`Error: …` as Node prints it, or Kumo's description).
    package var message: String
    /// The JavaScript stack, when there is one.
    package var stack: String?

    /// Creates a failure.
    package init(_ kind: Kind, message: String, stack: String? = nil) {
        self.kind = kind
        self.message = message
        self.stack = stack
    }

    package var description: String { "\(kind.rawValue): \(message)" }
}

/// The runner of a server without a script runtime: every call answers 503 with `reason` in the log.
package struct UnavailableScriptRunner: ScriptRunner {
    /// Why scripts are off.
    package let reason: String

    /// Creates the runner; the default reason is that no runtime was wired (library use and tests).
    package init(reason: String = "no script runtime is configured") {
        self.reason = reason
    }

    package var availability: ScriptAvailability { .unavailable(reason: reason) }

    package func run(_ invocation: ScriptInvocation) async throws -> ScriptOutcome {
        throw ScriptRunnerError.unavailable(reason: reason)
    }
}
