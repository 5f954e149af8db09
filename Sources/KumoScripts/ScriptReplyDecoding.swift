import Foundation
import KumoSeams
import KumoStorage
import NCMBWire

/// Turns a worker's reply into the outcome the server sends and logs.
enum ScriptReplyDecoding {
    /// The outcome of `reply`; a malformed `result` frame counts as a crash of the worker, and a worker that died of
    /// memory says so with the limit (`memoryMegabytes`).
    static func outcome(of reply: ScriptWorker.Reply, timeoutMilliseconds: Int, memoryMegabytes: Int) -> ScriptOutcome {
        switch reply {
        case .timedOut:
            return ScriptOutcome(
                result: .failure(ScriptFailure(.timedOut, message: "the script did not answer within \(timeoutMilliseconds) ms")))
        case .died(let reason):
            let markers = ["out of memory", "Allocation failed", "bad_alloc", "Cannot allocate memory"]
            guard markers.contains(where: reason.contains) else { return ScriptOutcome(result: .failure(ScriptFailure(.crashed, message: reason))) }
            let message = "the worker went over its memory limit (\(memoryMegabytes) MiB with the heap, --scripts-memory-mb) and was replaced: "
            return ScriptOutcome(result: .failure(ScriptFailure(.crashed, message: message + reason)))
        case .result(let frame):
            let console = (frame["console"]?.arrayValue ?? []).compactMap { line -> ScriptConsoleLine? in
                guard let object = line.objectValue, let level = object["level"]?.stringValue, let text = object["text"]?.stringValue
                else { return nil }
                return ScriptConsoleLine(level: level, text: text)
            }
            return ScriptOutcome(result: result(of: frame), console: console)
        }
    }

    private static func result(of frame: JSONObject) -> Result<ScriptAnswer, ScriptFailure> {
        if frame["ok"]?.boolValue == true {
            guard let status = frame["status"]?.integerValue, (200...599).contains(status),
                let body = Data(base64Encoded: frame["body"]?.stringValue ?? "")
            else { return .failure(ScriptFailure(.crashed, message: "the worker sent a malformed answer")) }
            let headers = (frame["headers"]?.arrayValue ?? []).compactMap { pair -> ScriptHeader? in
                guard let items = pair.arrayValue, items.count == 2, let name = items[0].stringValue, let value = items[1].stringValue
                else { return nil }
                return ScriptHeader(name: name, value: value)
            }
            return .success(ScriptAnswer(status: Int(status), headers: headers, body: Array(body)))
        }
        let error = frame["error"]?.objectValue ?? [:]
        let kind = error["kind"]?.stringValue.flatMap(ScriptFailure.Kind.init(rawValue:)) ?? .threw
        var message = error["message"]?.stringValue ?? "the script failed"
        if message.contains("Cannot find module") {
            message += " (modules are resolved from the folder given with --scripts-modules or KUMO_SCRIPTS_MODULES: run "
                + "`npm install <module>` there)"
        }
        return .failure(ScriptFailure(kind, message: message, stack: error["stack"]?.stringValue))
    }
}
