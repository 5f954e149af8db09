import HTTPTypes
import HummingbirdTesting
import KumoTestSupport
import NCMBWire
import Testing

/// The realtime ACL matrix (docs/wire/realtime.md#what-a-subscriber-receives): anonymous, owner, other, role member
/// and child-role member × public, private and role ACLs × create, update, leave, enter and delete, on both engines.
/// Every subscriber receives exactly the events of the objects it may read — none leaked, none missing — checked up to
/// a fence written after the scenario.
@Suite struct RealtimeAccessMatrixTests {
    /// Who subscribes.
    enum Subscriber: String, CaseIterable {
        case anonymous, owner, other, member, childMember
    }

    /// The ACL of the scenario's object.
    enum Protection: String, CaseIterable, Sendable {
        case publicRead, ownerOnly, staffRole

        func acl(owner: String) -> JSONValue {
            let ownerGrant: JSONValue = ["read": true, "write": true]
            switch self {
            case .publicRead: return JSONValue.object(JSONObject([("*", ["read": true] as JSONValue), (owner, ownerGrant)]))
            case .ownerOnly: return JSONValue.object(JSONObject([(owner, ownerGrant)]))
            case .staffRole: return JSONValue.object(JSONObject([("role:Staff", ["read": true] as JSONValue), (owner, ownerGrant)]))
            }
        }

        func allows(_ subscriber: Subscriber) -> Bool {
            switch self {
            case .publicRead: true
            case .ownerOnly: subscriber == .owner
            case .staffRole: [.owner, .member, .childMember].contains(subscriber)
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func everySubscriberReceivesExactlyTheEventsItMayRead(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let principals = try await RealtimePrincipals.seed(server)
            var clients: [Subscriber: RealtimeTestClient] = [:]
            for subscriber in Subscriber.allCases {
                let client = await server.connectedClient(sessionToken: principals.token(of: subscriber))
                await server.subscribe(client, requestId: 1, className: "Secret", where: ["state": "in"])
                await server.subscribe(client, requestId: 2, className: "Fence")
                clients[subscriber] = client
            }
            let owner = principals.owner.sessionToken
            var expected: [Subscriber: [String]] = [:]
            for protection in Protection.allCases {
                let acl = protection.acl(owner: principals.owner.objectId)
                let objectId = try await server.requester.create(
                    "/2013-09-01/classes/Secret", ["state": "in", "step": 0, "acl": acl], as: owner)
                let path = "/2013-09-01/classes/Secret/\(objectId)"
                try await server.requester.update(path, ["step": 1], as: owner)
                try await server.requester.update(path, ["state": "out"], as: owner)
                try await server.requester.update(path, ["state": "in"], as: owner)
                try await server.requester.delete(path, as: owner)
                for subscriber in Subscriber.allCases where protection.allows(subscriber) {
                    expected[subscriber, default: []] += ["create", "update", "leave", "enter", "delete"].map { "\($0) \(objectId)" }
                }
            }
            _ = try await server.requester.create("/2013-09-01/classes/Fence", ["fence": true])

            for subscriber in Subscriber.allCases {
                let received = await clients[subscriber]?.messages(beforeFence: 2) ?? []

                #expect(events(received) == expected[subscriber, default: []], "\(subscriber) on \(engine)")
                #expect(received.allSatisfy { $0["requestId"] == 1 }, "\(subscriber)")
            }
            for client in clients.values { await client.close() }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anACLChangeMovesTheObjectOutOfAndIntoSubscriptions(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let principals = try await RealtimePrincipals.seed(server)
            var clients: [Subscriber: RealtimeTestClient] = [:]
            for subscriber in Subscriber.allCases {
                let client = await server.connectedClient(sessionToken: principals.token(of: subscriber))
                await server.subscribe(client, requestId: 1, className: "Secret")
                await server.subscribe(client, requestId: 2, className: "Fence")
                clients[subscriber] = client
            }
            let owner = principals.owner
            let objectId = try await server.requester.create(
                "/2013-09-01/classes/Secret", ["acl": Protection.publicRead.acl(owner: owner.objectId)], as: owner.sessionToken)
            let path = "/2013-09-01/classes/Secret/\(objectId)"
            try await server.requester.update(path, ["acl": Protection.ownerOnly.acl(owner: owner.objectId)], as: owner.sessionToken)
            try await server.requester.update(path, ["acl": Protection.staffRole.acl(owner: owner.objectId)], as: owner.sessionToken)
            try await server.requester.delete(path, as: owner.sessionToken)
            _ = try await server.requester.create("/2013-09-01/classes/Fence", [:])

            let expected: [Subscriber: [String]] = [
                .anonymous: ["create", "leave"], .other: ["create", "leave"], .owner: ["create", "update", "update", "delete"],
                .member: ["create", "leave", "enter", "delete"], .childMember: ["create", "leave", "enter", "delete"],
            ]
            for subscriber in Subscriber.allCases {
                let received = await clients[subscriber]?.messages(beforeFence: 2) ?? []

                #expect(events(received) == (expected[subscriber] ?? []).map { "\($0) \(objectId)" }, "\(subscriber) on \(engine)")
                // An object that became unreadable leaves with its objectId only.
                for leave in received where leave["op"] == "leave" {
                    #expect(leave["object"] == ["objectId": .string(objectId)], "\(subscriber)")
                }
            }
            for client in clients.values { await client.close() }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func roleMembershipIsReadWhenTheEventHappens(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.with(engine) { server in
            let principals = try await RealtimePrincipals.seed(server)
            let late = try await server.requester.signUp("rtLate")
            let client = await server.connectedClient(sessionToken: late.sessionToken)
            await server.subscribe(client, requestId: 1, className: "Secret")
            await server.subscribe(client, requestId: 2, className: "Fence")
            let owner = principals.owner
            let objectId = try await server.requester.create(
                "/2013-09-01/classes/Secret", ["acl": Protection.staffRole.acl(owner: owner.objectId)], as: owner.sessionToken)
            let path = "/2013-09-01/classes/Secret/\(objectId)"
            let staff = "/2013-09-01/roles/\(principals.staffRoleId)"

            try await server.requester.update(path, ["step": 1], as: owner.sessionToken)
            try await server.requester.update(staff, ["belongUser": addRelation([pointer("user", late.objectId)])], as: owner.sessionToken)
            try await server.requester.update(path, ["step": 2], as: owner.sessionToken)
            try await server.requester.update(
                staff, ["belongUser": removeRelation([pointer("user", late.objectId)])], as: owner.sessionToken)
            try await server.requester.update(path, ["step": 3], as: owner.sessionToken)
            _ = try await server.requester.create("/2013-09-01/classes/Fence", [:])
            let received = await client.messages(beforeFence: 2)

            // Only the update made while the user held the role; the object as it was then.
            #expect(events(received) == ["update \(objectId)"])
            #expect(received.first?["object"]?.objectValue?["step"] == 2)
            await client.close()
        }
    }
}

/// The users and roles of the matrix: `owner`, `other`, `member` (of `Staff`) and `childMember` (of `Junior`, where
/// `Staff.belongRole ∋ Junior`, docs/decisions/0004-role-inheritance.md).
struct RealtimePrincipals: Sendable {
    var owner: RealtimeUser
    var other: RealtimeUser
    var member: RealtimeUser
    var childMember: RealtimeUser
    var staffRoleId: String

    static func seed(_ server: RealtimeTestServer) async throws -> RealtimePrincipals {
        let requester = server.requester
        let owner = try await requester.signUp("rtOwner")
        let other = try await requester.signUp("rtOther")
        let member = try await requester.signUp("rtMember")
        let childMember = try await requester.signUp("rtChildMember")
        let roleACL: JSONValue = .object(
            JSONObject([("*", ["read": true] as JSONValue), (owner.objectId, ["read": true, "write": true] as JSONValue)]))
        let junior = try await requester.create(
            "/2013-09-01/roles",
            ["roleName": "Junior", "belongUser": addRelation([pointer("user", childMember.objectId)]), "acl": roleACL],
            as: owner.sessionToken)
        let staff = try await requester.create(
            "/2013-09-01/roles",
            [
                "roleName": "Staff", "belongUser": addRelation([pointer("user", member.objectId)]),
                "belongRole": addRelation([pointer("role", junior)]), "acl": roleACL,
            ], as: owner.sessionToken)
        return RealtimePrincipals(owner: owner, other: other, member: member, childMember: childMember, staffRoleId: staff)
    }

    func token(of subscriber: RealtimeAccessMatrixTests.Subscriber) -> String? {
        switch subscriber {
        case .anonymous: nil
        case .owner: owner.sessionToken
        case .other: other.sessionToken
        case .member: member.sessionToken
        case .childMember: childMember.sessionToken
        }
    }
}
