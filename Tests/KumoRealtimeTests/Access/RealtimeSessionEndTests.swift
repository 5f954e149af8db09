import HTTPTypes
import HummingbirdTesting
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A session that ends closes its realtime connection with E401001 `"The session ended."` and close code 1008
/// (docs/wire/realtime.md#session-end): logout, a password change (other sessions), the one-active-session rule,
/// the user's deletion, and expiry, checked when the next event or clock tick comes.
@Suite struct RealtimeSessionEndTests {
    static let sessionEnded: JSONObject = ["op": "error", "code": "E401001", "error": "The session ended."]

    @Test(arguments: TestDatabase.engines)
    func logoutClosesTheConnection(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let user = try await server.requester.signUp("rtLogout")
            let client = await server.connectedClient(sessionToken: user.sessionToken)
            await server.subscribe(client, requestId: 1, className: "Note")

            let response = try await server.requester.send(.get, "/2013-09-01/logout", as: user.sessionToken)
            #expect(response.status.code == 200)
            let (code, messages) = await client.closing()

            #expect(messages == [RealtimeSessionEndTests.sessionEnded])
            #expect(code == 1008)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aLoginUnderTheOneSessionRuleClosesTheEarlierSessionsConnection(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let user = try await server.requester.signUp("rtOneSession")
            let client = await server.connectedClient(sessionToken: user.sessionToken)
            await server.subscribe(client, requestId: 1, className: "Note")

            _ = try await server.requester.logIn("rtOneSession")
            let (code, messages) = await client.closing()

            #expect(messages == [RealtimeSessionEndTests.sessionEnded])
            #expect(code == 1008)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aPasswordChangeClosesTheUsersOtherConnections(_ engine: StorageEngine) async throws {
        var settings = ApplicationSettings()
        settings.allowsMultipleSessions = true
        try await RealtimeTestServer.with(engine, settings: settings) { server in
            let user = try await server.requester.signUp("rtPassword")
            let second = try await server.requester.logIn("rtPassword")
            let ended = await server.connectedClient(sessionToken: user.sessionToken)
            await server.subscribe(ended, requestId: 1, className: "Note")
            let kept = await server.connectedClient(sessionToken: second)
            await server.subscribe(kept, requestId: 1, className: "Note")

            try await server.requester.update("/2013-09-01/users/\(user.objectId)", ["password": "New-Pw-1234"], as: second)
            let (code, messages) = await ended.closing()
            _ = try await server.requester.create("/2013-09-01/classes/Note", ["text": "still here"])

            #expect(messages == [RealtimeSessionEndTests.sessionEnded])
            #expect(code == 1008)
            #expect(await kept.next()?["op"] == "create")
            await kept.close()
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deletingTheUserClosesItsConnection(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let user = try await server.requester.signUp("rtDeleted")
            let client = await server.connectedClient(sessionToken: user.sessionToken)
            await server.subscribe(client, requestId: 1, className: "Note")

            try await server.requester.delete("/2013-09-01/users/\(user.objectId)", as: user.sessionToken)
            let (code, messages) = await client.closing()

            #expect(messages == [RealtimeSessionEndTests.sessionEnded])
            #expect(code == 1008)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anExpiredSessionClosesTheConnectionAtTheNextEvent(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let user = try await server.requester.signUp("rtExpiry")
            let client = await server.connectedClient(sessionToken: user.sessionToken)
            await server.subscribe(client, requestId: 1, className: "Note")

            // Past any session lifetime (docs/decisions/0010-session-lifetime.md): a year.
            server.clock.advance(milliseconds: 366 * 24 * 3600 * 1000)
            _ = try await server.requester.create("/2013-09-01/classes/Note", ["text": "after expiry"])
            let (code, messages) = await client.closing()

            #expect(messages == [RealtimeSessionEndTests.sessionEnded])
            #expect(code == 1008)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anotherUsersLogoutChangesNothing(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let user = try await server.requester.signUp("rtStays")
            let other = try await server.requester.signUp("rtLeaves")
            let client = await server.connectedClient(sessionToken: user.sessionToken)
            await server.subscribe(client, requestId: 1, className: "Note")

            _ = try await server.requester.send(.get, "/2013-09-01/logout", as: other.sessionToken)
            let objectId = try await server.requester.create("/2013-09-01/classes/Note", ["text": "still subscribed"])

            #expect(await client.next().map { events([$0]) } == ["create \(objectId)"])
            await client.close()
        }
    }
}
