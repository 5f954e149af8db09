/// A condition a test waited for did not hold within its limit: the test fails with this error instead of hanging.
package struct WaitTimedOut: Error, CustomStringConvertible {
    /// What was waited for.
    package var what: String
    /// How long it was waited for.
    package var limit: Duration

    package var description: String { "\(what) did not happen within \(limit)" }
}

/// Waits until `condition` holds, looking again after each short pause, for at most `limit` (a condition with a bound,
/// never a fixed delay): past the limit it throws ``WaitTimedOut`` naming `what`, so a test that never sees its event
/// fails instead of hanging the suite.
package func waitUntil(
    _ what: String = "the condition", limit: Duration = .seconds(60), every pause: Duration = .milliseconds(5),
    _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while try await !condition() {
        guard clock.now < deadline else { throw WaitTimedOut(what: what, limit: limit) }
        try await Task.sleep(for: pause)
    }
}
