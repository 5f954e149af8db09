import HTTPTypes
import HummingbirdTesting
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// An event's `object` is exactly what a GET by id answers the same subscriber (docs/wire/realtime.md#events):
/// custom classes, and the standard classes by their REST names with their hidden fields hidden.
@Suite struct RealtimeRenderingTests {
    @Test(arguments: TestDatabase.engines)
    func aCustomObjectIsRenderedAsItsGet(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note")
            let objectId = try await server.requester.create(
                "/2013-09-01/classes/Note",
                [
                    "text": "日本", "when": ["__type": "Date", "iso": "2020-01-02T03:04:05.678Z"], "list": [1, "two", nil],
                    "nested": ["a": ["b": 1]],
                ])

            let event = await client.next()
            let got = try await server.requester.get("/2013-09-01/classes/Note/\(objectId)")

            #expect(event?["op"] == "create" && event?["requestId"] == 1)
            #expect(event?["object"] == .object(got))
            await client.close()
        }
    }

    @Test(arguments: TestDatabase.engines)
    func usersAreRenderedWithoutSecretsAndWithoutOthersAuthData(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let watcher = try await server.requester.signUp("rtWatcher")
            let client = await server.connectedClient(sessionToken: watcher.sessionToken)
            await server.subscribe(client, requestId: 1, className: "users")
            let anonymousLogin = try await server.requester.send(
                .post, "/2013-09-01/users", json: ["authData": ["anonymous": ["id": "3dc4f5d1-39a7-4b8c-a0b7-0e5f0a1c2d3e"]]], as: nil)
            #expect(anonymousLogin.status.code == 201)
            let created = try #require(anonymousLogin.json?.objectValue?["objectId"]?.stringValue)

            let event = await client.next()
            let got = try await server.requester.get("/2013-09-01/users/\(created)", as: watcher.sessionToken)

            #expect(event?["object"] == .object(got))
            #expect(event?["object"]?.objectValue?["authData"] == nil)
            #expect(event?["object"]?.objectValue?["password"] == nil)
            await client.close()
        }
    }

    @Test(arguments: TestDatabase.engines)
    func rolesAndInstallationsAreRenderedAsTheirGet(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "roles")
            await server.subscribe(client, requestId: 2, className: "installations")
            let role = try await server.requester.create("/2013-09-01/roles", ["roleName": "Readers"])
            let installation = try await server.requester.create(
                "/2013-09-01/installations", ["deviceType": "ios", "deviceToken": "abcdef0123456789", "channels": ["news"]])

            let roleEvent = await client.next()
            let installationEvent = await client.next()

            #expect(roleEvent?["object"] == .object(try await server.requester.get("/2013-09-01/roles/\(role)")))
            #expect(installationEvent?["object"] == .object(try await server.requester.get("/2013-09-01/installations/\(installation)")))
            await client.close()
        }
    }

    @Test(arguments: TestDatabase.engines)
    func pushesAreRenderedAsTheirGet(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "push")
            let key = ObjectKey(applicationId: server.application.applicationId, className: .push, objectId: "push000000000001")
            _ = try await server.storage.objects.create(
                NewObject(
                    key: key, createDate: server.clock.now(),
                    operations: [(FieldName(constant: "message"), .set("hello")), (FieldName(constant: "sender"), .set("someone"))],
                    acl: .publicReadWrite))

            let event = await client.next()
            let got = try await server.requester.get("/2013-09-01/push/push000000000001")

            #expect(event?["object"] == .object(got))
            #expect(event?["object"]?.objectValue?["sender"] == nil)
            await client.close()
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aDeleteCarriesTheObjectAsTheSubscriberSawIt(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note")
            let objectId = try await server.requester.create("/2013-09-01/classes/Note", ["text": "gone soon"])
            let created = await client.next()
            try await server.requester.delete("/2013-09-01/classes/Note/\(objectId)")

            let deleted = await client.next()

            #expect(deleted?["op"] == "delete")
            #expect(deleted?["object"] == created?["object"])
            await client.close()
        }
    }
}
