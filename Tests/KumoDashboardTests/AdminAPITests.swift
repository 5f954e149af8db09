import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The admin JSON API over a real server: applications, classes, objects through the NCMB pipeline as an
/// administrator, bulk delete and the audit log (docs/dashboard.md#admin-api).
@Suite struct AdminAPITests {
    static let objects = "/dashboard/api/apps/test/classes/Chat/objects"

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    // MARK: Applications

    @Test func applicationsAreListedWithTheirObjectCounts() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            try await session.change(.post, Self.objects, body: #"{"text":"hello"}"#)

            let list = try await session.send(.get, "/dashboard/api/apps")

            let first = try #require(Self.object(list)["results"]?.arrayValue?.first?.objectValue)
            #expect(first["name"] == "test")
            #expect(first["applicationId"] == "TestApplicationId")
            #expect(first["objectCount"] == 1)
        }
    }

    @Test func creatingAnApplicationAnswersItsKeysAndIsAudited() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            let created = try await session.change(.post, "/dashboard/api/apps", body: #"{"name":"second"}"#)
            let detail = try await session.send(.get, "/dashboard/api/apps/second")

            #expect(created.status == .created)
            #expect(Self.object(created)["applicationKey"]?.stringValue?.count == 64)
            #expect(Self.object(detail)["clientKey"] == Self.object(created)["clientKey"])
            #expect(Self.object(detail)["settings"]?.objectValue != nil)
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "application.create" && entry.application == "second" && entry.admin == DashboardHarness.email)
        }
    }

    @Test func badAndDuplicateApplicationNamesAreRefused() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let empty = try await session.change(.post, "/dashboard/api/apps", body: #"{"name":""}"#)
            let slash = try await session.change(.post, "/dashboard/api/apps", body: #"{"name":"a/b"}"#)
            let duplicate = try await session.change(.post, "/dashboard/api/apps", body: #"{"name":"test"}"#)
            let missing = try await session.send(.get, "/dashboard/api/apps/missing")

            #expect(empty.status == .badRequest && slash.status == .badRequest)
            #expect(duplicate.status == .conflict)
            #expect(Self.object(duplicate)["code"] == "duplicate")
            #expect(missing.status == .notFound)
        }
    }

    // MARK: Objects

    @Test func anObjectIsCreatedReadUpdatedAndDeletedThroughTheNCMBPipeline() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            let created = try await session.change(
                .post, Self.objects,
                body: #"{"text":"hi","when":{"__type":"Date","iso":"2020-01-02T03:04:05.000Z"},"acl":{"*":{"read":true}}}"#)
            let objectId = try #require(Self.object(created)["objectId"]?.stringValue)
            let updated = try await session.change(
                .put, "\(Self.objects)/\(objectId)",
                body: #"{"owner":{"__type":"Pointer","className":"Chat","objectId":"\#(objectId)"}}"#)
            let read = try await session.send(.get, "\(Self.objects)/\(objectId)")
            let deleted = try await session.change(.delete, "\(Self.objects)/\(objectId)")
            let gone = try await session.send(.get, "\(Self.objects)/\(objectId)")

            #expect(created.status == .created)
            #expect(updated.status == .ok && Self.object(updated)["updateDate"] != nil)
            #expect(Self.object(read)["when"] == ["__type": "Date", "iso": "2020-01-02T03:04:05.000Z"])
            #expect(Self.object(read)["owner"]?.objectValue?["__type"] == "Pointer")
            #expect(deleted.status == .ok)
            #expect(gone.status == .notFound && Self.object(gone)["code"] == "E404001")
            let actions = try await harness.audit().prefix(3).map(\.action)
            #expect(actions == ["object.delete", "object.update", "object.create"])
            let createEntry = try #require(try await harness.audit().first { $0.action == "object.create" })
            #expect(createEntry.target == objectId && createEntry.application == "test" && createEntry.detail["className"] == "Chat")
        }
    }

    @Test func theAdministratorReadsObjectsNoACLAllows() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            let created = try await session.change(.post, Self.objects, body: #"{"secret":1,"acl":{}}"#)
            let objectId = try #require(Self.object(created)["objectId"]?.stringValue)

            let read = try await session.send(.get, "\(Self.objects)/\(objectId)")
            let found = try await session.send(.get, "\(Self.objects)?count=1")

            #expect(read.status == .ok && Self.object(read)["secret"] == 1)
            #expect(Self.object(found)["count"] == 1)
        }
    }

    @Test func findTakesNCMBQueryParametersAndAnswersNCMBErrors() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            for number in 1...3 { try await session.change(.post, Self.objects, body: #"{"n":\#(number)}"#) }

            let query = #"where=%7B%22n%22%3A%7B%22%24gte%22%3A2%7D%7D&order=-n&count=1"#
            let found = try await session.send(.get, "\(Self.objects)?\(query)")
            let badWhere = try await session.send(.get, "\(Self.objects)?where=%7Bnot%20json")
            let badLimit = try await session.send(.get, "\(Self.objects)?limit=5000")

            #expect(found.status == .ok)
            #expect(Self.object(found)["results"]?.arrayValue?.compactMap { $0.objectValue?["n"] } == [3, 2])
            #expect(Self.object(found)["count"] == 2)
            #expect(badWhere.status == .badRequest && Self.object(badWhere)["code"]?.stringValue?.hasPrefix("E400") == true)
            #expect(badLimit.status == .badRequest && Self.object(badLimit)["code"]?.stringValue?.hasPrefix("E400") == true)
        }
    }

    @Test func invalidBodiesAndClassNamesAnswerNCMBErrors() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            let notJSON = try await session.change(.post, Self.objects, body: "{nope")
            let badClass = try await session.change(.post, "/dashboard/api/apps/test/classes/9bad/objects", body: "{}")
            let badField = try await session.change(.post, Self.objects, body: #"{"9field":1}"#)
            let noApplication = try await session.send(.get, "/dashboard/api/apps/missing/classes/Chat/objects")

            #expect(notJSON.status == .badRequest && Self.object(notJSON)["code"] == "E400001")
            #expect(badClass.status == .badRequest && Self.object(badClass)["code"] == "E400002")
            #expect(badField.status == .badRequest && Self.object(badField)["code"]?.stringValue?.hasPrefix("E400") == true)
            #expect(noApplication.status == .notFound && Self.object(noApplication)["code"] == "notFound")
            #expect(try await harness.audit().allSatisfy { !$0.action.hasPrefix("object.") })
        }
    }

    @Test func standardClassesAreReachedByTheirCollectionNames() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let created = try await session.change(
                .post, "/dashboard/api/apps/test/classes/users/objects", body: #"{"userName":"alice","password":"secret"}"#)
            let classes = try await session.send(.get, "/dashboard/api/apps/test/classes")

            #expect(created.status == .created)
            let results = Self.object(classes)["results"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(results.contains { $0["className"] == "users" && $0["count"] == 1 })
        }
    }

    @Test func classesAreListedWithTheirCounts() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            try await session.change(.post, Self.objects, body: #"{"n":1}"#)
            try await session.change(.post, Self.objects, body: #"{"n":2}"#)
            try await session.change(.post, "/dashboard/api/apps/test/classes/Note/objects", body: #"{"n":1}"#)

            let classes = try await session.send(.get, "/dashboard/api/apps/test/classes")

            let results = Self.object(classes)["results"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(results.contains { $0["className"] == "Chat" && $0["count"] == 2 })
            #expect(results.contains { $0["className"] == "Note" && $0["count"] == 1 })
        }
    }

    @Test func bulkDeleteReportsWhatItDeletedAndWhatFailed() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            let first = try await session.change(.post, Self.objects, body: #"{"n":1}"#)
            let second = try await session.change(.post, Self.objects, body: #"{"n":2}"#)
            let ids = [first, second].compactMap { Self.object($0)["objectId"]?.stringValue }

            let response = try await session.change(
                .post, "/dashboard/api/apps/test/classes/Chat/delete", body: #"{"objectIds":["\#(ids[0])","\#(ids[1])","missing"]}"#)
            let badBody = try await session.change(.post, "/dashboard/api/apps/test/classes/Chat/delete", body: #"{"objectIds":"x"}"#)
            let withoutToken = try await session.send(.post, "/dashboard/api/apps/test/classes/Chat/delete", body: #"{"objectIds":[]}"#)

            #expect(Self.object(response)["deleted"] == 2)
            let errors = Self.object(response)["errors"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(errors.count == 1 && errors.first?["objectId"] == "missing" && errors.first?["code"] == "E404001")
            #expect(badBody.status == .badRequest)
            #expect(withoutToken.status == .forbidden)
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "object.bulkDelete" && entry.detail["objectIds"]?.arrayValue?.count == 2)
        }
    }

    // MARK: Audit

    @Test func theAuditLogIsListedNewestFirstAndPaged() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            try await session.change(.post, Self.objects, body: #"{"n":1}"#)

            let newest = try await session.send(.get, "/dashboard/api/audit?limit=2")
            let results = Self.object(newest)["results"]?.arrayValue?.compactMap(\.objectValue) ?? []
            let last = try #require(results.last?["id"]?.integerValue)
            let older = try await session.send(.get, "/dashboard/api/audit?limit=50&before=\(last)")
            let badLimit = try await session.send(.get, "/dashboard/api/audit?limit=0")
            let badBefore = try await session.send(.get, "/dashboard/api/audit?before=x")

            #expect(results.map { $0["action"] } == ["object.create", "login"])
            #expect(results.first?["application"] == "test" && results.first?["address"] == .string(DashboardHarness.clientAddress))
            #expect(Self.object(older)["results"]?.arrayValue?.compactMap { $0.objectValue?["action"] } == ["admin.create"])
            #expect(badLimit.status == .badRequest && badBefore.status == .badRequest)
        }
    }

    @Test func anUnknownAPIPathIs404() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let response = try await session.send(.get, "/dashboard/api/nothing")

            #expect(response.status == .notFound && Self.object(response)["code"] == "notFound")
        }
    }
}
