import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `X-Kumo-Idempotency-Key` (docs/wire/idempotency.md, docs/decisions/0133-idempotency-keys.md): a repeated key gets
/// the first answer instead of a second write, on both engines.
@Suite struct IdempotencyKeyTests {
    static let key = "X-Kumo-Idempotency-Key"
    static let day: Int64 = 24 * 60 * 60 * 1000

    static func count(_ application: TestApplication, _ className: String) async throws -> Int {
        try await application.storage.objects.find(
            FindRequest(
                applicationId: application.application.applicationId, className: ClassName(className)!,
                parameters: QueryParameters()),
            access: .bypass
        ).objects.count
    }

    @Test(arguments: StorageEngine.allCases)
    func aRepeatedCreateGetsTheFirstAnswerAndNoSecondRow(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { client in
                let body = #"{"title":"once"}"#
                let first = try await client.send(.post, "/2013-09-01/classes/Notes", body: body, headers: [Self.key: "k-1"])
                application.clock.advance(milliseconds: 5000)
                let second = try await client.send(.post, "/2013-09-01/classes/Notes", body: body, headers: [Self.key: "k-1"])

                #expect(first.status == .created)
                #expect(first.header("X-Kumo-Idempotent-Replay") == nil)
                #expect(second.status == .created)
                #expect(second.json == first.json)
                #expect(second.header("X-Kumo-Idempotent-Replay") == "true")
                #expect(second.header("X-NCMB-Response-Signature") != nil)
                #expect(try await Self.count(application, "Notes") == 1)
            }
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func updatesAndDeletesReplayTheirFirstAnswer(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { client in
                let objectId = try await client.createObject(at: "/2013-09-01/classes/Notes", #"{"n":1}"#)
                let path = "/2013-09-01/classes/Notes/\(objectId)"
                let increment = #"{"n":{"__op":"Increment","amount":1}}"#
                let updated = try await client.send(.put, path, body: increment, headers: [Self.key: "u-1"])
                application.clock.advance(milliseconds: 1000)
                let updatedAgain = try await client.send(.put, path, body: increment, headers: [Self.key: "u-1"])
                let read = try await client.send(.get, path)
                let deleted = try await client.send(.delete, path, headers: [Self.key: "d-1"])
                let deletedAgain = try await client.send(.delete, path, headers: [Self.key: "d-1"])
                let deletedWithoutKey = try await client.send(.delete, path)

                #expect(updated.status == .ok)
                #expect(updatedAgain.json == updated.json)
                #expect(read.json?.objectValue?["n"] == 2)
                #expect(deleted.status == .ok)
                #expect(deletedAgain.status == .ok)
                #expect(deletedAgain.header("X-Kumo-Idempotent-Replay") == "true")
                #expect(deletedWithoutKey.errorCode == "E404001")
            }
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func theSameKeyWithAnotherRequestIsRefused(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { client in
                _ = try await client.send(.post, "/2013-09-01/classes/Notes", body: #"{"n":1}"#, headers: [Self.key: "k"])
                let otherBody = try await client.send(.post, "/2013-09-01/classes/Notes", body: #"{"n":2}"#, headers: [Self.key: "k"])
                let otherClass = try await client.send(.post, "/2013-09-01/classes/Other", body: #"{"n":1}"#, headers: [Self.key: "k"])

                let refused: JSONValue = ["code": "E409001", "error": "X-Kumo-Idempotency-Key is duplication."]
                #expect(otherBody.status == .conflict)
                #expect(otherBody.json == refused)
                #expect(otherClass.json == refused)
                #expect(try await Self.count(application, "Notes") == 1)
                #expect(try await Self.count(application, "Other") == 0)
            }
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func aRefusedWriteIsNotRecordedSoItsRetryRuns(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { client in
                let existing = try await client.createObject(at: "/2013-09-01/roles", #"{"roleName":"editors"}"#)
                let body = #"{"roleName":"editors"}"#
                let refused = try await client.send(.post, "/2013-09-01/roles", body: body, headers: [Self.key: "r"])
                _ = try await client.send(.delete, "/2013-09-01/roles/\(existing)")
                let retried = try await client.send(.post, "/2013-09-01/roles", body: body, headers: [Self.key: "r"])

                #expect(refused.errorCode == "E409001")
                #expect(retried.status == .created)
                #expect(retried.header("X-Kumo-Idempotent-Replay") == nil)
            }
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func aKeyIsForgottenAfterADay(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { client in
                let body = #"{"n":1}"#
                let first = try await client.send(.post, "/2013-09-01/classes/Notes", body: body, headers: [Self.key: "k"])
                application.clock.advance(milliseconds: Self.day + 1)
                let later = try await client.send(.post, "/2013-09-01/classes/Notes", body: body, headers: [Self.key: "k"])

                #expect(later.status == .created)
                #expect(later.json?.objectValue?["objectId"] != first.json?.objectValue?["objectId"])
                #expect(try await Self.count(application, "Notes") == 2)
            }
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func aKeyWhoseFirstRequestStillRunsIsRetriedLater(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let store = application.storage.idempotency
            let now = application.clock.now()
            let claim = IdempotencyKeyClaim(
                applicationId: application.application.applicationId, scope: "s", fingerprint: "f", now: now,
                expiresBefore: WireDate(millisecondsSince1970: now.millisecondsSince1970 - Self.day),
                pendingBefore: WireDate(millisecondsSince1970: now.millisecondsSince1970 - 600_000))
            #expect(try await store.claim(claim) == .claimed)
            #expect(try await store.claim(claim) == .pending)
            var other = claim
            other.fingerprint = "g"
            #expect(try await store.claim(other) == .mismatch)
            try await store.record(
                applicationId: claim.applicationId, scope: "s", answer: IdempotencyAnswer(status: 201, body: Array("{}".utf8)))
            #expect(try await store.claim(claim) == .answered(IdempotencyAnswer(status: 201, body: Array("{}".utf8))))
        }
    }

    @Test func concurrentRequestsWithOneKeyWriteOnce() async throws {
        try await TestApplication.with(engine: .sqlite) { application in
            try await application.test { client in
                let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            try await client.send(.post, "/2013-09-01/classes/Notes", body: #"{"n":1}"#, headers: [Self.key: "c"])
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                // Each answer is the write, its replay, or 429 E429002 while the write ran: never a second write.
                #expect(answers.allSatisfy { $0.status == .created || $0.errorCode == "E429002" })
                #expect(answers.contains { $0.status == .created })
                #expect(try await Self.count(application, "Notes") == 1)
            }
        }
    }

    @Test func readsAndBatchesIgnoreTheKey() async throws {
        try await TestApplication.withRequester { application, client in
            let found = try await client.send(.get, "/2013-09-01/classes/Notes", headers: [Self.key: "not a valid key!"])
            let batch = #"{"requests":[{"method":"POST","path":"/2013-09-01/classes/Notes","body":{"n":1}}]}"#
            let first = try await client.send(.post, "/2013-09-01/batch", body: batch, headers: [Self.key: "not a valid key!"])
            let second = try await client.send(.post, "/2013-09-01/batch", body: batch, headers: [Self.key: "b"])
            let third = try await client.send(.post, "/2013-09-01/batch", body: batch, headers: [Self.key: "b"])

            #expect(found.status == .ok)
            #expect(first.status == .ok && second.status == .ok && third.status == .ok)
            #expect(try await Self.count(application, "Notes") == 3)
        }
    }
}
