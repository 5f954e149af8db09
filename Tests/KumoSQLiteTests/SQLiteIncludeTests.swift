import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

@Suite struct SQLiteIncludeTests {
    /// Comments → posts → authors; one post is private to its author, one comment points at a missing post.
    static let fixtures: [NewObject] = [
        Fixture.newObject("user", "author1", ["userName": "alice"], seconds: 1),
        Fixture.newObject(
            "user", "author2", ["userName": "bob"], acl: AccessControlList(["author2": .init(read: true, write: true)]), seconds: 2),
        Fixture.newObject("Post", "post1", ["title": "Hello", "author": Fixture.pointer("user", "author1").json], seconds: 3),
        Fixture.newObject("Post", "post2", ["title": "Bob's", "author": Fixture.pointer("user", "author2").json], seconds: 4),
        Fixture.newObject(
            "Post", "private", ["title": "Private", "author": Fixture.pointer("user", "author1").json],
            acl: AccessControlList(["author1": .init(read: true, write: true)]), seconds: 5),
        Fixture.newObject("Comment", "comment1", ["post": Fixture.pointer("Post", "post1").json], seconds: 6),
        Fixture.newObject("Comment", "comment2", ["post": Fixture.pointer("Post", "post2").json], seconds: 7),
        Fixture.newObject("Comment", "comment3", ["post": Fixture.pointer("Post", "private").json], seconds: 8),
        Fixture.newObject("Comment", "comment4", ["post": Fixture.pointer("Post", "gone").json, "other": 1], seconds: 9),
    ]

    func comments(_ storage: SQLiteStorage, include: [[FieldName]], access: AccessContext) async throws -> [String: JSONValue] {
        let found = try await storage.objects.find(
            Fixture.request("Comment", QueryParameters(order: [SortKey(field: .objectId)], include: include)), access: access
        )
        return Dictionary(uniqueKeysWithValues: found.objects.map { ($0.objectId, $0.fields["post"] ?? nil) })
    }

    // MARK: Tests

    @Test func includeReplacesAReadablePointerWithTheMarkedObject() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteIncludeTests.fixtures)
            let post = try await storage.objects.object(Fixture.key("Post", "post1"), include: [], access: .anonymous)

            let included = try await comments(storage, include: [[Fixture.field("post")]], access: .anonymous)

            var expected = post.json
            expected["__type"] = "Object"
            expected["className"] = "Post"
            #expect(included["comment1"] == .object(expected))
            #expect(included["comment1"]?.objectValue?.keys.suffix(2) == ["__type", "className"])
        }
    }

    @Test func unreadableAndMissingTargetsStayPointers() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteIncludeTests.fixtures)

            let included = try await comments(storage, include: [[Fixture.field("post")]], access: .anonymous)

            #expect(included["comment3"] == Fixture.pointer("Post", "private").json)
            #expect(included["comment4"] == Fixture.pointer("Post", "gone").json)
        }
    }

    @Test func aReaderWithAccessSeesThePrivateTargetIncluded() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteIncludeTests.fixtures)

            let included = try await comments(storage, include: [[Fixture.field("post")]], access: .user(objectId: "author1"))

            #expect(included["comment3"]?.objectValue?["title"] == "Private")
        }
    }

    @Test func aDottedPathExpandsEachLevel() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteIncludeTests.fixtures)

            let included = try await comments(
                storage, include: [[Fixture.field("post"), Fixture.field("author")]], access: .anonymous
            )

            let firstAuthor = included["comment1"]?.objectValue?["author"]?.objectValue
            #expect(firstAuthor?["userName"] == "alice")
            #expect(firstAuthor?["__type"] == "Object" && firstAuthor?["className"] == "user")
            #expect(included["comment2"]?.objectValue?["author"] == Fixture.pointer("user", "author2").json)
        }
    }

    @Test func getByIdExpandsIncludesToo() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteIncludeTests.fixtures)

            let comment = try await storage.objects.object(
                Fixture.key("Comment", "comment1"), include: [[Fixture.field("post")]], access: .anonymous
            )

            #expect(comment.fields["post"]?.objectValue?["title"] == "Hello")
        }
    }
}
