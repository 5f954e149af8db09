import Foundation
import NCMB
import NCMBWire
import Testing

/// Reconnection with backoff, resubscription, keep-alive and cancellation, on an injected clock: no test waits for real
/// time (docs/decisions/0096-realtime-subscriptions-in-the-sdk.md).
@Suite(.timeLimit(.minutes(1))) struct RealtimeReconnectionTests {
    /// Subscribes on a new scripted connection and has the server confirm.
    func subscribe(_ harness: RealtimeHarness) async throws -> (EventRecorder, ScriptedWebSocketConnection) {
        let connection = harness.connector.expectConnection()
        let recorder = EventRecorder(harness.query().subscribe())
        _ = try await connection.sent.first(1)
        connection.serverSends(ServerMessage.subscribed)
        _ = try await recorder.events.first(1)
        return (recorder, connection)
    }

    // MARK: Backoff

    @Test func theDelayDoublesFromItsFirstCeilingUpToItsMaximumWithJitterInTheUpperHalf() {
        let backoff = RealtimeBackoff(initialDelay: 1, multiplier: 2, maximumDelay: 60)

        let lowest = (0..<8).map { backoff.delay(afterFailures: $0, random: 0) }
        let highest = (0..<8).map { backoff.delay(afterFailures: $0, random: 1) }

        #expect(lowest == [0.5, 1, 2, 4, 8, 16, 30, 30])
        #expect(highest == [1, 2, 4, 8, 16, 32, 60, 60])
    }

    @Test func outOfRangeInputsStayWithinTheBounds() {
        let backoff = RealtimeBackoff(initialDelay: 1, multiplier: 2, maximumDelay: 60)

        #expect(backoff.delay(afterFailures: -3, random: 0.5) == 0.75)
        #expect(backoff.delay(afterFailures: Int.max, random: 2) == 60)
        #expect(backoff.delay(afterFailures: 1_000, random: -1) == 30)
    }

    @Test func failedAttemptsAreRetriedAfterGrowingDelaysAndNoEventIsReportedForThem() async throws {
        let harness = RealtimeHarness(immediateSleeps: true)
        for number in [Int32(111), 111, 113, 111, 111] {
            harness.connector.expect(.fail(WebSocketError.connectionFailed(number)))
        }
        harness.connector.expect(.fail(WebSocketError.handshakeRejected(status: 503, body: [])))
        let connection = harness.connector.expectConnection()

        let recorder = EventRecorder(harness.query().subscribe())
        _ = try await connection.sent.first(1)
        connection.serverSends(ServerMessage.subscribed)
        let events = try await recorder.events.first(1)
        recorder.task.cancel()

        #expect(events == ["subscribed"])
        #expect(harness.sleeper.requested.elements == [0.75, 1.5, 3, 3, 3, 3])
        #expect(harness.connector.requests.elements.count == 7)
    }

    @Test func eachAttemptIsSignedAtItsOwnTime() async throws {
        let harness = RealtimeHarness(immediateSleeps: true)
        let ticks = Locked(0)
        var context = harness.context
        context.now = {
            testDate.addingTimeInterval(
                ticks.withLock { tick in
                    defer { tick += 1 }
                    return Double(tick)
                })
        }
        let query = NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "Chat") }
        harness.connector.expect(.fail(WebSocketError.timedOut))
        _ = harness.connector.expectConnection()

        let recorder = EventRecorder(query.subscribe())
        let requests = try await harness.connector.requests.first(2)
        recorder.task.cancel()

        #expect(requests.map { $0.headers["X-NCMB-Timestamp"] } == ["2009-02-13T23:31:30.000Z", "2009-02-13T23:31:31.000Z"])
        let expected = RequestSignature.signature(
            method: .get, host: "127.0.0.1", path: "/2013-09-01/realtime", rawQuery: nil, applicationKey: TestKeys.applicationKey,
            clientKey: TestKeys.clientKey, timestamp: "2009-02-13T23:31:31.000Z")
        #expect(requests[1].headers["X-NCMB-Signature"] == expected)
    }

    // MARK: Reconnection

    @Test func aLostConnectionIsReportedReconnectedAndResubscribed() async throws {
        let harness = RealtimeHarness()
        let (recorder, first) = try await subscribe(harness)
        let second = harness.connector.expectConnection()

        first.serverDrops(WebSocketError.closed(code: 1001, reason: "going away"))
        let delay = try await harness.sleeper.requested.element(at: 0)
        harness.sleeper.resume()
        let resent = try await second.sent.element(at: 0)
        second.serverSends([ServerMessage.subscribed, ServerMessage.event("create", #"{"objectId":"a2"}"#)])
        let events = try await recorder.events.first(4)
        recorder.task.cancel()

        #expect(events == ["subscribed", "disconnected", "subscribed", "create {className=Chat,objectId=a2}"])
        #expect(delay == RealtimeHarness.delay(afterFailures: 0))
        #expect(resent == first.sent.elements[0])
        #expect(first.isClosed.current)
    }

    @Test func theDisconnectionCarriesWhyTheConnectionWasLost() async throws {
        let harness = RealtimeHarness()
        let (recorder, connection) = try await subscribe(harness)

        connection.serverDrops(WebSocketError.closed(code: 4008, reason: "slow consumer"))
        let error = try await recorder.disconnections.element(at: 0)
        recorder.task.cancel()

        #expect(error as? WebSocketError == .closed(code: 4008, reason: "slow consumer"))
    }

    @Test func theDelayStartsAgainFromItsFirstCeilingAfterASubscriptionWasConfirmed() async throws {
        let harness = RealtimeHarness()
        let (recorder, first) = try await subscribe(harness)
        harness.connector.expect(.fail(WebSocketError.connectionFailed(111)))
        let third = harness.connector.expectConnection()
        let fourth = harness.connector.expectConnection()

        first.serverDrops()
        _ = try await harness.sleeper.requested.first(1)
        harness.sleeper.resume()
        _ = try await harness.sleeper.requested.first(2)
        harness.sleeper.resume()
        _ = try await third.sent.first(1)
        third.serverSends(ServerMessage.subscribed)
        third.serverDrops()
        _ = try await harness.sleeper.requested.first(3)
        harness.sleeper.resume()
        _ = try await fourth.sent.first(1)
        let events = try await recorder.events.first(4)
        recorder.task.cancel()

        #expect(harness.sleeper.requested.elements == [0.75, 1.5, 0.75])
        #expect(events == ["subscribed", "disconnected", "subscribed", "disconnected"])
    }

    @Test func aServerErrorOfTheConnectionIsRetried() async throws {
        let harness = RealtimeHarness()
        let (recorder, first) = try await subscribe(harness)
        let second = harness.connector.expectConnection()

        first.serverSends(ServerMessage.error("E503001"))
        let error = try await recorder.disconnections.element(at: 0)
        harness.sleeper.resume(try await harness.sleeper.requested.element(at: 0))
        _ = try await second.sent.first(1)
        recorder.task.cancel()

        #expect(error as? NCMBApiError == NCMBApiError(code: "E503001", message: "message of E503001"))
        #expect(first.isClosed.current)
    }

    @Test(arguments: [
        (ServerMessage.error("E503001", requestId: 1), "E503001"),  // the server may have missed changes
        (ServerMessage.error("E429001"), "E429001"),  // a slow consumer, or too many connections
    ])
    func errorsARetryCanFixResubscribeOnANewConnection(message: String, code: String) async throws {
        let harness = RealtimeHarness()
        let (recorder, first) = try await subscribe(harness)
        let second = harness.connector.expectConnection()

        first.serverSends(message)
        let error = try await recorder.disconnections.element(at: 0)
        harness.sleeper.resume(try await harness.sleeper.requested.element(at: 0))
        _ = try await second.sent.first(1)
        second.serverSends(ServerMessage.subscribed)
        let events = try await recorder.events.first(3)
        recorder.task.cancel()

        #expect((error as? NCMBApiError)?.description == "\(code) message of \(code)")
        #expect(events == ["subscribed", "disconnected", "subscribed"])
    }

    @Test func tooManySubscriptionsOnTheConnectionEndsTheStream() async throws {
        let harness = RealtimeHarness()
        let connection = harness.connector.expectConnection()
        let recorder = EventRecorder(harness.query().subscribe())
        _ = try await connection.sent.first(1)

        connection.serverSends(ServerMessage.error("E429001", requestId: 1))
        let error = try await recorder.endingError()

        #expect((error as? NCMBApiError)?.description == "E429001 message of E429001")
        #expect(harness.sleeper.requested.elements.isEmpty)
    }

    // MARK: Cancellation

    @Test func cancellingTheListeningTaskClosesTheConnectionAndEndsTheStreamWithoutError() async throws {
        let harness = RealtimeHarness()
        let (recorder, connection) = try await subscribe(harness)

        recorder.task.cancel()
        let error = try await recorder.endingError()

        #expect(error == nil)
        #expect(connection.calls.elements == ["close"])
    }

    @Test func leavingTheLoopClosesTheConnection() async throws {
        let harness = RealtimeHarness()
        let connection = harness.connector.expectConnection()
        connection.serverSends(ServerMessage.subscribed)

        for try await event in harness.query().subscribe() {
            #expect(event.summary == "subscribed")
            break
        }

        try await connection.calls.waitUntil("the close") { $0 == ["close"] }
    }

    @Test func cancellingWhileWaitingToReconnectStopsReconnecting() async throws {
        let harness = RealtimeHarness()
        let (recorder, connection) = try await subscribe(harness)

        connection.serverDrops()
        _ = try await harness.sleeper.requested.first(1)
        recorder.task.cancel()
        let error = try await recorder.endingError()

        #expect(error == nil)
        #expect(harness.connector.requests.elements.count == 1)
        #expect(harness.sleeper.pendingCount == 0)
    }

    @Test func cancellingWhileConnectingEndsTheStream() async throws {
        let harness = RealtimeHarness()
        let connection = harness.connector.expectConnection()

        let recorder = EventRecorder(harness.query().subscribe())
        _ = try await connection.sent.first(1)
        recorder.task.cancel()
        let error = try await recorder.endingError()

        #expect(error == nil)
        #expect(recorder.events.elements.isEmpty)
        #expect(connection.isClosed.current)
    }

    // MARK: Keep-alive

    @Test func aQuietConnectionIsPingedEveryInterval() async throws {
        let harness = RealtimeHarness(pingInterval: 30)
        let (recorder, connection) = try await subscribe(harness)
        connection.pongs.withLock { $0 = .immediate }

        for round in 1...3 {
            try await harness.sleeper.requested.waitUntil("ping interval \(round)") { $0.filter { $0 == 30 }.count >= round }
            harness.sleeper.resume(30)
            try await connection.calls.waitUntil("ping \(round)") { $0.filter { $0 == "ping" }.count >= round }
        }
        recorder.task.cancel()

        #expect(recorder.events.elements == ["subscribed"])
        #expect(connection.calls.elements.prefix(3) == ["ping", "ping", "ping"])
    }

    @Test func aPongThatDoesNotComeInTimeClosesTheConnectionAndReconnects() async throws {
        let harness = RealtimeHarness(pingInterval: 30)
        let (recorder, first) = try await subscribe(harness)
        first.pongs.withLock { $0 = .manual }
        let second = harness.connector.expectConnection()

        try await harness.sleeper.requested.waitUntil("the ping interval") { $0.contains(30) }
        harness.sleeper.resume(30)
        try await harness.sleeper.requested.waitUntil("the pong timeout") { $0.contains(10) }
        harness.sleeper.resume(10)
        let error = try await recorder.disconnections.element(at: 0)
        try await harness.sleeper.requested.waitUntil("the backoff") { $0.contains(0.75) }
        harness.sleeper.resume(0.75)
        _ = try await second.sent.first(1)
        recorder.task.cancel()

        #expect(error as? WebSocketError == .timedOut)
        #expect(first.calls.elements == ["ping", "close"])
    }

    @Test func aPongInTimeKeepsTheConnection() async throws {
        let harness = RealtimeHarness(pingInterval: 30)
        let (recorder, connection) = try await subscribe(harness)
        connection.pongs.withLock { $0 = .manual }

        try await harness.sleeper.requested.waitUntil("the ping interval") { $0.contains(30) }
        harness.sleeper.resume(30)
        try await connection.calls.waitUntil("the ping") { $0.contains("ping") }
        connection.pong()
        try await harness.sleeper.requested.waitUntil("the next ping interval") { $0.filter { $0 == 30 }.count == 2 }
        connection.serverSends(ServerMessage.event("create", #"{"objectId":"a1"}"#))
        let events = try await recorder.events.first(2)
        let calls = connection.calls.elements
        recorder.task.cancel()

        #expect(events == ["subscribed", "create {className=Chat,objectId=a1}"])
        #expect(calls == ["ping"])
    }
}
