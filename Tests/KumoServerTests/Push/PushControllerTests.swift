import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `/push` end to end through the in-process server on real SQLite: fixtures F76–F79
/// (docs/wire/endpoints/push.md#fixtures), the delivery job created and moved with its push, and the shape pushes are
/// shown in.
@Suite struct PushControllerTests {
    static let path = "/2013-09-01/push"
    /// F76's body.
    static let registration =
        #"{"immediateDeliveryFlag":true,"target":["android"],"searchCondition":{"score":{"$gt":80}},"title":"t","message":"m"}"#
    /// A push scheduled one hour after the test clock's start.
    static let scheduled = #"{"deliveryTime":{"__type":"Date","iso":"2009-02-14T00:31:30.000Z"},"message":"later"}"#
    /// The test clock's start plus one hour.
    static let inOneHour = WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 3_600_000)

    /// Runs `body` with a requester on a fresh SQLite server whose application allows pushes from clients
    /// (docs/decisions/0061-push-from-clients-off-by-default.md).
    static func run(
        settings: ApplicationSettings = ApplicationSettings(clientPushEnabled: true),
        _ body: @escaping @Sendable (TestApplication, TestRequester) async throws -> Void
    ) async throws {
        try await TestApplication.withRequester(settings: settings, body)
    }

    /// Registers a push and returns its objectId.
    static func register(_ requester: TestRequester, _ body: String, token: String? = nil) async throws -> String {
        try await requester.createObject(at: path, body, token: token)
    }

    /// The pushes whose jobs are due at `now`, by objectId (claimed with a one-minute lease).
    static func dueJobs(_ application: TestApplication, at now: WireDate) async throws -> [PushJob] {
        try await application.storage.pushJobs.claimDue(
            now: now, leaseUntil: WireDate(millisecondsSince1970: now.millisecondsSince1970 + 60_000), limit: 100)
    }

    /// Parses JSON text written in a test.
    static func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    // MARK: Create

    @Test func registeringAnswersAsFixtureF76AndQueuesAJobDueNow() async throws {
        try await Self.run { application, requester in
            let response = try await requester.send(.post, Self.path, body: Self.registration)

            #expect(response.status == .created)
            #expect(response.text == #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#)
            let jobs = try await Self.dueJobs(application, at: TestClock.start)
            #expect(jobs.map(\.pushId) == ["0000000000000001"])
            #expect(jobs.map(\.dueAt) == [TestClock.start])
        }
    }

    @Test func theSmallestBodyOfFixtureF77IsAccepted() async throws {
        try await Self.run { _, requester in
            let response = try await requester.send(.post, Self.path, body: #"{"immediateDeliveryFlag":true}"#)

            #expect(response.status == .created)
        }
    }

    @Test func aScheduledPushIsDueAtItsDeliveryTime() async throws {
        try await Self.run { application, requester in
            let id = try await Self.register(requester, Self.scheduled)

            #expect(try await Self.dueJobs(application, at: TestClock.start).isEmpty)
            #expect(try await Self.dueJobs(application, at: Self.inOneHour).map(\.pushId) == [id])
        }
    }

    @Test func theBodiesTheSDKsSendAreAccepted() async throws {
        // ncmb_swift: defaults plus a deliveryTime; ncmb_android: android_channel_id; ncmb_unity: immediate with expiry.
        let bodies = [
            #"{"immediateDeliveryFlag":true,"deliveryTime":null,"target":[],"searchCondition":{},"message":"m"}"#,
            #"{"deliveryTime":{"__type":"Date","iso":"2009-02-14T00:31:30.000Z"},"immediateDeliveryFlag":false,"target":["ios","android"],"searchCondition":{}}"#,
            #"{"message":"m","immediateDeliveryFlag":true,"android_channel_id":""}"#,
            #"{"message":"m","deliveryExpirationTime":"3 day","immediateDeliveryFlag":true,"badgeIncrementFlag":true,"badgeSetting":0}"#,
        ]
        try await Self.run { _, requester in
            for body in bodies {
                let response = try await requester.send(.post, Self.path, body: body)
                #expect(response.status == .created, "\(body): \(response.text)")
            }
        }
    }

    @Test func bothDeliveryOptionsAnswerAsFixtureF79AndWriteNothing() async throws {
        try await Self.run { application, requester in
            let response = try await requester.send(
                .post, Self.path,
                body: #"{"deliveryTime":{"__type":"Date","iso":"2030-01-01T00:00:00.000Z"},"immediateDeliveryFlag":true,"message":"m"}"#)

            #expect(response.status == .badRequest)
            #expect(response.text == #"{"code":"E400008","error":"Either deliveryTime or immediateDeliveryFlag."}"#)
            let count = try await requester.send(.get, Self.path + "?count=1&limit=0")
            #expect(count.text == #"{"results":[],"count":0}"#)
            #expect(try await Self.dueJobs(application, at: WireDate(millisecondsSince1970: Int64.max / 2)).isEmpty)
        }
    }

    // MARK: Get and find

    @Test func aPushReadsBackWithEveryDocumentedFieldAsFixtureF78Shows() async throws {
        try await Self.run { _, requester in
            let id = try await Self.register(
                requester,
                #"{"deliveryTime":{"__type":"Date","iso":"2009-02-14T00:31:30.000Z"},"target":["ios"],"badgeIncrementFlag":true,"contentAvailable":false}"#
            )

            let read = try await requester.send(.get, Self.path + "/\(id)")

            let expected = try Self.json(
                #"{"objectId":"\#(id)","deliveryTime":{"__type":"Date","iso":"2009-02-14T00:31:30.000Z"},"target":["ios"],"searchCondition":null,"title":null,"message":null,"userSettingValue":null,"deliveryExpirationDate":null,"deliveryExpirationTime":null,"deliveryPlanNumber":0,"deliveryNumber":0,"status":0,"error":null,"action":null,"badgeIncrementFlag":true,"badgeSetting":null,"sound":null,"contentAvailable":false,"richUrl":null,"dialog":null,"category":null,"createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}}}"#
            )
            #expect(read.status == .ok)
            #expect(read.json == expected)
            #expect(read.text.hasPrefix(#"{"objectId":"\#(id)","deliveryTime":"#))
        }
    }

    @Test func findListsPushesInTheShapeOfFixtureF78WithCount() async throws {
        try await Self.run { _, requester in
            let first = try await Self.register(requester, Self.registration)
            _ = try await Self.register(requester, Self.scheduled)

            let found = try await requester.send(
                .get, Self.path + "?count=1&where=" + PercentEncoding.encode(#"{"title":"t"}"#))

            let object = try #require(found.json?.objectValue)
            #expect(object["count"] == 1)
            let results = try #require(object["results"]?.arrayValue)
            #expect(results.count == 1)
            let push = try #require(results.first?.objectValue)
            #expect(push["objectId"] == .string(first))
            #expect(push["searchCondition"] == ["score": ["$gt": 80]])
            #expect(push["immediateDeliveryFlag"] == true)
            #expect(push["deliveryTime"] == .null)
            #expect(push["status"] == 0)
        }
    }

    @Test func findWithKeysPadsOnlyTheAskedFields() async throws {
        try await Self.run { _, requester in
            _ = try await Self.register(requester, Self.registration)

            let found = try await requester.send(.get, Self.path + "?keys=title,sound")

            let push = try #require(found.json?.objectValue?["results"]?.arrayValue?.first?.objectValue)
            #expect(push["title"] == "t")
            #expect(push["sound"] == .null)
            #expect(push["message"] == nil)
        }
    }

    // MARK: Update and delete

    @Test func aScheduledPushCanBeRescheduledAndItsJobMoves() async throws {
        try await Self.run { application, requester in
            let id = try await Self.register(requester, Self.scheduled)
            application.clock.advance(milliseconds: 1000)

            let updated = try await requester.send(
                .put, Self.path + "/\(id)", body: #"{"deliveryTime":{"__type":"Date","iso":"2009-02-14T01:31:30.000Z"},"title":"x"}"#)
            let read = try await requester.send(.get, Self.path + "/\(id)")

            #expect(updated.text == #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#)
            #expect(read.json?.objectValue?["title"] == "x")
            let inTwoHours = WireDate(millisecondsSince1970: Self.inOneHour.millisecondsSince1970 + 3_600_000)
            #expect(try await Self.dueJobs(application, at: Self.inOneHour).isEmpty)
            #expect(try await Self.dueJobs(application, at: inTwoHours).map(\.pushId) == [id])
        }
    }

    @Test func switchingAScheduledPushToImmediateMakesItDueNow() async throws {
        try await Self.run { application, requester in
            let id = try await Self.register(requester, Self.scheduled)

            let updated = try await requester.send(.put, Self.path + "/\(id)", body: #"{"immediateDeliveryFlag":true}"#)
            let read = try await requester.send(.get, Self.path + "/\(id)")

            #expect(updated.status == .ok)
            #expect(read.json?.objectValue?["deliveryTime"] == .null)
            #expect(try await Self.dueJobs(application, at: TestClock.start).map(\.pushId) == [id])
        }
    }

    @Test func anUpdateThatBreaksTheCombinationRulesChangesNothing() async throws {
        try await Self.run { _, requester in
            let id = try await Self.register(requester, Self.scheduled)

            let cleared = try await requester.send(.put, Self.path + "/\(id)", body: #"{"deliveryTime":null,"title":"x"}"#)
            let expiry = try await requester.send(
                .put, Self.path + "/\(id)", body: #"{"deliveryExpirationDate":{"__type":"Date","iso":"2009-02-14T00:00:00.000Z"}}"#)
            let read = try await requester.send(.get, Self.path + "/\(id)")

            #expect(cleared.text == #"{"code":"E400008","error":"Either deliveryTime or immediateDeliveryFlag."}"#)
            #expect(expiry.text == #"{"code":"E400005","error":"deliveryExpirationDate is not a valid value."}"#)
            #expect(read.json?.objectValue?["title"] == .null)
        }
    }

    @Test(arguments: [PushStatus.delivering, .delivered, .partlyFailed, .failed])
    func aPushNoLongerScheduledCannotChange(status: PushStatus) async throws {
        try await Self.run { application, requester in
            let id = try await Self.register(requester, Self.scheduled)
            let key = ObjectKey(applicationId: application.application.applicationId, className: .push, objectId: id)
            let statusField = try #require(FieldName("status"))
            _ = try await application.storage.objects.update(
                ObjectUpdate(key: key, updateDate: TestClock.start, operations: [(statusField, .set(.integer(status.rawValue)))]),
                access: .bypass)

            let response = try await requester.send(.put, Self.path + "/\(id)", body: #"{"title":"x"}"#)

            #expect(response.status == .badRequest)
            #expect(response.text == #"{"code":"E400005","error":"status is not a valid value."}"#)
        }
    }

    @Test func deletingAPushRemovesItAndItsJob() async throws {
        try await Self.run { application, requester in
            let id = try await Self.register(requester, Self.registration)

            let deleted = try await requester.send(.delete, Self.path + "/\(id)")
            let read = try await requester.send(.get, Self.path + "/\(id)")
            let again = try await requester.send(.delete, Self.path + "/\(id)")

            #expect(deleted.status == .ok)
            #expect(deleted.text.isEmpty)
            #expect(read.text == #"{"code":"E404001","error":"No data available."}"#)
            #expect(again.errorCode == "E404001")
            #expect(try await Self.dueJobs(application, at: TestClock.start).isEmpty)
        }
    }

    @Test func theStatusValuesAreThoseTheREADMEDocuments() {
        #expect(PushStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
    }
}
