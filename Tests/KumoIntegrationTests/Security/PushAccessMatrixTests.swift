import HTTPTypes
import HummingbirdTesting
import KumoPush
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Push in the ACL matrix (issue 13, finding 4; docs/decisions/0062-push-delivery-with-the-sender-access.md): a push
/// reaches an installation exactly when its sender may read it, and neither the delivery counts nor `error.reasons`
/// reveal installations a reader may not read. Both engines.
@Suite struct PushAccessMatrixTests {
    /// A server with push credentials, pushes from clients allowed and a recording sender, seeded with the security
    /// principals.
    static func with(
        _ engine: StorageEngine, sender: RecordingPushSender,
        _ body: @escaping @Sendable (TestApplication, TestRequester, SecurityPrincipals) async throws -> Void
    ) async throws {
        let settings = ApplicationSettings(push: PushDeliveryIntegrationTests.credentials, clientPushEnabled: true)
        try await TestApplication.with(engine: engine, settings: settings, environment: { $0.pushSender = sender }) { application in
            try await application.test { requester in
                try await body(application, requester, try await SecurityServer.seed(through: requester))
            }
        }
    }

    /// The session token of `caller` (the installations' owner is `owner`).
    static func token(of caller: Caller, _ principals: SecurityPrincipals) -> String? {
        switch caller {
        case .anonymous: nil
        case .owner: principals.owner.sessionToken
        case .other: principals.other.sessionToken
        case .member: principals.member.sessionToken
        case .childMember: principals.childMember.sessionToken
        }
    }

    /// Works every due job.
    static func deliverAll(_ application: TestApplication) async throws {
        let service = PushDeliveryService(environment: application.environment)
        while try await service.deliverDuePushes() > 0 {}
    }

    @Test(arguments: TestDatabase.engines)
    func aPushReachesExactlyTheInstallationsItsSenderMayRead(_ engine: StorageEngine) async throws {
        let sender = RecordingPushSender()
        try await Self.with(engine, sender: sender) { application, requester, principals in
            var cases: [(protection: Protection, caller: Caller, pushId: String, token: String)] = []
            for protection in Protection.allCases {
                let marker = "pushmx\(protection)"
                let deviceToken = "token-\(protection)"
                _ = try await requester.create(
                    "/2013-09-01/installations",
                    [
                        "deviceType": "ios", "deviceToken": .string(deviceToken), "marker": .string(marker),
                        "acl": protection.acl(ownerId: principals.owner.objectId),
                    ], as: principals.owner.sessionToken)
                for caller in Caller.allCases {
                    let pushId = try await requester.create(
                        "/2013-09-01/push",
                        ["immediateDeliveryFlag": true, "message": "m", "searchCondition": ["marker": .string(marker)]],
                        as: Self.token(of: caller, principals))
                    cases.append((protection, caller, pushId, deviceToken))
                }
            }

            try await Self.deliverAll(application)

            for matrixCase in cases {
                let label = "push to a \(matrixCase.protection) installation by \(matrixCase.caller)"
                let canRead = matrixCase.protection.allowsRead(matrixCase.caller)
                let reached = sender.sends.filter { $0.notification.pushId == matrixCase.pushId }.map(\.device.deviceToken)
                #expect(reached == (canRead ? [matrixCase.token] : []), "\(label): devices")
                let response = try await requester.send(
                    .get, "/2013-09-01/push/\(matrixCase.pushId)", as: Self.token(of: matrixCase.caller, principals))
                let push = try #require(response.json?.objectValue, "\(label): \(response.text)")
                #expect(push["deliveryPlanNumber"] == .integer(canRead ? 1 : 0), "\(label): deliveryPlanNumber")
                #expect(push["deliveryNumber"] == .integer(canRead ? 1 : 0), "\(label): deliveryNumber")
                #expect(push["sender"] == nil, "\(label): the sender is never shown")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func errorReasonsNameOnlyInstallationsTheReaderMayRead(_ engine: StorageEngine) async throws {
        let sender = RecordingPushSender()
        sender.script(token: "token-private", .failed(reason: "rejected", isRetryable: false))
        sender.script(token: "token-public", .failed(reason: "rejected", isRetryable: false))
        try await Self.with(engine, sender: sender) { application, requester, principals in
            let owner = principals.owner
            let privateId = try await requester.create(
                "/2013-09-01/installations",
                [
                    "deviceType": "ios", "deviceToken": "token-private", "group": "g",
                    "acl": Protection.ownerOnly.acl(ownerId: owner.objectId),
                ], as: owner.sessionToken)
            let publicId = try await requester.create(
                "/2013-09-01/installations", ["deviceType": "android", "deviceToken": "token-public", "group": "g"],
                as: owner.sessionToken)
            let pushId = try await requester.create(
                "/2013-09-01/push",
                ["immediateDeliveryFlag": true, "message": "m", "searchCondition": ["group": "g"], "acl": ["*": ["read": true]]],
                as: owner.sessionToken)

            try await Self.deliverAll(application)

            func reasonIds(_ push: JSONObject?) -> Set<String> {
                Set((push?["error"]?.objectValue?["reasons"]?.arrayValue ?? []).compactMap { $0.objectValue?["installationId"]?.stringValue })
            }
            let asOwner = try await requester.send(.get, "/2013-09-01/push/\(pushId)", as: owner.sessionToken)
            #expect(reasonIds(asOwner.json?.objectValue) == [privateId, publicId])
            let asOther = try await requester.send(.get, "/2013-09-01/push/\(pushId)", as: principals.other.sessionToken)
            #expect(reasonIds(asOther.json?.objectValue) == [publicId], "another reader sees only what it may read")
            #expect(asOther.json?.objectValue?["deliveryPlanNumber"] == 2, "counts are the sender's")
            let found = try await requester.find(
                "/2013-09-01/push", where: ["objectId": .string(pushId)], as: principals.other.sessionToken)
            #expect(reasonIds(found["results"]?.arrayValue?.first?.objectValue) == [publicId], "find filters the same way")
            let anonymous = try await requester.send(.get, "/2013-09-01/push/\(pushId)", as: nil)
            #expect(reasonIds(anonymous.json?.objectValue) == [publicId])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func queriesCannotProbeTheSenderOrTheErrors(_ engine: StorageEngine) async throws {
        try await Self.with(engine, sender: RecordingPushSender()) { _, requester, principals in
            let token = principals.other.sessionToken
            for field in ["error", "sender"] {
                let target = "/2013-09-01/push?" + queryString([("where", jsonText([field: ["$exists": true]]))])
                let response = try await requester.send(.get, target, as: token)
                expectError(response, status: 400, code: "E400002", message: "\(field) is invalid.", "where on \(field)")
            }
            let forged = try await requester.send(
                .post, "/2013-09-01/push", json: ["immediateDeliveryFlag": true, "sender": ["bypass": true]], as: token)
            expectError(forged, status: 403, code: "E403005", message: "sender must not be entered.", "a client-set sender")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func pushesFromClientsAreRefusedUntilTheApplicationAllowsThem(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let created = try await requester.send(.post, "/2013-09-01/push", json: ["immediateDeliveryFlag": true], as: nil)
                expectError(created, status: 403, code: "E403003", message: "Operation that are prohibited.", "POST /push")
                let updated = try await requester.send(.put, "/2013-09-01/push/abc", json: ["message": "m"], as: nil)
                expectError(updated, status: 403, code: "E403003", message: "Operation that are prohibited.", "PUT /push")
                let jobs = try await application.storage.pushJobs.claimDue(
                    now: WireDate(millisecondsSince1970: 4_102_444_800_000), leaseUntil: WireDate(millisecondsSince1970: 4_102_444_800_000),
                    limit: 10)
                #expect(jobs.isEmpty, "nothing was queued")
            }
        }
    }
}
