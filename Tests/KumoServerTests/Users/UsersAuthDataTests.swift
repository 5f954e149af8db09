import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `authData` sign-up, login, link and unlink on real SQLite (docs/wire/endpoints/users.md, F39–F45).
@Suite struct UsersAuthDataTests {
    static let anonymous = #"{"authData":{"anonymous":{"id":"3dc72085-911b-4798-9707-d69e879a6185"}}}"#
    static let facebookEntry =
        #"{"id":"100002415159782","access_token":"token","expiration_date":{"__type":"Date","iso":"2013-08-31T07:41:11.906Z"}}"#
    /// Facebook enabled and trusted without verification (the verifiers have their own tests).
    static let facebookEnabled = ApplicationSettings(authProviders: ["facebook": AuthProviderSettings(isEnabled: true)])

    // MARK: Tests

    @Test func anAnonymousIdSignsUpOnceAndLogsInAfterwards() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let first = try await requester.send(.post, "/2013-09-01/users", body: Self.anonymous)
                let second = try await requester.send(.post, "/2013-09-01/users", body: Self.anonymous)

                #expect(first.status == .created)
                #expect(
                    first.text
                        == #"{"createDate":"2009-02-13T23:31:30.000Z","objectId":"0000000000000002","userName":"0000000001","authData":{"anonymous":{"id":"3dc72085-911b-4798-9707-d69e879a6185"}},"mailAddress":null,"mailAddressConfirm":false,"sessionToken":"0000000000000000000000003","updateDate":"2009-02-13T23:31:30.000Z"}"#
                )
                #expect(second.status == .ok)
                #expect(second.json?.objectValue?["objectId"] == "0000000000000002")
                #expect(second.json?.objectValue?["authData"] == first.json?.objectValue?["authData"])
            }
        }
    }

    @Test func aLinkedProviderLogsInAndAnUnlinkedOneSignsUpAfresh() async throws {
        try await TestApplication.with(settings: Self.facebookEnabled) { application in
            try await application.test { requester in
                let (owner, token) = try await requester.signUp("owner")

                let link = try await requester.send(
                    .put, "/2013-09-01/users/\(owner)", body: #"{"authData":{"facebook":\#(Self.facebookEntry)}}"#, token: token)
                let login = try await requester.send(.post, "/2013-09-01/users", body: #"{"authData":{"facebook":\#(Self.facebookEntry)}}"#)
                let newToken = try #require(login.json?.objectValue?["sessionToken"]?.stringValue)
                let unlink = try await requester.send(
                    .put, "/2013-09-01/users/\(owner)", body: #"{"authData":{"facebook":null}}"#, token: newToken)
                let signUp = try await requester.send(.post, "/2013-09-01/users", body: #"{"authData":{"facebook":\#(Self.facebookEntry)}}"#)
                let user = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: newToken)

                #expect(link.status == .ok)
                #expect(login.status == .ok)
                #expect(login.json?.objectValue?["objectId"] == .string(owner))
                #expect(unlink.status == .ok)
                #expect(signUp.status == .created)
                #expect(signUp.json?.objectValue?["objectId"] != .string(owner))
                #expect(user.json?.objectValue?["authData"] == .null)
            }
        }
    }

    @Test func linkingAnIdThatAnotherUserHoldsIsE409001() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/users", body: Self.anonymous)
                let (owner, token) = try await requester.signUp("owner")

                let link = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: Self.anonymous, token: token)

                #expect(link.status == .conflict)
                #expect(link.text == #"{"code":"E409001","error":"authData is duplication."}"#)
            }
        }
    }

    @Test func aDisabledProviderIsE403005AndCreatesNoUser() async throws {
        let settings = ApplicationSettings(authProviders: ["anonymous": AuthProviderSettings(isEnabled: false)])
        try await TestApplication.with(settings: settings) { application in
            try await application.test { requester in
                let response = try await requester.send(.post, "/2013-09-01/users", body: Self.anonymous)
                let count = try await requester.send(.get, "/2013-09-01/users?count=1&limit=0")

                #expect(response.status == .forbidden)
                #expect(response.text == #"{"code":"E403005","error":"anonymous must not be entered."}"#)
                #expect(count.json?.objectValue?["count"] == 0)
            }
        }
    }

    @Test func socialProvidersAreDisabledUntilConfigured() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(
                    .post, "/2013-09-01/users",
                    body: #"{"authData":{"apple":{"id":"apple_id","access_token":"t","client_id":"com.apple.signin-apple"}}}"#)

                #expect(response.text == #"{"code":"E403005","error":"apple must not be entered."}"#)
            }
        }
    }
}
