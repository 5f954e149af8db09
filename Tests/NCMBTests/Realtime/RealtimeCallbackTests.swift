import Foundation
import NCMB
import Testing

/// `subscribeInBackground(callback:)`: the callback form of a subscription, for code that is not async.
@Suite(.timeLimit(.minutes(1))) struct RealtimeCallbackTests {
    let harness = RealtimeHarness()

    /// What the callback saw: event summaries, or `failure: …`, and whether any call came on the main thread.
    final class CallbackLog: Sendable {
        let calls = AsyncLog<String>()
        let onMainThread = Locked(false)

        /// The callback to hand to the SDK.
        func callback(_ result: NCMBResult<NCMBRealtimeEvent<NCMBObject>>) {
            if Thread.isMainThread { onMainThread.withLock { $0 = true } }
            switch result {
            case .success(let event): calls.append(event.summary)
            case .failure(let error): calls.append("failure: \(error)")
            }
        }
    }

    // MARK: Tests

    @Test func eachEventIsReportedInOrderOffTheMainThread() async throws {
        let log = CallbackLog()
        let connection = harness.connector.expectConnection()

        let subscription = harness.query().subscribeInBackground { log.callback($0) }
        _ = try await connection.sent.first(1)
        connection.serverSends([
            ServerMessage.subscribed, ServerMessage.event("create", #"{"objectId":"a1"}"#),
            ServerMessage.event("delete", #"{"objectId":"a1"}"#),
        ])
        let calls = try await log.calls.first(3)
        subscription.cancel()

        #expect(calls == ["subscribed", "create {className=Chat,objectId=a1}", "delete {className=Chat,objectId=a1}"])
        #expect(!log.onMainThread.current)
    }

    @Test func cancelClosesTheConnectionAndStopsTheCallbacks() async throws {
        let log = CallbackLog()
        let connection = harness.connector.expectConnection()
        let subscription = harness.query().subscribeInBackground { log.callback($0) }
        _ = try await connection.sent.first(1)
        connection.serverSends(ServerMessage.subscribed)
        _ = try await log.calls.first(1)

        subscription.cancel()
        try await connection.calls.waitUntil("the close") { $0 == ["close"] }
        connection.serverSends(ServerMessage.event("create", #"{"objectId":"late"}"#))

        #expect(subscription.isCancelled)
        #expect(log.calls.elements == ["subscribed"])
    }

    @Test func anEndingErrorIsReportedOnceAsTheLastCall() async throws {
        let log = CallbackLog()
        let connection = harness.connector.expectConnection()

        let subscription = harness.query().subscribeInBackground { log.callback($0) }
        _ = try await connection.sent.first(1)
        connection.serverSends([ServerMessage.subscribed, ServerMessage.error("E403001", requestId: 1)])
        let calls = try await log.calls.first(2)
        try await connection.calls.waitUntil("the close") { $0 == ["close"] }

        #expect(calls == ["subscribed", "failure: E403001 message of E403001"])
        #expect(log.calls.elements.count == 2)
        #expect(!subscription.isCancelled)
    }

    @Test func theNextEventWaitsForTheCallbackToReturn() async throws {
        let log = CallbackLog()
        let release = DispatchSemaphore(value: 0)
        let connection = harness.connector.expectConnection()

        let subscription = harness.query().subscribeInBackground { result in
            log.callback(result)
            if case .success(.subscribed) = result { release.wait() }
        }
        _ = try await connection.sent.first(1)
        connection.serverSends([ServerMessage.subscribed, ServerMessage.event("create", #"{"objectId":"a1"}"#)])
        _ = try await log.calls.first(1)
        try await connection.fromServer.waits.waitUntil("the driver to take both messages") { $0.count >= 2 }
        let whileBlocked = log.calls.elements
        release.signal()
        let calls = try await log.calls.first(2)
        subscription.cancel()

        #expect(whileBlocked == ["subscribed"])
        #expect(calls == ["subscribed", "create {className=Chat,objectId=a1}"])
    }
}
