import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A new password ends sessions: `PUT /users/{objectId}` with `password` ends the user's other sessions, a completed
/// password reset ends all of them (a stolen token stops working once the password moves on).
@Suite struct UsersPasswordChangeTests {
    /// Several sessions per user, so that a password change has other sessions to end
    /// (docs/decisions/0010-session-lifetime.md).
    static let multipleSessions = ApplicationSettings(allowsMultipleSessions: true)
    static let expiredOrUnknown = #"{"code":"E401001","error":"Authentication error by header incorrect."}"#

    /// Logs `userName` in and returns the new session token.
    static func login(_ requester: TestRequester, _ userName: String, password: String) async throws -> String {
        let response = try await requester.send(
            .post, "/2013-09-01/login", body: #"{"userName":"\#(userName)","password":"\#(password)"}"#)
        #expect(response.status == .ok, "login failed: \(response.text)")
        return try #require(response.json?.objectValue?["sessionToken"]?.stringValue)
    }

    // MARK: PUT /users/{objectId} on SQLite

    @Test func theOwnersPasswordChangeEndsItsOtherSessionsAndKeepsTheCallers() async throws {
        try await TestApplication.with(settings: Self.multipleSessions) { application in
            try await application.test { requester in
                let (owner, callerToken) = try await requester.signUp("owner", password: "old")
                let otherToken = try await Self.login(requester, "owner", password: "old")

                let update = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: #"{"password":"new"}"#, token: callerToken)
                let withOther = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: otherToken)
                let withCaller = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: callerToken)

                #expect(update.status == .ok)
                #expect(withOther.status == .unauthorized)
                #expect(withOther.text == Self.expiredOrUnknown)
                #expect(withCaller.status == .ok)
            }
        }
    }

    @Test func aPasswordChangeByAnotherCallerEndsEverySessionOfTheUser() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (owner, ownerToken) = try await requester.signUp(
                    "owner", password: "old", extra: #","acl":{"*":{"read":true,"write":true}}"#)
                let (_, strangerToken) = try await requester.signUp("stranger")

                let update = try await requester.send(
                    .put, "/2013-09-01/users/\(owner)", body: #"{"password":"new"}"#, token: strangerToken)
                let withOwner = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: ownerToken)
                let withStranger = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: strangerToken)

                #expect(update.status == .ok)
                #expect(withOwner.errorCode == "E401001")
                #expect(withStranger.status == .ok)
            }
        }
    }

    @Test(arguments: [#"{"nickname":"n"}"#, #"{"password":""}"#])
    func anUpdateWithoutANewPasswordEndsNoSession(body: String) async throws {
        try await TestApplication.with(settings: Self.multipleSessions) { application in
            try await application.test { requester in
                let (owner, callerToken) = try await requester.signUp("owner", password: "old")
                let otherToken = try await Self.login(requester, "owner", password: "old")

                _ = try await requester.send(.put, "/2013-09-01/users/\(owner)", body: body, token: callerToken)
                let withOther = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: otherToken)

                #expect(withOther.status == .ok)
            }
        }
    }

    @Test func aRefusedPasswordChangeEndsNoSession() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let (owner, ownerToken) = try await requester.signUp("owner", password: "old")
                let (_, strangerToken) = try await requester.signUp("stranger")

                let update = try await requester.send(
                    .put, "/2013-09-01/users/\(owner)", body: #"{"password":"taken-over"}"#, token: strangerToken)
                let withOwner = try await requester.send(.get, "/2013-09-01/users/\(owner)", token: ownerToken)

                #expect(update.errorCode == "E403001")
                #expect(withOwner.status == .ok)
            }
        }
    }

    // MARK: PUT /users/{objectId} over storage fakes

    @Test func thePasswordChangeAsksStorageToKeepOnlyTheCallersSession() async throws {
        var storage = UserTests.storage()
        storage.accountStore.onSession = UserTests.sessions("owner", objectId: "0000000000000001")
        storage.objectStore.onUpdate = { _, _ in UserTests.storedUser() }
        let ended = LockedBox<[(String, String, String?)]>([])
        storage.accountStore.onDeleteSessions = { applicationId, userObjectId, keptTokenHash in
            ended.set(ended.get() + [(applicationId, userObjectId, keptTokenHash)])
            return 1
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.put, "/2013-09-01/users/0000000000000001", body: #"{"password":"new"}"#, token: "owner")
            }
        }

        #expect(response.status == .ok)
        let calls = ended.get()
        #expect(calls.count == 1)
        #expect(calls.first?.0 == TestApplication.fakeApplication.applicationId)
        #expect(calls.first?.1 == "0000000000000001")
        #expect(calls.first?.2 == SessionTokens.hash("owner"))
    }

    // MARK: Password reset on SQLite

    @Test func aCompletedPasswordResetEndsEverySessionOfTheUser() async throws {
        try await TestApplication.with(settings: Self.multipleSessions) { application in
            let objectId = try await BrowserPageTests.createUser(in: application, mailAddress: "r@example.com")
            let (firstToken, secondToken) = try await application.test { requester in
                (
                    try await Self.login(requester, "user-\(objectId)", password: "old password"),
                    try await Self.login(requester, "user-\(objectId)", password: "old password")
                )
            }
            try await AccountMailer(environment: application.environment, configuration: application.configuration)
                .sendPasswordReset(application: application.application, userObjectId: objectId, mailAddress: "r@example.com")
            let target = try BrowserPageTests.target(ofLinkIn: try #require(application.mailbox.sent.first))
            let token = try BrowserPageTests.token(of: target)

            try await application.test { requester in
                let reset = try await requester.submit(
                    "/2013-09-01/applications/TestApplicationId/requestPasswordResetUpdate",
                    [("newPassword", "brand new"), ("token", token)])
                let withFirst = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: firstToken)
                let withSecond = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: secondToken)
                let newLogin = try await Self.login(requester, "user-\(objectId)", password: "brand new")
                let withNew = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: newLogin)

                #expect(reset.status == .ok)
                #expect(withFirst.text == Self.expiredOrUnknown)
                #expect(withSecond.text == Self.expiredOrUnknown)
                #expect(withNew.status == .ok)
            }
        }
    }

    @Test func anUnusableResetLinkEndsNoSession() async throws {
        try await TestApplication.with { application in
            let objectId = try await BrowserPageTests.createUser(in: application, mailAddress: "r@example.com")
            try await application.test { requester in
                let sessionToken = try await Self.login(requester, "user-\(objectId)", password: "old password")

                let reset = try await requester.submit(
                    "/2013-09-01/applications/TestApplicationId/requestPasswordResetUpdate",
                    [("newPassword", "brand new"), ("token", "unknown")])
                let withSession = try await requester.send(.get, "/2013-09-01/users/\(objectId)", token: sessionToken)

                #expect(reset.status != .ok)
                #expect(withSession.status == .ok)
            }
        }
    }
}
