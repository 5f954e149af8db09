import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `/installations` end to end through the in-process server on real SQLite: fixtures F71–F75
/// (docs/wire/endpoints/installations.md#fixtures), unique device tokens, and bad bodies that write nothing.
@Suite struct InstallationsControllerTests {
    static let path = "/2013-09-01/installations"
    static let registration =
        #"{"deviceToken":"xxxxxxxxxxxxxxxxxxx","deviceType":"android","applicationName":"ncmb-core","appVersion":"1.0","sdkVersion":"4.2.0","timeZone":"Asia/Tokyo","pushType":"fcm"}"#

    /// Runs `body` with a requester on a fresh SQLite server.
    static func run(_ body: @escaping @Sendable (TestApplication, TestRequester) async throws -> Void) async throws {
        try await TestApplication.withRequester(body)
    }

    /// Registers an installation and returns its objectId.
    static func register(_ requester: TestRequester, _ body: String, token: String? = nil) async throws -> String {
        try await requester.createObject(at: path, body, token: token)
    }

    /// How many installations an anonymous query counts.
    static func count(_ requester: TestRequester) async throws -> Int64? {
        try await requester.send(.get, path + "?count=1&limit=0").json?.objectValue?["count"]?.integerValue
    }

    @Test func registerAnswersAsFixtureF71AndReadsBackAsFixtureF73() async throws {
        try await Self.run { application, requester in
            let created = try await requester.send(.post, Self.path, body: Self.registration)
            application.clock.advance(milliseconds: 1000)
            let updated = try await requester.send(
                .put, Self.path + "/0000000000000001", body: #"{"badge":0,"channels":["Ch1"],"key":"value"}"#)
            let read = try await requester.send(.get, Self.path + "/0000000000000001")

            #expect(created.status == .created)
            #expect(created.text == #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#)
            #expect(updated.text == #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#)
            let expected = try JSONValue(
                parsing: Array(
                    #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:31.000Z","acl":{"*":{"read":true,"write":true}},"sdkVersion":"4.2.0","timeZone":"Asia/Tokyo","deviceType":"android","badge":0,"applicationName":"ncmb-core","appVersion":"1.0","deviceToken":"xxxxxxxxxxxxxxxxxxx","channels":["Ch1"],"key":"value","pushType":"fcm"}"#
                        .utf8))
            #expect(read.json == expected)
        }
    }

    @Test func aSecondInstallationWithTheSameTokenAnswers409AndWritesNothing() async throws {
        try await Self.run { _, requester in
            _ = try await Self.register(requester, Self.registration)

            let response = try await requester.send(.post, Self.path, body: Self.registration)

            #expect(response.status == .conflict)
            #expect(response.text == #"{"code":"E409001","error":"deviceToken is duplication."}"#)
            #expect(try await Self.count(requester) == 1)
        }
    }

    @Test(arguments: [
        #"{"deviceToken":"t"}"#, #"{"deviceType":"ios"}"#, #"{"deviceType":"windows","deviceToken":"t"}"#,
        #"{"deviceType":"ios","deviceToken":"t","badge":-1}"#, #"{"deviceType":"ios","deviceToken":"t","channels":[1]}"#,
    ])
    func aBadRegistrationWritesNothing(body: String) async throws {
        try await Self.run { _, requester in
            let response = try await requester.send(.post, Self.path, body: body)

            #expect(response.status == .badRequest)
            #expect(try await Self.count(requester) == 0)
        }
    }

    @Test func aBadUpdateChangesNothing() async throws {
        try await Self.run { _, requester in
            let id = try await Self.register(requester, #"{"deviceType":"ios","deviceToken":"t","badge":2}"#)

            let response = try await requester.send(.put, Self.path + "/\(id)", body: #"{"badge":"3","deviceType":"pc"}"#)
            let read = try await requester.send(.get, Self.path + "/\(id)")

            #expect(response.errorCode == "E400002")
            #expect(read.json?.objectValue?["badge"] == 2)
            #expect(read.json?.objectValue?["deviceType"] == "ios")
        }
    }

    @Test func theDeviceTokenCanChangeButNotToATakenOne() async throws {
        try await Self.run { _, requester in
            let first = try await Self.register(requester, #"{"deviceType":"ios","deviceToken":"aaaa"}"#)
            _ = try await Self.register(requester, #"{"deviceType":"ios","deviceToken":"bbbb"}"#)

            let changed = try await requester.send(.put, Self.path + "/\(first)", body: #"{"deviceToken":"cccc"}"#)
            let taken = try await requester.send(.put, Self.path + "/\(first)", body: #"{"deviceToken":"bbbb"}"#)
            let reused = try await requester.send(.post, Self.path, body: #"{"deviceType":"android","deviceToken":"aaaa"}"#)
            let read = try await requester.send(.get, Self.path + "/\(first)")

            #expect(changed.status == .ok)
            #expect(taken.text == #"{"code":"E409001","error":"deviceToken is duplication."}"#)
            #expect(reused.status == .created)
            #expect(read.json?.objectValue?["deviceToken"] == "cccc")
        }
    }

    @Test func queriesFilterByChannelAndCountAsFixtureF74() async throws {
        try await Self.run { _, requester in
            let news = try await Self.register(requester, #"{"deviceType":"ios","deviceToken":"t1","channels":["news","sports"]}"#)
            _ = try await Self.register(requester, #"{"deviceType":"android","deviceToken":"t2","channels":["sports"]}"#)
            _ = try await Self.register(requester, #"{"deviceType":"android","deviceToken":"t3"}"#)

            let byChannel = try await requester.send(
                .get, Self.path + "?where=" + PercentEncoding.encode(#"{"channels":{"$inArray":["news"]}}"#))
            let android = try await requester.send(
                .get, Self.path + "?count=1&limit=1&where=" + PercentEncoding.encode(#"{"deviceType":"android"}"#))

            let results = byChannel.json?.objectValue?["results"]?.arrayValue ?? []
            #expect(results.compactMap { $0.objectValue?["objectId"]?.stringValue } == [news])
            #expect(android.json?.objectValue?["count"] == 2)
            #expect(android.json?.objectValue?["results"]?.arrayValue?.count == 1)
        }
    }

    @Test func deleteRemovesTheInstallationAndFreesItsToken() async throws {
        try await Self.run { _, requester in
            let id = try await Self.register(requester, Self.registration)

            let deleted = try await requester.send(.delete, Self.path + "/\(id)")
            let read = try await requester.send(.get, Self.path + "/\(id)")
            let again = try await requester.send(.delete, Self.path + "/\(id)")

            #expect(deleted.status == .ok)
            #expect(deleted.text == "")
            #expect(read.text == #"{"code":"E404001","error":"No data available."}"#)
            #expect(again.errorCode == "E404001")
            _ = try await Self.register(requester, Self.registration)
        }
    }
}
