import Foundation
import NCMB
import NCMBWire
import Testing

/// A typed model of the tests: every kind of field.
struct GameScore: NCMBModel, Equatable {
    var objectId: String?
    var createDate: Date?
    var updateDate: Date?
    var acl: NCMBACL?
    var playerName: String
    var points: Int
    var tags: [String] = []
    var playedAt: Date?
    var location: NCMBGeoPoint?
    var player: NCMBReference<Player>?
}

/// The model a ``GameScore`` points at, in the standard class `user`.
struct Player: NCMBModel, Equatable {
    static var className: String { "user" }
    var objectId: String?
    var createDate: Date?
    var updateDate: Date?
    var acl: NCMBACL?
    var userName: String
}

/// Typed models: how they encode and decode, and their saves, fetches, deletes, queries and batches.
@Suite struct NCMBModelTests {
    let transport = RecordingTransport()

    /// Runs `body` with the test context bound, as `NCMBClient.run` binds a client.
    func bound<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        try await NCMBContext.$current.withValue(.test(transport: transport)) { try await body() }
    }

    static let gameScore = ClassReference.custom(ClassName(constant: "GameScore"))
    static let played = Date(timeIntervalSince1970: 1_234_567_890)
    static let stored = #"""
        {"objectId":"s1","createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:31.000Z",\#
        "acl":{"*":{"read":true}},"playerName":"Tarou","points":42,"tags":["daily"],\#
        "playedAt":{"__type":"Date","iso":"2009-02-13T23:31:30.000Z"},\#
        "location":{"__type":"GeoPoint","latitude":35.5,"longitude":139.5},\#
        "player":{"__type":"Object","className":"user","objectId":"u1","userName":"tarou"}}
        """#

    // MARK: Tests

    @Test func aModelEncodesToTheFieldsAnObjectHolds() throws {
        var acl = NCMBACL.empty
        acl.put(key: "*", readable: true, writable: false)
        let score = GameScore(
            objectId: "s1", createDate: Self.played, updateDate: Self.played, acl: acl, playerName: "Tarou", points: 42,
            tags: ["daily"], playedAt: Self.played, location: NCMBGeoPoint(latitude: 35.5, longitude: 139.5),
            player: NCMBReference(objectId: "u1"))

        let object = try NCMBContext.bound(to: transport) { try NCMBObject(model: score) }

        #expect(object.objectId == "s1")
        #expect(object["playerName"] == "Tarou")
        #expect(object["points"] == 42)
        #expect(object["playedAt"] == Self.played)
        #expect(object["location"] == NCMBGeoPoint(latitude: 35.5, longitude: 139.5))
        #expect(object["player"] == NCMBPointer(className: "user", objectId: "u1"))
        #expect(object.acl == acl)
        #expect((object["createDate"] as String?) == nil)
    }

    @Test func storedFieldsDecodeIntoTheModelWithAnIncludedReference() async throws {
        let query = NCMBContext.bound(to: transport) { NCMBQuery.getQuery(className: "GameScore") }
        transport.expect(.objects(Self.gameScore, .find(QueryParameters())), reply: .json(200, #"{"results":[\#(Self.stored)]}"#))
        let object = try #require(try await query.find().first)

        let score = try object.decode(as: GameScore.self)

        #expect(score.objectId == "s1")
        #expect(score.createDate == Self.played)
        #expect(score.updateDate == Self.played.addingTimeInterval(1))
        #expect(score.acl?.getReadable(key: "*") == true)
        #expect(score.playedAt == Self.played)
        #expect(score.location?.latitude == 35.5)
        #expect(score.player?.objectId == "u1")
        #expect(score.player?.object?.userName == "tarou")
    }

    @Test(arguments: CallForm.allCases)
    func aNewModelIsCreatedAndTakesItsObjectIdAndDates(form: CallForm) async throws {
        let score = GameScore(playerName: "Tarou", points: 42, playedAt: Self.played)
        transport.expect(
            .objects(
                Self.gameScore,
                .create(["playerName": "Tarou", "points": 42, "tags": [], "playedAt": ["__type": "Date", "iso": "2009-02-13T23:31:30.000Z"]])),
            reply: .json(201, #"{"objectId":"s1","createDate":"2009-02-13T23:31:30.000Z"}"#))

        // The blocking form runs on a thread of its own, where the task-local context is bound again.
        let context = NCMBContext.test(transport: transport)
        let result = await NCMBContext.$current.withValue(context) {
            await form.run(
                async: { try await score.save() }, blocking: { NCMBContext.$current.withValue(context) { score.save() } },
                callback: { score.saveInBackground(callback: $0) })
        }

        let saved = try #require(result.value)
        #expect(saved.objectId == "s1")
        #expect(saved.createDate == Self.played)
        #expect(saved.updateDate == Self.played)
        #expect(saved.points == 42)
    }

    @Test func aSavedModelSendsItsFieldsAsAnUpdate() async throws {
        let score = GameScore(objectId: "s1", createDate: Self.played, playerName: "Tarou", points: 43)
        transport.expect(
            .objects(Self.gameScore, .update(objectId: "s1", ["playerName": "Tarou", "points": 43, "tags": []])),
            reply: .json(200, #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#))

        let saved = try await bound { try await score.save() }

        #expect(saved.updateDate == Self.played.addingTimeInterval(1))
        #expect(saved.createDate == Self.played)
    }

    @Test(arguments: CallForm.allCases)
    func fetchReadsTheObjectIntoTheModel(form: CallForm) async throws {
        transport.expect(.objects(Self.gameScore, .get(objectId: "s1")), reply: .json(200, Self.stored))

        let context = NCMBContext.test(transport: transport)
        let result = await NCMBContext.$current.withValue(context) {
            await form.run(
                async: { try await GameScore.fetch(objectId: "s1") },
                blocking: { NCMBContext.$current.withValue(context) { GameScore.fetch(objectId: "s1") } },
                callback: { GameScore.fetchInBackground(objectId: "s1", callback: $0) })
        }

        #expect(result.value?.playerName == "Tarou")
        #expect(result.value?.player?.object?.userName == "tarou")
    }

    @Test func deleteNeedsOnlyTheObjectId() async throws {
        transport.expect(.objects(Self.gameScore, .delete(objectId: "s1")), reply: .empty(200))

        try await bound { try await GameScore(objectId: "s1", playerName: "", points: 0).delete() }

        await #expect(throws: NCMBInvalidRequestError.emptyObjectId) {
            try await bound { try await GameScore(playerName: "", points: 0).delete() }
        }
    }

    @Test(arguments: CallForm.allCases)
    func aQueryFindsModels(form: CallForm) async throws {
        var query = try await bound { GameScore.query }
        query.where(field: "points", greaterThan: 10)
        query.include = ["player"]
        var parameters = try QueryParameters.matching(["points": ["$gt": 10]])
        parameters.include = [[try FieldName(validating: "player")]]
        transport.expect(.objects(Self.gameScore, .find(parameters)), reply: .json(200, #"{"results":[\#(Self.stored)]}"#))

        let result = await form.run(
            async: { [query] in try await query.find(as: GameScore.self) }, blocking: { [query] in query.find(as: GameScore.self) },
            callback: { query.findInBackground(as: GameScore.self, callback: $0) })

        #expect(result.value?.map(\.points) == [42])
    }

    @Test func aResultThatDoesNotFitTheModelIsADecodingError() async throws {
        let query = try await bound { GameScore.query }
        transport.expect(.objects(Self.gameScore, .find(QueryParameters())), reply: .json(200, #"{"results":[{"objectId":"s2","points":"many"}]}"#))

        await #expect(throws: DecodingError.self) { try await query.find(as: GameScore.self) }
    }

    @Test func aStandardClassModelQueriesItsCollection() async throws {
        let query = try await bound { Player.query }
        transport.expect(.objects(.users, .find(QueryParameters())), reply: .json(200, #"{"results":[{"objectId":"u1","userName":"tarou"}]}"#))

        #expect(try await query.find(as: Player.self).map(\.userName) == ["tarou"])
    }

    @Test func modelsAreSavedInOneBatch() async throws {
        let scores = [GameScore(playerName: "A", points: 1), GameScore(objectId: "s2", playerName: "B", points: 2)]
        var body = BatchRequest.body([
            BatchRequest(.objects(Self.gameScore, .create(["playerName": "A", "points": 1, "tags": []]))),
            BatchRequest(.objects(Self.gameScore, .update(objectId: "s2", ["playerName": "B", "points": 2, "tags": []]))),
        ])
        body["transaction"] = true
        transport.expect(
            .batch(body),
            reply: .json(
                200,
                #"[{"success":{"objectId":"s1","createDate":"2009-02-13T23:31:30.000Z"}},{"success":{"updateDate":"2009-02-13T23:31:31.000Z"}}]"#))

        let saved = try await bound { try await GameScore.saveAll(scores, atomically: true) }

        #expect(saved.map(\.objectId) == ["s1", "s2"])
        #expect(saved[1].updateDate == Self.played.addingTimeInterval(1))
    }

    @Test func theClassNameIsTheTypeNameUnlessTheModelSaysOtherwise() {
        #expect(GameScore.className == "GameScore")
        #expect(Player.className == "user")
        #expect(GameScore(objectId: "s1", playerName: "", points: 0).pointer == NCMBPointer(className: "GameScore", objectId: "s1"))
        #expect(NCMBReference(Player(objectId: "u1", userName: "tarou"))?.pointer == NCMBPointer(className: "user", objectId: "u1"))
        #expect(NCMBReference(Player(userName: "tarou")) == nil)
    }
}
