import HTTPTypes
import HummingbirdTesting
import KumoSeams
import NIOCore
import KumoScripts
import KumoServer
import KumoStorage
import NCMBWire
import Testing

/// Bounded concurrency per application: beyond its running and queued calls, a call is refused with 429 E429002.
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct ScriptConcurrencyTests {
    @Test func callsBeyondTheApplicationsQueueAreRefused() async throws {
        try await TestNode.withRunner { runner in
            var settings = ScriptSettings()
            settings.maximumConcurrentExecutions = 1
            settings.maximumQueuedExecutions = 0
            settings.timeoutMilliseconds = 60_000
            // The first call never answers and holds the application's only slot; the second is refused at once.
            let script = StoredScript(
                applicationId: "app", name: "wait.js", code: "module.exports = () => {};", versionHash: "1",
                createDate: .init(millisecondsSince1970: 0), updateDate: .init(millisecondsSince1970: 0))
            let invocation = ScriptInvocation(
                script: script, settings: settings, method: "GET", url: "/", headers: [], query: [], body: nil)
            let first = Task { try await runner.run(invocation) }
            await runner.waitUntilRunning(applicationId: "app")
            await #expect(throws: ScriptRunnerError.tooBusy) { try await runner.run(invocation) }
            // Stopping the runner ends the first call: its worker is killed (a crash) or, when the stop comes while the
            // worker still starts, the call finds the runtime gone (unavailable). It never answers.
            await runner.shutDown()
            switch await first.result {
            case .success(let outcome):
                guard case .failure(let failure) = outcome.result else {
                    Issue.record("the stopped call answered: \(outcome)")
                    return
                }
                #expect(failure.kind == .crashed)
            case .failure(let error):
                // Which start step the stop interrupts (the worker's exit, or its egress relay's socket going away)
                // decides the reason; either way the call is unavailable.
                guard case .unavailable? = error as? ScriptRunnerError else {
                    Issue.record("the stopped call failed otherwise: \(error)")
                    return
                }
            }
        }
    }
}
