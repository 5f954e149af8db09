import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Login, sessions and logout on real SQLite (docs/wire/signature.md#session-token, docs/wire/endpoints/users.md,
/// F31–F37, docs/decisions/0009-authentication-failures.md, docs/decisions/0010-session-lifetime.md).
@Suite struct UsersSessionTests {
    static let expiredOrUnknown = #"{"code":"E401001","error":"Authentication error by header incorrect."}"#

    /// Logs in with a JSON body and returns the response.
    static func login(_ requester: TestRequester, _ body: String) async throws -> TestResponse {
        try await requester.send(.post, "/2013-09-01/login", body: body)
    }

    /// The session token of a login response.
    static func token(_ response: TestResponse) throws -> String {
        try #require(response.json?.objectValue?["sessionToken"]?.stringValue)
    }

    // MARK: Login

    @Test func loginByUserNameAnswersTheFixtureShape() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.signUp("name", password: "passwd")
                application.clock.advance(milliseconds: 1000)

                let response = try await Self.login(requester, #"{"userName":"name","password":"passwd"}"#)

                #expect(response.status == .ok)
                #expect(
                    response.text
                        == #"{"objectId":"0000000000000001","userName":"name","mailAddress":null,"mailAddressConfirm":null,"sessionToken":"0000000000000000000000003","createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","authData":null,"acl":{"*":{"read":true},"0000000000000001":{"read":true,"write":true}}}"#
                )
            }
        }
    }

    @Test func loginByMailAddressAndByGetQueryBothWork() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.signUp("name", password: "passwd", extra: #","mailAddress":"mail@example.com""#)

                let byMail = try await Self.login(requester, #"{"mailAddress":"mail@example.com","password":"passwd"}"#)
                let byQuery = try await requester.send(.get, "/2013-09-01/login?userName=name&password=passwd")
                let byMailQuery = try await requester.send(.get, "/2013-09-01/login?mailAddress=mail%40example.com&password=passwd")

                #expect(byMail.status == .ok)
                #expect(byMail.json?.objectValue?["mailAddress"] == "mail@example.com")
                #expect(byQuery.status == .ok)
                #expect(byMailQuery.status == .ok)
            }
        }
    }

    @Test(arguments: [#"{"userName":"name","password":"wrong"}"#, #"{"userName":"nobody","password":"passwd"}"#])
    func aWrongPasswordOrUnknownUserIsE401002(body: String) async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                _ = try await requester.signUp("name", password: "passwd")

                let response = try await Self.login(requester, body)

                #expect(response.status == .unauthorized)
                #expect(response.text == #"{"code":"E401002","error":"Authentication error with ID/PASS incorrect."}"#)
            }
        }
    }

    @Test func mailLoginNeedsAConfirmedAddressWhenConfirmationIsOn() async throws {
        let settings = ApplicationSettings(mail: MailSettings(confirmsMailAddress: true))
        try await TestApplication.with(settings: settings) { application in
            try await application.test { requester in
                _ = try await requester.signUp("name", password: "passwd", extra: #","mailAddress":"mail@example.com""#)

                let byMail = try await Self.login(requester, #"{"mailAddress":"mail@example.com","password":"passwd"}"#)
                let byName = try await Self.login(requester, #"{"userName":"name","password":"passwd"}"#)

                #expect(byMail.errorCode == "E401002")
                #expect(byName.status == .ok)
            }
        }
    }

    // MARK: Sessions

    @Test func aNewLoginEndsThePreviousSessionByDefault() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (objectId, signUpToken) = try await requester.signUp("name", password: "passwd")
                let first = try Self.token(try await Self.login(requester, #"{"userName":"name","password":"passwd"}"#))
                let second = try Self.token(try await Self.login(requester, #"{"userName":"name","password":"passwd"}"#))

                let withSignUpToken = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: signUpToken)
                let withFirst = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: first)
                let withSecond = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: second)

                #expect(withSignUpToken.text == Self.expiredOrUnknown)
                #expect(withFirst.text == Self.expiredOrUnknown)
                #expect(withSecond.status == .ok)
            }
        }
    }

    @Test func sessionsLiveSideBySideWhenTheApplicationAllowsIt() async throws {
        try await TestApplication.with(settings: ApplicationSettings(allowsMultipleSessions: true)) { application in
            try await application.test { requester in
                let (objectId, signUpToken) = try await requester.signUp("name", password: "passwd")
                let login = try Self.token(try await Self.login(requester, #"{"userName":"name","password":"passwd"}"#))

                let withSignUpToken = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: signUpToken)
                let withLogin = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: login)

                #expect(withSignUpToken.status == .ok)
                #expect(withLogin.status == .ok)
            }
        }
    }

    @Test func aSessionExpiresAfterTheConfiguredLifetime() async throws {
        try await TestApplication.with(settings: ApplicationSettings(sessionLifetimeSeconds: 3600)) { application in
            try await application.test { requester in
                let (objectId, token) = try await requester.signUp("name")
                application.clock.advance(milliseconds: 3_599_000)
                let before = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: token)
                application.clock.advance(milliseconds: 2000)

                let after = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: token)

                #expect(before.status == .ok)
                #expect(after.status == .unauthorized)
                #expect(after.text == Self.expiredOrUnknown)
            }
        }
    }

    // MARK: Logout

    @Test func logoutAnswersAnEmptyBodyAndTheTokenStopsWorking() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (objectId, token) = try await requester.signUp("name")

                let logout = try await requester.send(.get, "/2013-09-01/logout", token: token)
                let afterwards = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: token)
                let secondLogout = try await requester.send(.get, "/2013-09-01/logout", token: token)

                #expect(logout.status == .ok)
                #expect(logout.text.isEmpty)
                #expect(afterwards.text == Self.expiredOrUnknown)
                #expect(secondLogout.text == Self.expiredOrUnknown)
            }
        }
    }

    @Test func logoutWithoutATokenIsE401001() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let response = try await requester.send(.get, "/2013-09-01/logout")

                #expect(response.text == Self.expiredOrUnknown)
            }
        }
    }

    @Test func aDeletedUsersTokenIsRejected() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (objectId, token) = try await requester.signUp("name")

                let delete = try await requester.send(.delete, "/2013-09-01/users/\(objectId)", token: token)
                let afterwards = try await requester.send(.get, "/2013-09-01/users", token: token)
                let login = try await Self.login(requester, #"{"userName":"name","password":"secret"}"#)

                #expect(delete.status == .ok)
                #expect(delete.text.isEmpty)
                #expect(afterwards.text == Self.expiredOrUnknown)
                #expect(login.errorCode == "E401002")
            }
        }
    }
}
