import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Class-level permissions and indexes through the dashboard, in the vocabulary and with the rules of
/// `kumo classes permissions` and `kumo classes index` (docs/dashboard.md#class-permissions, docs/dashboard.md#indexes).
@Suite struct ClassPermissionsAndIndexesAPITests {
    static let permissions = "/dashboard/api/apps/test/classes/Chat/permissions"
    static let indexes = "/dashboard/api/apps/test/classes/Chat/indexes"

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    // MARK: Permissions

    @Test func permissionsAreShownChangedAndEnforcedOnREST() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            let before = try await session.send(.get, Self.permissions)
            let changed = try await session.change(.put, Self.permissions, body: #"{"find":"authenticated","create":"role:Staff, Admin"}"#)
            let after = try await session.send(.get, Self.permissions)
            let anonymousCreate = try await harness.server.test { requester in
                try await requester.send(.post, "/2013-09-01/classes/Chat", body: "{}")
            }

            #expect(
                Self.object(before) == [
                    "className": "Chat", "get": "public", "find": "public", "create": "public", "update": "public", "delete": "public",
                ])
            #expect(changed.status == .ok)
            #expect(Self.object(after)["find"] == "authenticated" && Self.object(after)["create"] == "role:Admin,role:Staff")
            #expect(Self.object(after)["get"] == "public")
            #expect(anonymousCreate.status == .forbidden)
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "classPermissions.update" && entry.target == "Chat" && entry.detail["find"] == "authenticated")
        }
    }

    @Test func aChangeRightAfterARESTRequestWarmedTheCacheIsSeenByTheNextRESTRequest() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            try await harness.server.test { requester in
                let warm = try await requester.send(.post, "/2013-09-01/classes/Chat", body: "{}")
                let changed = try await session.change(.put, Self.permissions, body: #"{"create":"nobody"}"#)
                let next = try await requester.send(.post, "/2013-09-01/classes/Chat", body: "{}")

                #expect(warm.status == .created)
                #expect(changed.status == .ok)
                #expect(next.status == .forbidden, "the pinned clock never expires the cache: only the dashboard's notice does")
                #expect(next.errorCode == "E403001")
            }
        }
    }

    @Test func standardClassesAreNamedAsTheDashboardNamesThem() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            try await session.change(.put, "/dashboard/api/apps/test/classes/users/permissions", body: #"{"delete":"nobody"}"#)
            try await session.change(.put, "/dashboard/api/apps/test/classes/files/permissions", body: #"{"create":"authenticated"}"#)

            let stored = try await harness.server.storage.applications.classPermissions(applicationId: "TestApplicationId")
            #expect(stored[.user]?.permission(for: .delete) == OperationPermission(isPublic: false))
            #expect(stored[.file]?.permission(for: .create) == OperationPermission(isPublic: false, allowsAuthenticatedUsers: true))
        }
    }

    @Test(arguments: [
        (#"{"find":"everyone"}"#, "find"), (#"{"find":"public,nobody"}"#, "find"), (#"{"create":"role:bad!name"}"#, "create"),
        (#"{"read":"public"}"#, "read"), (#"{"get":true}"#, "get"), (#"[]"#, "permissions"),
    ])
    func badPermissionsAreRefusedNamingTheOperation(body: String, field: String) async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            let response = try await session.change(.put, Self.permissions, body: body)

            #expect(response.status == .badRequest && Self.object(response)["field"] == .string(field))
            #expect(try await harness.server.storage.applications.classPermissions(applicationId: "TestApplicationId").isEmpty)
        }
    }

    @Test func aBadClassNameIsNCMBsError() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let permissions = try await session.send(.get, "/dashboard/api/apps/test/classes/9bad/permissions")
            let indexes = try await session.send(.get, "/dashboard/api/apps/test/classes/9bad/indexes")

            #expect(permissions.status == .badRequest && Self.object(permissions)["code"] == "E400002")
            #expect(indexes.status == .badRequest && Self.object(indexes)["code"] == "E400002")
        }
    }

    // MARK: Indexes

    @Test func anIndexIsBuiltWithInferredKindsListedAndRemoved() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            for score in 1...3 {
                try await session.change(.post, "/dashboard/api/apps/test/classes/Chat/objects", body: #"{"score":\#(score),"room":"a"}"#)
            }

            let created = try await session.change(.post, Self.indexes, body: #"{"fields":["room","score:number"]}"#)
            let again = try await session.change(.post, Self.indexes, body: #"{"fields":["room","score:number"]}"#)
            let listed = try await session.send(.get, Self.indexes)
            let removed = try await session.change(.delete, "\(Self.indexes)?fields=room,score")
            let afterwards = try await session.send(.get, Self.indexes)

            #expect(created.status == .created && again.status == .ok && Self.object(again)["existed"] == true)
            #expect(Self.object(created)["objectCount"] == 3)
            #expect(Self.object(created)["notes"]?.arrayValue?.isEmpty == false)
            let index = try #require(Self.object(listed)["results"]?.arrayValue?.first?.objectValue)
            #expect(index["fields"] == [["field": "room", "kind": "string"], ["field": "score", "kind": "number"]])
            #expect(Self.object(listed)["suggestions"] == [])
            #expect(removed.status == .ok && Self.object(removed)["removed"] == index["name"])
            #expect(Self.object(afterwards)["results"] == [])
            let actions = try await harness.audit().prefix(3).map(\.action)
            #expect(actions == ["index.remove", "index.create", "index.create"])
        }
    }

    /// The index page accepts a dotted path (docs/decisions/0105-indexes-on-paths-and-arrays.md).
    @Test func anIndexOnADottedPathIsBuiltListedAndRemoved() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            try await session.change(.post, "/dashboard/api/apps/test/classes/Chat/objects", body: #"{"stats":{"level":3}}"#)

            let created = try await session.change(.post, Self.indexes, body: #"{"fields":["stats.level"]}"#)
            let listed = try await session.send(.get, Self.indexes)
            let removed = try await session.change(.delete, "\(Self.indexes)?fields=stats.level")

            #expect(created.status == .created)
            let index = try #require(Self.object(listed)["results"]?.arrayValue?.first?.objectValue)
            #expect(index["fields"] == [["field": "stats.level", "kind": "number"]])
            #expect(removed.status == .ok)
        }
    }

    @Test func theAdvisorsSuggestionsForTheClassAreListed() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            let request = FindRequest(
                applicationId: "TestApplicationId", className: try #require(ClassName("Chat")),
                parameters: QueryParameters(whereQuery: WhereQuery([.field(try #require(FieldName("room")), [.equalTo("a")])])))
            let shape = try #require(QueryShape(request))
            try await harness.server.storage.indexes.recordSlowQueries([
                SlowQueryRun(shape: shape, runs: 3, totalMilliseconds: 900, maximumMilliseconds: 400, lastSeen: TestClock.start)
            ])

            let listed = try await session.send(.get, Self.indexes)
            let other = try await session.send(.get, "/dashboard/api/apps/test/classes/Note/indexes")

            let suggestion = try #require(Self.object(listed)["suggestions"]?.arrayValue?.first?.objectValue)
            #expect(suggestion["fields"] == [["field": "room", "kind": "string"]] && suggestion["runs"] == 3)
            #expect(Self.object(other)["suggestions"] == [])
        }
    }

    @Test(arguments: [
        (#"{"fields":[]}"#), (#"{"fields":["objectId"]}"#), (#"{"fields":["nothing"]}"#), (#"{"fields":["a:colour"]}"#),
        (#"{"fields":"room"}"#), (#"{"fields":[1]}"#), (#"{"fields":["stats..level:number"]}"#),
        (#"{"fields":["createDate.x:string"]}"#),
    ])
    func badIndexFieldsAreRefused(body: String) async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            let response = try await session.change(.post, Self.indexes, body: body)

            #expect(response.status == .badRequest && Self.object(response)["field"] == "fields")
            #expect(try await harness.server.storage.indexes.indexes(applicationId: "TestApplicationId", className: nil).isEmpty)
        }
    }

    @Test func removingAnIndexThatDoesNotExistOrWithoutFieldsIsRefused() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let missing = try await session.change(.delete, "\(Self.indexes)?fields=room")
            let noFields = try await session.change(.delete, Self.indexes)

            #expect(missing.status == .notFound && Self.object(missing)["code"] == "notFound")
            #expect(noFields.status == .badRequest && Self.object(noFields)["field"] == "fields")
        }
    }
}
