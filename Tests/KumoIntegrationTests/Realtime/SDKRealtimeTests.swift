import Foundation
import KumoTestSupport
import NCMB
import Testing

/// `NCMBQuery.subscribe` through the SDK's own WebSocket client against a real server in process: events, ACL,
/// `keys`, typed standard classes, errors and the end of a session (docs/wire/realtime.md).
@Suite(.timeLimit(.minutes(2))) struct SDKRealtimeTests {
    /// Subscribes to `query` and waits for the server's confirmation.
    func subscribed<T: NCMBBase>(_ stream: AsyncThrowingStream<NCMBRealtimeEvent<T>, any Error>) async throws -> SubscriptionRecorder {
        let recorder = SubscriptionRecorder(stream)
        #expect(try await recorder.first(1) == ["subscribed"])
        return recorder
    }

    // MARK: Tests

    @Test func aSubscriberSeesCreateUpdateLeaveEnterAndDeleteOfAnotherClientsWrites() async throws {
        try await SDKRealtimeServer.with { server in
            let writer = server.context()
            var lobby = server.context().query("Chat")
            lobby.where(field: "room", equalTo: "lobby")
            let recorder = try await subscribed(lobby.subscribe())

            let message = try await writer.save("Chat", ["room": "lobby", "text": "hi"])
            let id = try #require(message.objectId)
            try await server.using(writer) {
                message["text"] = "hi!"
                try await message.save()
                message["room"] = "kitchen"
                try await message.save()
                message["room"] = "lobby"
                try await message.save()
                try await message.delete()
            }
            let events = try await recorder.first(6)
            recorder.task.cancel()

            #expect(
                events.map { $0.split(separator: " ").first.map(String.init) ?? "" } == [
                    "subscribed", "create", "update", "leave", "enter", "delete",
                ])
            let objects = recorder.objects.compactMap { $0 as? NCMBObject }
            #expect(objects.map(\.objectId) == Array(repeating: id, count: 5))
            #expect(objects.map { $0["text"] as String? } == ["hi", "hi!", "hi!", "hi!", "hi!"])
            #expect(objects.map { $0["room"] as String? } == ["lobby", "lobby", "kitchen", "lobby", "lobby"])
        }
    }

    @Test func anObjectOnlyItsOwnerMayReadReachesTheOwnerAndNoOneElse() async throws {
        try await SDKRealtimeServer.with { server in
            let owner = server.context()
            let ownerId = try #require(try await owner.signUp("ann").objectId)
            let anonymous = try await subscribed(server.context().query("Diary").subscribe())
            let own = try await subscribed(owner.query("Diary").subscribe())
            var privateACL = NCMBACL.empty
            privateACL.put(key: ownerId, readable: true, writable: true)

            try await owner.save("Diary", ["text": "private"], acl: privateACL)
            try await owner.save("Diary", ["text": "public"])
            let seenByOwner = try await own.first(3)
            let seenByAnonymous = try await anonymous.first(2)
            anonymous.task.cancel()
            own.task.cancel()

            #expect(seenByOwner.dropFirst().map { $0.contains("text=private") } == [true, false])
            #expect(seenByAnonymous.count == 2)
            #expect(seenByAnonymous[1].contains("text=public"))
        }
    }

    @Test func keysLimitTheFieldsOfTheEventsObjects() async throws {
        try await SDKRealtimeServer.with { server in
            let recorder = try await subscribed(server.context().query("Chat").subscribe(keys: ["text"]))

            try await server.context().save("Chat", ["text": "hi", "author": "ann"])
            _ = try await recorder.first(2)
            recorder.task.cancel()

            let object = try #require(recorder.objects.first as? NCMBObject)
            #expect(object["text"] as String? == "hi")
            #expect(object["author"] as String? == nil)
            #expect(object.objectId != nil)
        }
    }

    @Test func usersArriveAsNCMBUsersWithoutTheirHiddenFields() async throws {
        try await SDKRealtimeServer.with { server in
            let context = server.context()
            let user = try await context.signUp("ann")
            var query = NCMBContext.$current.withValue(context) { NCMBUser.query }
            query.where(field: "userName", equalTo: "ann")
            let recorder = try await subscribed(query.subscribe())

            try await server.using(context) {
                user["nickname"] = "annie"
                try await user.save()
            }
            _ = try await recorder.first(2)
            recorder.task.cancel()

            let received = try #require(recorder.objects.first as? NCMBUser)
            #expect(received.objectId == user.objectId)
            #expect(received["nickname"] as String? == "annie")
            #expect(received["password"] as String? == nil)
            #expect(received["sessionToken"] as String? == nil)
        }
    }

    @Test func theCallbackFormReportsEventsAndStopsOnCancel() async throws {
        try await SDKRealtimeServer.with { server in
            let received = SubscriptionCallbackLog()
            let subscription = server.context().query("Chat").subscribeInBackground { received.append($0) }
            _ = try await received.first(1)

            try await server.context().save("Chat", ["text": "hi"])
            let calls = try await received.first(2)
            subscription.cancel()

            #expect(calls[0] == "subscribed")
            #expect(calls[1].hasPrefix("create {className=Chat,objectId="))
        }
    }

    // MARK: Errors

    @Test func aWhereTheServerRefusesEndsTheStreamWithItsError() async throws {
        try await SDKRealtimeServer.with { server in
            var query = server.context().query("Chat")
            query.where(field: "author", matchesKey: "name", inQuery: server.context().query("Author"))

            let error = try await SubscriptionRecorder(query.subscribe()).endingError()

            #expect(error as? NCMBApiError == NCMBApiError(code: "E400002", message: "$select is invalid."))
        }
    }

    @Test func aStandardClassNamedByItsStorageNameIsRefusedByTheServer() async throws {
        try await SDKRealtimeServer.with { server in
            let error = try await SubscriptionRecorder(server.context().query("user").subscribe()).endingError()

            #expect((error as? NCMBApiError)?.errorCode == .operationThatAreProhibited)
        }
    }

    @Test func aWrongClientKeyEndsTheStreamWithAnAuthenticationError() async throws {
        try await SDKRealtimeServer.with { server in
            let error = try await SubscriptionRecorder(server.context(clientKey: "wrong").query("Chat").subscribe()).endingError()

            #expect((error as? NCMBApiError)?.errorCode == .authenticationErrorByHeaderIncorrect)
        }
    }

    @Test func loggingOutEndsTheSubscriptionsOfTheSession() async throws {
        try await SDKRealtimeServer.with { server in
            let context = server.context()
            try await context.signUp("ann")
            let recorder = try await subscribed(context.query("Chat").subscribe())

            try await server.using(context) { try await NCMBUser.logOut() }
            let error = try await recorder.endingError()

            #expect((error as? NCMBApiError)?.errorCode == .authenticationErrorByHeaderIncorrect)
            #expect(recorder.events == ["subscribed"])
        }
    }
}

/// What a `subscribeInBackground` callback received, as event summaries, with bounded waits.
final class SubscriptionCallbackLog: Sendable {
    private let recorder: SubscriptionRecorder
    private let continuation: AsyncThrowingStream<NCMBRealtimeEvent<NCMBObject>, any Error>.Continuation

    init() {
        let (stream, continuation) = AsyncThrowingStream<NCMBRealtimeEvent<NCMBObject>, any Error>.makeStream()
        self.recorder = SubscriptionRecorder(stream)
        self.continuation = continuation
    }

    /// Records one callback.
    func append(_ result: NCMBResult<NCMBRealtimeEvent<NCMBObject>>) {
        switch result {
        case .success(let event): continuation.yield(event)
        case .failure(let error): continuation.finish(throwing: error)
        }
    }

    /// The first `count` calls, waiting for them.
    func first(_ count: Int) async throws -> [String] {
        try await recorder.first(count)
    }
}
