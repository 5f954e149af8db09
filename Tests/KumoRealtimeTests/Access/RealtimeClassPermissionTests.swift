import HTTPTypes
import HummingbirdTesting
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Class-level permissions (docs/decisions/0030-class-level-permissions.md) for realtime: a subscription needs `find`
/// on its class; each event needs `find` and `get` as they are when it happens, and a subscription whose class was
/// closed ends with E403001.
@Suite struct RealtimeClassPermissionTests {
    static let className = ClassName(constant: "Guarded")

    @Test(arguments: TestDatabase.engines)
    func aClassClosedToFindRefusesTheSubscription(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            try await server.storage.applications.setClassPermissions(
                ClassPermissions([.find: OperationPermission(isPublic: false, allowsAuthenticatedUsers: true)]),
                applicationId: server.application.applicationId, className: RealtimeClassPermissionTests.className)
            let anonymous = await server.connectedClient()
            anonymous.send(["op": "subscribe", "requestId": 1, "className": "Guarded"])

            #expect(await anonymous.next() == ["op": "error", "requestId": 1, "code": "E403001", "error": "No access with ACL."])

            let user = try await server.requester.signUp("rtAllowed")
            let signedIn = await server.connectedClient(sessionToken: user.sessionToken)
            await server.subscribe(signedIn, requestId: 1, className: "Guarded")
            await anonymous.close()
            await signedIn.close()
        }
    }

    @Test(arguments: TestDatabase.engines)
    func closingTheClassEndsTheSubscriptionAtItsNextEvent(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Guarded")
            await server.subscribe(client, requestId: 2, className: "Fence")
            let before = try await server.requester.create("/2013-09-01/classes/Guarded", ["n": 1])
            #expect(await client.next().map { events([$0]) } == ["create \(before)"])

            try await server.storage.applications.setClassPermissions(
                ClassPermissions([.get: OperationPermission(isPublic: false, roleNames: ["Admin"])]),
                applicationId: server.application.applicationId, className: RealtimeClassPermissionTests.className)
            // Permissions are cached for 5 s (docs/decisions/0032-five-second-caches.md).
            server.clock.advance(milliseconds: 6000)
            _ = try await server.requester.create("/2013-09-01/classes/Guarded", ["n": 3])
            _ = try await server.requester.create("/2013-09-01/classes/Fence", [:])
            let received = await client.messages(beforeFence: 2)

            #expect(received == [["op": "error", "requestId": 1, "code": "E403001", "error": "No access with ACL."]])
            await client.close()
        }
    }
}
