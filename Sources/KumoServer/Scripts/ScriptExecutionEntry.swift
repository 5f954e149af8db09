import KumoSeams
import KumoStorage
import NCMBWire

/// The execution log entry of one call while it runs: what was asked, then how it ended.
struct ScriptExecutionEntry {
    let invocation: ScriptInvocation
    let startedAt: WireDate
    private let started = ContinuousClock.now
    private var status = ScriptExecutionStatus.before
    private var response = JSONObject()
    private var console: [ScriptConsoleLine] = []
    private var error: String?
    private var stack: String?
    /// Whether the call reached the script (``finish(_:)``) or was refused (``refuse(_:)``).
    private(set) var isFinished = false

    /// Starts the entry of a call that arrived at `startedAt`.
    init(invocation: ScriptInvocation, startedAt: WireDate) {
        self.invocation = invocation
        self.startedAt = startedAt
    }

    /// Records how a call that ran ended: `DONE` with the answer, or `ERROR` with the failure.
    mutating func finish(_ outcome: ScriptOutcome) {
        isFinished = true
        console = Self.bounded(outcome.console)
        switch outcome.result {
        case .success(let answer):
            status = .done
            response = [
                "status": .integer(Int64(answer.status)),
                "headers": ScriptLogRedaction.headers(answer.headers.map { ($0.name, $0.value) }),
                "body": .string(ScriptLogRedaction.body(answer.body)),
            ]
        case .failure(let failure):
            status = .error
            error = failure.description
            stack = failure.stack.map { ScriptLogRedaction.truncated($0, to: ScriptLogRedaction.maximumStackBytes) }
        }
    }

    /// Records a call refused before its script ran (`BEFORE`): run permission, no runtime, too many calls.
    mutating func refuse(_ refusal: KumoError) {
        isFinished = true
        status = .before
        error = refusal.description
    }

    /// The entry to store.
    func execution() -> ScriptExecution {
        let elapsed = ContinuousClock.now - started
        var request: JSONObject = [
            "headers": ScriptLogRedaction.headers(invocation.headers.map { ($0.name, $0.value) }),
            "query": ScriptLogRedaction.query(invocation.query),
        ]
        if let body = invocation.body { request["body"] = .string(ScriptLogRedaction.body(body)) }
        return ScriptExecution(
            applicationId: invocation.script.applicationId, scriptName: invocation.script.name, startedAt: startedAt,
            durationMilliseconds: elapsed.wholeMilliseconds,
            method: invocation.method, status: status, request: request, response: response, console: console, error: error,
            stack: stack)
    }

    /// The console lines that fit in ``ScriptLogRedaction/maximumConsoleBytes``, then a note of what was cut.
    private static func bounded(_ lines: [ScriptConsoleLine]) -> [ScriptConsoleLine] {
        var kept: [ScriptConsoleLine] = []
        var budget = ScriptLogRedaction.maximumConsoleBytes
        for line in lines {
            guard budget > 0 else {
                kept.append(ScriptConsoleLine(level: "kumo", text: "[\(lines.count - kept.count) more lines not kept]"))
                break
            }
            let text = ScriptLogRedaction.truncated(line.text, to: budget)
            budget -= text.utf8.count
            kept.append(ScriptConsoleLine(level: line.level, text: text))
        }
        return kept
    }
}
