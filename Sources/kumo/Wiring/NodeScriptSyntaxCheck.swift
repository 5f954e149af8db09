import Foundation
import KumoAdministration
import KumoScripts

/// `node --check` (``ScriptSyntaxCheck``) as the dashboard and `kumo scripts deploy` run it, on a thread of its own so
/// that the waiting never holds one of the server's.
struct NodeScriptSyntaxCheck: ScriptSyntaxChecking {
    /// `--node` (or `KUMO_NODE`), else `node` on `PATH`.
    let nodePath: String?

    func check(_ code: String, name: String) async throws -> ScriptSyntaxProblem? {
        let runtime: NodeRuntime
        switch NodeRuntime.locate(explicitPath: nodePath, searchPath: ProcessInfo.processInfo.environment["PATH"]) {
        case .success(let located): runtime = located
        case .failure(let error): throw ScriptSyntaxCheckUnavailable(reason: error.description)
        }
        let message = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try ScriptSyntaxCheck.check(code, name: name, runtime: runtime) })
            }
        }
        guard let message else { return nil }
        let (line, column) = ScriptSyntaxCheck.location(of: message, name: name)
        return ScriptSyntaxProblem(message: message, line: line, column: column)
    }
}
