import Foundation
import KumoTestSupport
import NCMB
import Testing

/// Realtime subscriptions of the SDK against a real `kumo serve` process over real TCP: the SDK's own WebSocket client
/// on Linux, real time, and a server that dies and comes back on the same port.
@Suite(.serialized, .timeLimit(.minutes(3))) struct RealtimeEndToEndTests {
    /// An SDK context for `kumo`, with reconnection delays short enough for a test (a fifth of a second, up to one).
    func context(_ kumo: KumoProcess) -> NCMBContext {
        NCMBContext(
            applicationKey: kumo.applicationKey, clientKey: kumo.clientKey, domainURL: "http://127.0.0.1:\(kumo.port)/",
            transport: URLSessionTransport(),
            realtime: RealtimeDependencies(backoff: RealtimeBackoff(initialDelay: 0.2, multiplier: 2, maximumDelay: 1)))
    }

    /// Saves a `Chat` object with `text` through `context`.
    func say(_ text: String, in context: NCMBContext) async throws {
        try await NCMBContext.$current.withValue(context) {
            let message = NCMBObject(className: "Chat")
            message["text"] = text
            try await message.save()
        }
    }

    // MARK: Tests

    @Test func aSubscriptionReceivesChangesAndIsLiveAgainAfterTheServerRestarts() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        defer { kumo.stop() }
        let context = context(kumo)
        let query = NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "Chat") }
        let recorder = SubscriptionRecorder(query.subscribe(keys: ["text"]))
        defer { recorder.task.cancel() }
        #expect(try await recorder.first(1) == ["subscribed"])

        try await say("before", in: context)
        _ = try await recorder.first(2)
        let port = kumo.port
        kumo.kill()
        _ = try await recorder.first(3)
        try kumo.start(port: port)
        _ = try await recorder.first(4)
        try await say("after", in: context)
        let events = try await recorder.first(5)

        #expect(events[0] == "subscribed")
        #expect(events[1].hasPrefix("create {className=Chat,objectId=") && events[1].hasSuffix(",text=before}"))
        #expect(events[2] == "disconnected")
        #expect(events[3] == "subscribed")
        #expect(events[4].hasPrefix("create {className=Chat,objectId=") && events[4].hasSuffix(",text=after}"))
    }

    @Test func aGracefulStopDisconnectsAndTheSubscriptionResumesWhenTheServerIsBack() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        defer { kumo.stop() }
        let query = NCMBContext.$current.withValue(context(kumo)) { NCMBQuery.getQuery(className: "Chat") }
        let recorder = SubscriptionRecorder(query.subscribe())
        defer { recorder.task.cancel() }
        #expect(try await recorder.first(1) == ["subscribed"])

        let port = kumo.port
        let status = kumo.stop()
        let disconnected = try await recorder.first(2)
        try kumo.start(port: port)
        let resubscribed = try await recorder.first(3)

        #expect(status == 0)
        #expect(disconnected.last == "disconnected")
        #expect(resubscribed.last == "subscribed")
    }

    @Test func theCallbackFormWorksOverRealTCP() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        defer { kumo.stop() }
        let context = context(kumo)
        let (stream, continuation) = AsyncThrowingStream<NCMBRealtimeEvent<NCMBObject>, any Error>.makeStream()
        let recorder = SubscriptionRecorder(stream)
        let query = NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "Chat") }

        let subscription = query.subscribeInBackground { result in
            switch result {
            case .success(let event): continuation.yield(event)
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        _ = try await recorder.first(1)
        try await say("hello", in: context)
        let events = try await recorder.first(2)
        subscription.cancel()
        recorder.task.cancel()

        #expect(events[0] == "subscribed")
        #expect(events[1].hasSuffix(",text=hello}"))
    }
}
