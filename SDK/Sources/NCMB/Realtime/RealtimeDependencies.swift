package import Foundation

/// What realtime subscriptions use besides the context's keys: the WebSocket client, time, randomness and limits.
///
/// The live value uses the platform's WebSocket client and real time; tests give a fake connector, a `sleep` that
/// returns when the test says, and a fixed `random` (docs/style.md, guideline 5).
package struct RealtimeDependencies: Sendable {
    /// Opens the WebSocket connections.
    package var connector: any WebSocketConnector
    /// Waits the given number of seconds; throws `CancellationError` when the task is cancelled.
    package var sleep: @Sendable (TimeInterval) async throws -> Void
    /// A number in `0..<1`, for the jitter of the reconnection delays.
    package var random: @Sendable () -> Double
    /// The delays between reconnection attempts.
    package var backoff: RealtimeBackoff
    /// Seconds between two pings the SDK sends to check that the connection is alive; `nil` for none. Defaults to 30.
    package var pingInterval: TimeInterval?
    /// Seconds a pong may take before the connection is taken for lost. Defaults to 10.
    package var pongTimeout: TimeInterval
    /// The largest message accepted from the server, in bytes. Defaults to 16 MiB.
    package var maximumMessageSize: Int
    /// The most events a subscription holds that the app has not taken yet. Defaults to 1,000.
    package var maximumBufferedEvents: Int

    /// Creates dependencies; every argument defaults to the live value.
    package init(
        connector: any WebSocketConnector = PlatformWebSocket.connector,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RealtimeDependencies.realSleep,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }, backoff: RealtimeBackoff = RealtimeBackoff(),
        pingInterval: TimeInterval? = 30, pongTimeout: TimeInterval = 10, maximumMessageSize: Int = 16 * 1024 * 1024,
        maximumBufferedEvents: Int = 1000
    ) {
        self.connector = connector
        self.sleep = sleep
        self.random = random
        self.backoff = backoff
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.maximumMessageSize = maximumMessageSize
        self.maximumBufferedEvents = maximumBufferedEvents
    }

    /// `Task.sleep` for the given number of seconds.
    package static let realSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1_000_000_000))
    }
}

/// The delays between reconnection attempts: exponential, bounded, with jitter
/// (docs/decisions/0096-realtime-subscriptions-in-the-sdk.md).
///
/// After `failures` failed attempts in a row the ceiling is `initialDelay × multiplier^failures`, at most
/// `maximumDelay`, and the delay is drawn uniformly from its upper half ("equal jitter"): clients that lost the same
/// server spread their reconnections, and none retries sooner than half the ceiling.
package struct RealtimeBackoff: Sendable, Equatable {
    /// The ceiling of the first delay, in seconds. Defaults to 1.
    package var initialDelay: TimeInterval
    /// How much the ceiling grows after each failure. Defaults to 2.
    package var multiplier: Double
    /// The largest ceiling, in seconds. Defaults to 60.
    package var maximumDelay: TimeInterval

    /// Creates a backoff.
    package init(initialDelay: TimeInterval = 1, multiplier: Double = 2, maximumDelay: TimeInterval = 60) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
    }

    /// The delay before the next attempt, in seconds.
    ///
    /// - Parameters:
    ///   - failures: Attempts that failed in a row, 0 for the first retry after a connection that worked.
    ///   - random: A number in `0..<1`; values outside are clamped.
    package func delay(afterFailures failures: Int, random: Double) -> TimeInterval {
        let exponent = Double(min(max(0, failures), 64))
        let ceiling = min(maximumDelay, initialDelay * pow(multiplier, exponent))
        let fraction = min(max(random, 0), 1)
        return ceiling / 2 + ceiling / 2 * fraction
    }
}
