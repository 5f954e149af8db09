import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Abuse of `X-Kumo-Idempotency-Key` (docs/decisions/0133-idempotency-keys.md): a key never hands one caller's answer to
/// another, keeps storage bounded, and bad keys answer NCMB error JSON.
@Suite struct AbuseIdempotencyKeyTests {
    static let key = IdempotencyKeyTests.key

    @Test(arguments: StorageEngine.allCases)
    func anotherUserReusingAKeyGetsNoOneElsesAnswer(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { client in
                let owner = try await client.signUp("owner")
                let stranger = try await client.signUp("stranger")
                let body = #"{"secret":"mine"}"#
                let mine = try await client.send(
                    .post, "/2013-09-01/classes/Notes", body: body, headers: [Self.key: "shared", UserTests.sessionHeader: owner.token])
                let theirs = try await client.send(
                    .post, "/2013-09-01/classes/Notes", body: body, headers: [Self.key: "shared", UserTests.sessionHeader: stranger.token])
                let anonymous = try await client.send(.post, "/2013-09-01/classes/Notes", body: body, headers: [Self.key: "shared"])

                let mineId = mine.json?.objectValue?["objectId"]
                #expect(mine.status == .created)
                #expect(theirs.status == .created && theirs.header("X-Kumo-Idempotent-Replay") == nil)
                #expect(anonymous.status == .created && anonymous.header("X-Kumo-Idempotent-Replay") == nil)
                #expect(theirs.json?.objectValue?["objectId"] != mineId)
                #expect(anonymous.json?.objectValue?["objectId"] != mineId)
                #expect(try await IdempotencyKeyTests.count(application, "Notes") == 3)
            }
        }
    }

    @Test func aSignUpAnswerIsNeverReplayedToAnotherRequest() async throws {
        try await TestApplication.withRequester { _, client in
            let signedUp = try await client.send(
                .post, "/2013-09-01/users", body: #"{"userName":"taro","password":"secret"}"#, headers: [Self.key: "signup"])
            let guessed = try await client.send(
                .post, "/2013-09-01/users", body: #"{"userName":"taro","password":"guess"}"#, headers: [Self.key: "signup"])

            #expect(signedUp.status == .created)
            #expect(guessed.status == .conflict)
            #expect(!guessed.text.contains("sessionToken"))
            #expect(guessed.json == ["code": "E409001", "error": "X-Kumo-Idempotency-Key is duplication."])
        }
    }

    @Test(arguments: [
        "", String(repeating: "k", count: 129), "has space", "semi;colon", "quote\"", "日本語", "slash/",
    ])
    func badKeysAnswerNCMBErrorJSONAndWriteNothing(key: String) async throws {
        try await TestApplication.withRequester { application, client in
            let answer = try await client.send(.post, "/2013-09-01/classes/Notes", body: #"{"n":1}"#, headers: [Self.key: key])

            #expect(answer.status == .badRequest)
            #expect(answer.json == ["code": "E400004", "error": "X-Kumo-Idempotency-Key is invalid format."])
            #expect(try await IdempotencyKeyTests.count(application, "Notes") == 0)
            #expect(try await application.storage.idempotency.count(applicationId: application.application.applicationId) == 0)
        }
    }

    @Test func theLongestKeyIsAccepted() async throws {
        try await TestApplication.withRequester { _, client in
            let key = String(repeating: "k", count: 128)
            let answer = try await client.send(.post, "/2013-09-01/classes/Notes", body: #"{"n":1}"#, headers: [Self.key: key])
            #expect(answer.status == .created)
        }
    }

    @Test(arguments: StorageEngine.allCases)
    func keysExpireAndArePrunedSoStorageStaysBounded(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { client in
                let applicationId = application.application.applicationId
                for index in 0..<20 {
                    _ = try await client.send(.post, "/2013-09-01/classes/Notes", body: #"{"n":1}"#, headers: [Self.key: "k\(index)"])
                }
                let kept = try await application.storage.idempotency.count(applicationId: applicationId)
                application.clock.advance(milliseconds: IdempotencyKeyTests.day + 1)
                _ = try await client.send(.post, "/2013-09-01/classes/Notes", body: #"{"n":1}"#, headers: [Self.key: "later"])
                _ = try await client.send(.post, "/2013-09-01/classes/Notes", body: #"{"n":1}"#, headers: [Self.key: "later2"])
                let afterADay = try await application.storage.idempotency.count(applicationId: applicationId)

                #expect(kept == 20)
                // Each claim prunes up to 16 expired keys: the two later claims removed all 20 and added their own.
                #expect(afterADay == 2)
            }
        }
    }
}
