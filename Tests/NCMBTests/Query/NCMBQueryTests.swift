import Foundation
import NCMB
import NCMBWire
import Testing

/// `find` and `count` in their three forms, and the parameters they send (docs/wire/endpoints/queries.md).
@Suite struct NCMBQueryTests {
    let transport = RecordingTransport()

    func makeQuery(className: String = "GameScore") -> NCMBQuery<NCMBObject> {
        NCMBContext.$current.withValue(.test(transport: transport)) { NCMBQuery.getQuery(className: className) }
    }

    static let results = #"""
        {"results":[{"objectId":"0000000000000002","points":90,"createDate":"2009-02-13T23:31:30.000Z"},\#
        {"objectId":"0000000000000001","points":80,"createDate":"2009-02-13T23:31:30.000Z"}]}
        """#
    static let invalid = #"{"code":"E400002","error":"points is invalid."}"#

    // MARK: Tests

    @Test(arguments: CallForm.allCases)
    func findReturnsTheMatchingObjectsInOrder(form: CallForm) async throws {
        var query = makeQuery()
        query.where(field: "points", greaterThan: 50)
        query.order = ["-points"]
        transport.expect(
            .objects(try .named("GameScore"), .find(try .matching(["points": ["$gt": 50]], order: ["-points"]))),
            reply: .json(200, Self.results))

        let result = await form.run(
            async: { [query] in try await query.find() }, blocking: { [query] in query.find() },
            callback: { query.findInBackground(callback: $0) })

        let objects = try #require(result.value)
        #expect(objects.map(\.objectId) == ["0000000000000002", "0000000000000001"])
        #expect(objects.first?["points"] == 90)
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func findReportsTheServerError(form: CallForm) async throws {
        let query = makeQuery()
        transport.expect(.objects(try .named("GameScore"), .find(QueryParameters())), reply: .json(400, Self.invalid))

        let result = await form.run(
            async: { [query] in try await query.find() }, blocking: { [query] in query.find() },
            callback: { query.findInBackground(callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .invalidType)
        #expect(error.message == "points is invalid.")
    }

    @Test(arguments: CallForm.allCases)
    func countSendsCountAndLimitZeroWithoutOrderOrSkip(form: CallForm) async throws {
        var query = makeQuery()
        query.where(field: "points", greaterThan: 50)
        query.order = ["-points"]
        query.skip = 10
        query.limit = 5
        transport.expect(
            .objects(try .named("GameScore"), .find(try .matching(["points": ["$gt": 50]], limit: 0, includesCount: true))),
            reply: .json(200, #"{"results":[],"count":50}"#))

        let result = await form.run(
            async: { [query] in try await query.count() }, blocking: { [query] in query.count() },
            callback: { query.countInBackground(callback: $0) })

        #expect(result.value == 50)
        #expect(transport.requests.first?.url.query == "count=1&limit=0&where=%7B%22points%22%3A%7B%22%24gt%22%3A50%7D%7D")
    }

    @Test(arguments: CallForm.allCases)
    func countReportsTheServerError(form: CallForm) async throws {
        let query = makeQuery()
        transport.expect(
            .objects(try .named("GameScore"), .find(QueryParameters(limit: 0, includesCount: true))), reply: .json(400, Self.invalid))

        let result = await form.run(
            async: { [query] in try await query.count() }, blocking: { [query] in query.count() },
            callback: { query.countInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .invalidType)
    }

    @Test func findSendsOrderSkipAndLimit() async throws {
        var query = makeQuery()
        query.order = ["-points", "playerName"]
        query.skip = 20
        query.limit = 10
        transport.expect(
            .objects(try .named("GameScore"), .find(try .matching([:], order: ["-points", "playerName"], limit: 10, skip: 20))),
            reply: .json(200, #"{"results":[]}"#))

        let objects = try await query.find()

        #expect(objects.isEmpty)
        #expect(transport.requests.first?.url.query == "limit=10&order=-points%2CplayerName&skip=20")
    }

    @Test(arguments: [1, 1000])
    func findAcceptsTheLimitsOfTheRange(limit: Int) async throws {
        var query = makeQuery()
        query.limit = limit
        transport.expect(.objects(try .named("GameScore"), .find(try .matching([:], limit: limit))), reply: .json(200, #"{"results":[]}"#))

        _ = try await query.find()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: [0, -1, 1001])
    func findRejectsALimitOutsideOneToAThousandBeforeSending(limit: Int) async throws {
        var query = makeQuery()
        query.limit = limit

        let error = await #expect(throws: NCMBInvalidRequestError.self) { _ = try await query.find() }

        #expect(error == .invalidLimit)
        #expect(transport.requests.isEmpty)
    }

    @Test func findRejectsANegativeSkipBeforeSending() async throws {
        var query = makeQuery()
        query.skip = -1

        let error = await #expect(throws: NCMBInvalidRequestError.self) { _ = try await query.find() }

        #expect(error == .invalidSkip)
    }

    @Test(arguments: ["bad name", "-", "", "--points"])
    func findRejectsAnInvalidSortKeyBeforeSending(key: String) async throws {
        var query = makeQuery()
        query.order = [key]

        let error = await #expect(throws: NCMBInvalidRequestError.self) { _ = try await query.find() }

        #expect(error == .invalidFieldName)
    }

    @Test func findRejectsAnInvalidClassNameBeforeSending() async throws {
        let query = makeQuery(className: "Game Score")

        let error = await #expect(throws: NCMBInvalidRequestError.self) { _ = try await query.count() }

        #expect(error == .invalidClassName)
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [#"{"count":1}"#, #"{"results":{}}"#, #"{"results":[1]}"#])
    func findReportsAParseErrorForAMalformedResponse(body: String) async throws {
        let query = makeQuery()
        transport.expect(.objects(try .named("GameScore"), .find(QueryParameters())), reply: .json(200, body))

        let error = await #expect(throws: NCMBParseError.self) { _ = try await query.find() }

        #expect(error == .unsupportJsonFormat)
    }

    @Test(arguments: [#"{"results":[]}"#, #"{"results":[],"count":"1"}"#, #"{"results":[],"count":1.5}"#])
    func countReportsAParseErrorWithoutAnIntegerCount(body: String) async throws {
        let query = makeQuery()
        transport.expect(.objects(try .named("GameScore"), .find(QueryParameters(limit: 0, includesCount: true))), reply: .json(200, body))

        let error = await #expect(throws: NCMBParseError.self) { _ = try await query.count() }

        #expect(error == .unsupportJsonFormat)
    }

    @Test func foundObjectsCanBeUpdatedAndSavedAgain() async throws {
        let query = makeQuery()
        transport.expect(.objects(try .named("GameScore"), .find(QueryParameters())), reply: .json(200, Self.results))
        let first = try #require(try await query.find().first)
        first["points"] = 91
        transport.expect(
            .objects(try .named("GameScore"), .update(objectId: "0000000000000002", ["points": 91])),
            reply: .json(200, #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#))

        try await first.save()

        #expect(transport.unmetExpectations.isEmpty)
    }
}
