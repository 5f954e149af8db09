import Foundation
import NCMB
import NCMBWire
import Testing

/// `include` and `keys`: what a find sends, what it refuses before sending, and how included objects read back
/// (docs/wire/endpoints/queries.md).
@Suite struct NCMBQueryIncludeTests {
    let transport = RecordingTransport()

    func makeQuery(className: String = "Post") -> NCMBQuery<NCMBObject> {
        NCMBContext.bound(to: transport) { NCMBQuery.getQuery(className: className) }
    }

    /// A post whose `author` a query included, itself holding an included `team`.
    static let includedPost = #"""
        {"results":[{"objectId":"p1","title":"Hello","author":{"__type":"Object","className":"user","objectId":"u1",\#
        "userName":"tarou","team":{"__type":"Object","className":"Team","objectId":"t1","name":"Blue"}},\#
        "editor":{"__type":"Pointer","className":"user","objectId":"u2"}}]}
        """#

    // MARK: Tests

    @Test(arguments: CallForm.allCases)
    func findSendsIncludeAndKeys(form: CallForm) async throws {
        var query = makeQuery()
        query.include = ["author", "author.team"]
        query.keys = ["title", "author"]
        let parameters = QueryParameters(
            include: [[try FieldName(validating: "author")], [try FieldName(validating: "author"), try FieldName(validating: "team")]],
            keys: [try FieldName(validating: "title"), try FieldName(validating: "author")])
        transport.expect(.objects(try .named("Post"), .find(parameters)), reply: .json(200, Self.includedPost))

        let result = await form.run(
            async: { [query] in try await query.find() }, blocking: { [query] in query.find() },
            callback: { query.findInBackground(callback: $0) })

        #expect(result.value?.count == 1)
        let request = try #require(transport.requests.first)
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.contains(URLQueryItem(name: "include", value: "author,author.team")))
        #expect(items.contains(URLQueryItem(name: "keys", value: "title,author")))
    }

    @Test func emptyIncludeAndKeysSendNeither() async throws {
        transport.expect(.objects(try .named("Post"), .find(QueryParameters())), reply: .json(200, #"{"results":[]}"#))

        _ = try await makeQuery().find()

        #expect(transport.requests.first?.url.query == nil)
    }

    @Test func includedObjectsReadAsObjectsOfTheirClassAndAsPointers() async throws {
        transport.expect(.objects(try .named("Post"), .find(QueryParameters())), reply: .json(200, Self.includedPost))

        let post = try #require(try await makeQuery().find().first)

        let author: NCMBUser? = post["author"]
        #expect(author?.userName == "tarou")
        #expect(author?.objectId == "u1")
        let team: NCMBObject? = author?["team"]
        #expect(team?["name"] == "Blue")
        #expect(team?.description == "{className=Team,objectId=t1,name=Blue}")
        let pointer: NCMBPointer? = post["author"]
        #expect(pointer == NCMBPointer(className: "user", objectId: "u1"))
        let notIncluded: NCMBUser? = post["editor"]
        #expect(notIncluded == nil)
        let editor: NCMBPointer? = post["editor"]
        #expect(editor?.objectId == "u2")
    }

    @Test func anIncludedObjectCanBeSavedAsAnObjectOfItsClass() async throws {
        transport.expect(.objects(try .named("Post"), .find(QueryParameters())), reply: .json(200, Self.includedPost))
        let post = try #require(try await makeQuery().find().first)
        let team: NCMBObject = try #require((post["author"] as NCMBUser?)?["team"])
        team["name"] = "Red"
        transport.expect(.objects(try .named("Team"), .update(objectId: "t1", ["name": "Red"])), reply: .json(200, #"{"updateDate":"2009-02-13T23:31:30.000Z"}"#))

        try await team.save()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: [
        (["author..team"], "include"), (["1author"], "include"), (["title", "bad name"], "keys"),
    ])
    func invalidNamesAreRefusedBeforeSending(names: [String], parameter: String) async throws {
        var query = makeQuery()
        if parameter == "include" { query.include = names } else { query.keys = names }

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await query.find() }

        #expect(error == .invalidFieldName)
        #expect(transport.requests.isEmpty)
    }

    @Test func tooManyPathsSegmentsOrKeysGetTheServersErrorBeforeSending() async throws {
        var paths = makeQuery()
        paths.include = (1...17).map { "field\($0)" }
        var deep = makeQuery()
        deep.include = ["a.b.c.d.e"]
        var keys = makeQuery()
        keys.keys = (1...257).map { "field\($0)" }

        for (query, parameter) in [(paths, "include"), (deep, "include"), (keys, "keys")] {
            let error = await #expect(throws: NCMBApiError.self) { try await query.find() }
            #expect(error?.errorCode == .invalidValue)
            #expect(error?.message == "\(parameter) is not a valid value.")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func countIgnoresIncludeAndKeys() async throws {
        var query = makeQuery()
        query.include = ["author"]
        query.keys = ["title"]
        transport.expect(
            .objects(try .named("Post"), .find(QueryParameters(limit: 0, includesCount: true))), reply: .json(200, #"{"count":4,"results":[]}"#))

        #expect(try await query.count() == 4)
    }
}
