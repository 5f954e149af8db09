package import KumoSeams
import KumoStorage
import Testing

/// A `ScriptRunner` that fails the running test on every call the test did not provide.
package struct FailingScriptRunner: ScriptRunner {
    /// What ``availability`` reports. Defaults to available.
    package var availability: ScriptAvailability = .available(description: "a test runner")
    package var onRun: (@Sendable (ScriptInvocation) async throws -> ScriptOutcome)?

    /// Creates a runner where every call fails.
    package init() {}

    package func run(_ invocation: ScriptInvocation) async throws -> ScriptOutcome {
        guard let onRun else { throw UnexpectedCall("ScriptRunner.run", invocation.script.name) }
        return try await onRun(invocation)
    }
}
