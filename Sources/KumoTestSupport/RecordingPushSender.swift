package import KumoSeams
package import KumoStorage
import Testing
import KumoSeamsTestSupport

/// A `PushNotificationSender` that records every send and answers scripted outcomes per device token.
///
/// A token without a script is answered `.delivered`, unless the sender was made with `failsOnUnscriptedDevices`: then
/// the send records a test issue (a push reached a device the test did not expect) and fails without retry.
package final class RecordingPushSender: PushNotificationSender {
    /// One recorded send.
    package struct Send: Sendable, Hashable {
        /// What was sent.
        package var notification: PushNotification
        /// Where it went.
        package var device: PushDevice
        /// The credentials it was sent with.
        package var credentials: PushSettings
    }

    private struct State: Sendable {
        var sends: [Send] = []
        var scripts: [String: [PushSendOutcome]] = [:]
        var inFlight = 0
        var maximumInFlight = 0
    }

    private let state = LockedBox(State())
    private let failsOnUnscriptedDevices: Bool
    private let delay: Duration?

    /// Creates a sender.
    ///
    /// - Parameters:
    ///   - failsOnUnscriptedDevices: Whether a send to a token without a script is a test failure.
    ///   - delay: How long each send takes (to observe concurrency); `nil` answers at once.
    package init(failsOnUnscriptedDevices: Bool = false, delay: Duration? = nil) {
        self.failsOnUnscriptedDevices = failsOnUnscriptedDevices
        self.delay = delay
    }

    /// Answers sends to `token` with `outcomes` in order; the last outcome repeats once the others are used.
    package func script(token: String, _ outcomes: PushSendOutcome...) {
        state.mutate { $0.scripts[token] = outcomes }
    }

    /// Every send so far, in the order they started.
    package var sends: [Send] { state.get().sends }

    /// The device tokens sent to so far, in the order the sends started.
    package var sentTokens: [String] { sends.map(\.device.deviceToken) }

    /// The most sends that were in flight at the same time.
    package var maximumInFlight: Int { state.get().maximumInFlight }

    /// Forgets the recorded sends (scripts stay).
    package func clearSends() { state.mutate { $0.sends = [] } }

    package func send(_ notification: PushNotification, to device: PushDevice, credentials: PushSettings) async -> PushSendOutcome {
        var outcome: PushSendOutcome?
        state.mutate { state in
            state.sends.append(Send(notification: notification, device: device, credentials: credentials))
            state.inFlight += 1
            state.maximumInFlight = max(state.maximumInFlight, state.inFlight)
            if var outcomes = state.scripts[device.deviceToken], let first = outcomes.first {
                outcome = first
                if outcomes.count > 1 { outcomes.removeFirst() }
                state.scripts[device.deviceToken] = outcomes
            }
        }
        if let delay { try? await Task.sleep(for: delay) }
        state.mutate { $0.inFlight -= 1 }
        if let outcome { return outcome }
        guard failsOnUnscriptedDevices else { return .delivered }
        Issue.record("Unexpected push to device \(device.installationId) (\(device.deviceType), token \(device.deviceToken))")
        return .failed(reason: "unexpected device", isRetryable: false)
    }
}
