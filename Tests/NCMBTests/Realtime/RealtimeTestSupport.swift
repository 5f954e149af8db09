import Foundation
import NCMB
import NCMBWire

/// A fake server, a controlled clock and a context for subscription tests: no socket, no real waiting.
struct RealtimeHarness {
    /// The connections the test scripts.
    let connector = ScriptedWebSocketConnector()
    /// The sleeps of the backoff and the keep-alive.
    let sleeper: ManualSleeper
    /// The SDK settings: documented keys, pinned clock, an HTTP transport that fails on any request.
    let context: NCMBContext

    /// The backoff of the tests: ceilings of 1, 2, 4, then 4 seconds.
    static let backoff = RealtimeBackoff(initialDelay: 1, multiplier: 2, maximumDelay: 4)
    /// The jitter of the tests: the middle of the upper half, so delays are ¾ of the ceiling.
    static let random = 0.5

    /// Creates a harness.
    ///
    /// - Parameters:
    ///   - pingInterval: Seconds between keep-alive pings; `nil` for none.
    ///   - immediateSleeps: Whether sleeps return at once instead of waiting for the test.
    init(
        domainURL: String = "http://127.0.0.1:8080/", pingInterval: TimeInterval? = nil, maximumBufferedEvents: Int = 1000,
        immediateSleeps: Bool = false
    ) {
        let sleeper = ManualSleeper(immediate: immediateSleeps)
        var context = NCMBContext.test(transport: RecordingTransport(), domainURL: domainURL)
        context.realtime = RealtimeDependencies(
            connector: connector, sleep: sleeper.sleep, random: { RealtimeHarness.random }, backoff: RealtimeHarness.backoff,
            pingInterval: pingInterval, pongTimeout: 10, maximumMessageSize: 1 << 20, maximumBufferedEvents: maximumBufferedEvents)
        self.sleeper = sleeper
        self.context = context
    }

    /// A query of `className` created in the harness's context.
    func query(_ className: String = "Chat") -> NCMBQuery<NCMBObject> {
        NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: className) }
    }

    /// The delay before an attempt after `failures` failures in a row.
    static func delay(afterFailures failures: Int) -> TimeInterval {
        backoff.delay(afterFailures: failures, random: random)
    }
}

/// The events of a stream as text, recorded by a task that iterates it.
final class EventRecorder: Sendable {
    /// The events so far (``NCMBRealtimeEvent/summary``) and how the stream ended.
    let events = AsyncLog<String>()
    /// The objects of the events, for checks of their type.
    let objects = AsyncLog<NCMBBase>()
    /// The errors of the `disconnected` events.
    let disconnections = AsyncLog<any Error>()
    /// The iterating task; cancel it to stop listening.
    let task: Task<Void, Never>

    /// Starts iterating `stream`.
    init<T: NCMBBase>(_ stream: AsyncThrowingStream<NCMBRealtimeEvent<T>, any Error>) {
        let events = self.events
        let objects = self.objects
        let disconnections = self.disconnections
        task = Task {
            do {
                for try await event in stream {
                    if let object = event.object { objects.append(object) }
                    if let error = event.disconnectionError { disconnections.append(error) }
                    events.append(event.summary)
                }
                events.finish(.success(()))
            } catch {
                events.finish(.failure(error))
            }
        }
    }

    /// The error the stream ended with; `nil` when it ended without one.
    func endingError() async throws -> (any Error)? {
        switch try await events.end() {
        case .success: nil
        case .failure(let error): error
        }
    }
}

extension NCMBRealtimeEvent {
    /// The event as text: `subscribed`, `disconnected`, or the kind and the object's class, objectId and fields
    /// (`create {className=Chat,objectId=a1,text=hi}`).
    var summary: String {
        switch self {
        case .subscribed: "subscribed"
        case .disconnected: "disconnected"
        case .create(let object): "create \(object)"
        case .update(let object): "update \(object)"
        case .delete(let object): "delete \(object)"
        case .enter(let object): "enter \(object)"
        case .leave(let object): "leave \(object)"
        }
    }

    /// The error of ``disconnected(_:)``.
    var disconnectionError: (any Error)? {
        if case .disconnected(let error) = self { return error }
        return nil
    }
}

/// Server messages of the tests.
enum ServerMessage {
    static let subscribed = #"{"op":"subscribed","requestId":1}"#

    /// An event of subscription 1 with `object`.
    static func event(_ kind: String, _ object: String) -> String {
        #"{"op":"\#(kind)","requestId":1,"object":\#(object)}"#
    }

    /// An error of the connection, or of subscription `requestId`.
    static func error(_ code: String, requestId: Int? = nil) -> String {
        let request = requestId.map { #","requestId":\#($0)"# } ?? ""
        return #"{"op":"error"\#(request),"code":"\#(code)","error":"message of \#(code)"}"#
    }
}
