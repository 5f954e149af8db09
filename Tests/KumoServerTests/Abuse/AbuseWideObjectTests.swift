import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// One wide object must not stop every write (issue 28, item 1; docs/decisions/0112-linear-writes-planned-outside-the-writer.md).
///
/// `{"k0":0,…}` with 100,000 keys took more than 300 s of the single writer: a list lookup per written field. Every stage
/// of a write is now linear and runs before the write enters the writer, and an object holds at most
/// `--max-fields-per-object` fields (10,000 by default; 413 E413002 past it). The time limit only stops a test that would
/// hang: every assertion is on outcomes.
@Suite(.timeLimit(.minutes(3))) struct AbuseWideObjectTests {
    /// `{"k0":0,"k1":1,…}` with `count` keys.
    static func wideBody(_ count: Int, value: (Int) -> String = { "\($0)" }) -> String {
        "{" + (0..<count).map { #""k\#($0)":\#(value($0))"# }.joined(separator: ",") + "}"
    }

    /// Limits that let 100,000 fields through (`--max-fields-per-object 200000`).
    static let roomy = ObjectLimits(maximumFields: 200_000, maximumEncodedBytes: 16 * 1024 * 1024)

    static let tooLarge: JSONValue = ["code": "E413002", "error": "Request entity too large."]

    private func stored(_ application: TestApplication, _ className: ClassName) async throws -> [StoredObject] {
        try await application.storage.objects.find(
            FindRequest(applicationId: application.application.applicationId, className: className, parameters: QueryParameters()),
            access: .bypass
        ).objects
    }

    @Test(arguments: TestDatabase.engines)
    func aHundredThousandFieldObjectIsCreatedUpdatedReadAndFound(engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine, objectLimits: Self.roomy) { application in
            try await application.test { client in
                let created = try await client.send(.post, "/2013-09-01/classes/Keys", body: Self.wideBody(100_000))
                let objectId = try #require(created.json?.objectValue?["objectId"]?.stringValue, "\(created.text.prefix(200))")
                let path = "/2013-09-01/classes/Keys/\(objectId)"
                let everyField = try await client.send(
                    .put, path, body: Self.wideBody(100_000) { _ in #"{"__op":"Increment","amount":1}"# })
                let oneField = try await client.send(.put, path, body: #"{"k7":{"__op":"Increment","amount":1}}"#)
                let read = try await client.send(.get, path)
                let found = try await client.send(.get, "/2013-09-01/classes/Keys?limit=1")

                #expect(created.status == .created)
                #expect(everyField.status == .ok, "\(everyField.text)")
                #expect(oneField.status == .ok, "\(oneField.text)")
                let object = try #require(read.json?.objectValue)
                #expect(object.keys.filter { $0.hasPrefix("k") }.count == 100_000)
                #expect(object["k7"] == 9)
                #expect(object["k99999"] == 100_000)
                let first = found.json?.objectValue?["results"]?.arrayValue?.first?.objectValue
                #expect(first?["objectId"] == .string(objectId))
                #expect(first?["k0"] == 1)
            }
        }
    }

    @Test func aCreatePastTheFieldLimitIsRefusedWithoutWaitingForTheWriter() async throws {
        try await TestApplication.with { application in
            try await application.test { client in
                // The writer is held by a transaction that waits for the test: a create that needed it could not answer.
                let (entered, enter) = AsyncStream<Void>.makeStream()
                let (released, release) = AsyncStream<Void>.makeStream()
                let holder = Task {
                    try await application.storage.transaction { _ in
                        enter.yield()
                        for await _ in released { break }
                    }
                }
                for await _ in entered { break }
                let refused = try await client.send(.post, "/2013-09-01/classes/Keys", body: Self.wideBody(100_000))
                release.yield()
                try await holder.value
                let small = try await client.send(.post, "/2013-09-01/classes/Keys", body: #"{"k":1}"#)

                #expect(refused.status.code == 413)
                #expect(refused.json == Self.tooLarge)
                #expect(small.status == .created)
                #expect(try await stored(application, try ClassName(validating: "Keys")).count == 1, "only the small object")
            }
        }
    }

    @Test func theFieldLimitHoldsForUpdatesThatGrowAnObject() async throws {
        let limits = ObjectLimits(maximumFields: 3, maximumEncodedBytes: 16 * 1024 * 1024)
        try await TestApplication.with(objectLimits: limits) { application in
            try await application.test { client in
                let objectId = try await client.createObject(at: "/2013-09-01/classes/Grow", #"{"a":1,"b":2}"#)
                let third = try await client.send(.put, "/2013-09-01/classes/Grow/\(objectId)", body: #"{"c":3}"#)
                let fourth = try await client.send(.put, "/2013-09-01/classes/Grow/\(objectId)", body: #"{"d":4}"#)
                let replaced = try await client.send(.put, "/2013-09-01/classes/Grow/\(objectId)", body: #"{"a":10}"#)

                #expect(third.status == .ok)
                #expect(fourth.status.code == 413)
                #expect(fourth.json == Self.tooLarge)
                #expect(replaced.status == .ok, "changing a field the object holds adds none")
                let fields = try await stored(application, try ClassName(validating: "Grow")).first?.fields
                #expect(fields == ["a": 10, "b": 2, "c": 3])
            }
        }
    }

    @Test func usersAndInstallationsWithManyCustomFieldsAreWrittenOrRefusedWhole() async throws {
        try await TestApplication.with(objectLimits: ObjectLimits(maximumFields: 25_000, maximumEncodedBytes: 16 * 1024 * 1024)) {
            application in
            try await application.test { client in
                let custom = Self.wideBody(20_000).dropFirst().dropLast()
                let user = try await client.send(.post, "/2013-09-01/users", body: #"{"userName":"wide","password":"secret",\#(custom)}"#)
                let installation = try await client.send(
                    .post, "/2013-09-01/installations", body: #"{"deviceType":"ios","deviceToken":"token1",\#(custom)}"#)
                let tooWide = Self.wideBody(25_001).dropFirst().dropLast()
                let refusedUser = try await client.send(
                    .post, "/2013-09-01/users", body: #"{"userName":"wider","password":"secret",\#(tooWide)}"#)

                #expect(user.status == .created, "\(user.text.prefix(200))")
                #expect(installation.status == .created, "\(installation.text.prefix(200))")
                #expect(refusedUser.status.code == 413)
                #expect(refusedUser.json == Self.tooLarge)
                let users = try await stored(application, .user)
                #expect(users.compactMap { $0.fields["userName"]?.stringValue } == ["wide"])
                #expect(users.first?.fields["k19999"] == 19_999)
            }
        }
    }

    @Test(arguments: [false, true])
    func aBatchOfWideObjectsIsWrittenAndAnOverwideSubRequestAloneFails(transaction: Bool) async throws {
        try await TestApplication.with(objectLimits: ObjectLimits(maximumFields: 20_000, maximumEncodedBytes: 16 * 1024 * 1024)) {
            application in
            try await application.test { client in
                let wide = #"{"method":"POST","path":"/2013-09-01/classes/Batched","body":\#(Self.wideBody(20_000))}"#
                let accepted = try await client.send(
                    .post, "/2013-09-01/batch", body: #"{"transaction":\#(transaction),"requests":[\#(wide),\#(wide),\#(wide)]}"#)
                let tooWide = #"{"method":"POST","path":"/2013-09-01/classes/Batched","body":\#(Self.wideBody(20_001))}"#
                let mixed = try await client.send(
                    .post, "/2013-09-01/batch", body: #"{"transaction":\#(transaction),"requests":[\#(wide),\#(tooWide)]}"#)

                #expect(accepted.status == .ok)
                #expect(accepted.json?.arrayValue?.allSatisfy { $0.objectValue?["success"] != nil } == true)
                if transaction {
                    #expect(mixed.status.code == 413, "all or nothing: the first failure's answer")
                    #expect(mixed.json == Self.tooLarge)
                } else {
                    #expect(mixed.json?.arrayValue?.last == ["error": Self.tooLarge])
                }
                #expect(try await stored(application, try ClassName(validating: "Batched")).count == (transaction ? 3 : 4))
            }
        }
    }

    @Test func manyGeoPointFieldsAreDeclaredAndTheRuleStillHolds() async throws {
        try await TestApplication.with { application in
            try await application.test { client in
                let points = try await client.send(
                    .post, "/2013-09-01/classes/Places",
                    body: Self.wideBody(1_200) { _ in #"{"__type":"GeoPoint","latitude":35.6,"longitude":139.7}"# })
                let number = try await client.send(.post, "/2013-09-01/classes/Places", body: #"{"k1199":5}"#)
                let elsewhere = try await client.send(.post, "/2013-09-01/classes/Places", body: #"{"other":5}"#)
                let point = try await client.send(
                    .post, "/2013-09-01/classes/Places", body: #"{"other":{"__type":"GeoPoint","latitude":1,"longitude":2}}"#)

                #expect(points.status == .created, "\(points.text)")
                #expect(number.status.code == 403)
                #expect(number.errorCode == "E403006")
                #expect(elsewhere.status == .created)
                #expect(point.status.code == 403, "other holds a number in the class")
                #expect(point.errorCode == "E403006")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func importedObjectsPastTheLimitFailAloneAndWideOnesAreWritten(engine: StorageEngine) async throws {
        let limits = ObjectLimits(maximumFields: 20_000, maximumEncodedBytes: 16 * 1024 * 1024)
        try await StorageUnderTest.with(engine, objectLimits: limits) { storage in
            let application = HostedApplication(
                applicationId: "ImportApplication", name: "import", applicationKey: "appkey", clientKey: "clientkey",
                settings: ApplicationSettings(), createDate: WireDate(millisecondsSince1970: 0))
            try await storage.applications.create(application)
            let imported = try ClassName(validating: "Imported")
            func object(_ objectId: String, fields count: Int) -> BulkObject {
                var fields = JSONObject()
                for index in 0..<count { fields["k\(index)"] = .integer(Int64(index)) }
                return BulkObject(
                    className: imported, objectId: objectId, createDate: WireDate(millisecondsSince1970: 1),
                    updateDate: WireDate(millisecondsSince1970: 2), acl: .publicReadWrite, fields: fields)
            }

            let outcomes = try await storage.bulk.write(
                [object("wide", fields: 20_000), object("tooWide", fields: 20_001), object("small", fields: 1)],
                applicationId: application.applicationId, conflict: .fail, dryRun: false)

            #expect(outcomes == [.inserted, .failed(APIError(.requestEntityTooLarge)), .inserted])
            let stored = try await storage.objects.find(
                FindRequest(applicationId: application.applicationId, className: imported, parameters: QueryParameters()),
                access: .bypass)
            #expect(stored.objects.map(\.objectId).sorted() == ["small", "wide"])
            #expect(stored.objects.first { $0.objectId == "wide" }?.fields.count == 20_000)
        }
    }
}
