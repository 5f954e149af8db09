import Foundation
import NCMB
import NCMBTesting
import Testing

/// The example of the NCMBTesting article: an app's own type, tested against the mock transport with no server.
struct ScoreBoard {
    /// The best scores, highest first.
    func best(count: Int) async throws -> [(name: String, points: Int)] {
        var query = NCMBQuery.getQuery(className: "GameScore")
        query.order = ["-points"]
        query.limit = count
        return try await query.find().map { ($0["playerName"] ?? "?", $0["points"] ?? 0) }
    }

    /// Records a score, and returns its objectId.
    func record(name: String, points: Int) async throws -> String? {
        let score = NCMBObject(className: "GameScore")
        score["playerName"] = name
        score["points"] = points
        try await score.save()
        return score.objectId
    }
}

@Suite struct ExampleAppTests {
    let transport = NCMBMockTransport()
    var client: NCMBClient { NCMBClient.mock(transport: transport) }

    @Test func recordingAScoreSendsItsFieldsAndReturnsTheNewObjectId() async throws {
        transport.expect(.create(className: "GameScore"), reply: .created(objectId: "score1"))

        let objectId = try await client.run { try await ScoreBoard().record(name: "Tarou", points: 42) }

        #expect(objectId == "score1")
        let body = try #require(transport.requests.first?.bodyObject)
        #expect(body["playerName"] as? String == "Tarou")
        #expect(body["points"] as? Int == 42)
        try transport.verify()
    }

    @Test func theBestScoresAskForTheHighestFirstAndReadTheResults() async throws {
        transport.expect(
            .find(className: "GameScore"),
            reply: .results([#"{"objectId":"a","playerName":"Hanako","points":90}"#, #"{"objectId":"b","playerName":"Tarou","points":42}"#]))

        let best = try await client.run { try await ScoreBoard().best(count: 2) }

        #expect(best.map(\.name) == ["Hanako", "Tarou"])
        #expect(transport.requests.first?.queryItems["order"] == "-points")
        #expect(transport.requests.first?.queryItems["limit"] == "2")
        try transport.verify()
    }

    @Test func aServerErrorReachesTheAppAsTheAPIError() async throws {
        transport.expect(.create(className: "GameScore"), reply: .error(403, code: "E403001", message: "No access with ACL."))

        let error = await #expect(throws: NCMBApiError.self) {
            try await client.run { try await ScoreBoard().record(name: "Tarou", points: 42) }
        }

        #expect(error?.errorCode == .noAccessWithACL)
    }

    @Test func aRequestNoTestExpectedFailsTheCallAndTheVerification() async throws {
        let error = await #expect(throws: NCMBMockTransport.UnexpectedRequest.self) {
            try await client.run { try await ScoreBoard().best(count: 3) }
        }

        #expect(error?.route == .find(className: "GameScore"))
        #expect(throws: NCMBMockTransport.VerificationFailure.self) { try transport.verify() }
    }
}
