import Foundation
import NCMB
import NCMBWire
import Testing

/// `logIn`, `logOut`, the mail requests and the session they manage (docs/wire/signature.md#session-token,
/// docs/wire/endpoints/users.md, F31–F37, F46–F51).
@Suite struct NCMBUserLoginTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    // MARK: logIn

    @Test(arguments: CallForm.allCases)
    func logInByUserNamePostsTheCredentialsAndSignsTheUserIn(form: CallForm) async throws {
        transport.expect(.login(.body(["userName": "name", "password": "passwd"])), reply: .json(200, UserReplies.loggedIn))

        let result = await environment.run(
            form, async: { try await NCMBUser.logIn(userName: "name", password: "passwd") },
            blocking: { NCMBUser.logIn(userName: "name", password: "passwd") },
            callback: { NCMBUser.logInInBackground(userName: "name", password: "passwd", callback: $0) })

        #expect(result.isSuccess)
        let user = try environment.bound { try requireCurrentUser() }
        #expect(user.objectId == "HwwaZ60AOTdKRWyC")
        #expect(user.userName == "name")
        #expect(user.sessionToken == "ojUDAfEBgGadVsyQE3XO0yraa")
        #expect(environment.sessionToken == "ojUDAfEBgGadVsyQE3XO0yraa")
        #expect(environment.storedUser?["objectId"] == "HwwaZ60AOTdKRWyC")
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://mbaas.api.nifcloud.com/2013-09-01/login")
        #expect(transport.body(at: 0) == #"{"userName":"name","password":"passwd"}"#)
    }

    @Test(arguments: CallForm.allCases)
    func logInByMailAddressPostsTheCredentialsAndSignsTheUserIn(form: CallForm) async throws {
        transport.expect(
            .login(.body(["mailAddress": "mail@example.com", "password": "passwd"])), reply: .json(200, UserReplies.loggedIn))

        let result = await environment.run(
            form, async: { try await NCMBUser.logIn(mailAddress: "mail@example.com", password: "passwd") },
            blocking: { NCMBUser.logIn(mailAddress: "mail@example.com", password: "passwd") },
            callback: { NCMBUser.logInInBackground(mailAddress: "mail@example.com", password: "passwd", callback: $0) })

        #expect(result.isSuccess)
        #expect(environment.sessionToken == "ojUDAfEBgGadVsyQE3XO0yraa")
        #expect(transport.body(at: 0) == #"{"mailAddress":"mail@example.com","password":"passwd"}"#)
    }

    @Test(arguments: CallForm.allCases)
    func logInWithAWrongPasswordReportsE401002AndSignsNobodyIn(form: CallForm) async throws {
        transport.expect(.login(.body(["userName": "name", "password": "wrong"])), reply: .json(401, UserReplies.wrongPassword))

        let result = await environment.run(
            form, async: { try await NCMBUser.logIn(userName: "name", password: "wrong") },
            blocking: { NCMBUser.logIn(userName: "name", password: "wrong") },
            callback: { NCMBUser.logInInBackground(userName: "name", password: "wrong", callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .authenticationErrorWithIdPassIncorrect)
        #expect(environment.bound { NCMBUser.currentUser } == nil)
        #expect(environment.storedUser == nil)
    }

    @Test func aFailedLogInKeepsTheUserSignedInBefore() async throws {
        let user = try await environment.signIn()
        transport.expect(.login(.body(["userName": "name", "password": "wrong"])), reply: .json(401, UserReplies.wrongPassword))

        await #expect(throws: NCMBApiError.self) {
            try await NCMBContext.$current.withValue(environment.context) {
                try await NCMBUser.logIn(userName: "name", password: "wrong")
            }
        }

        #expect(environment.bound { NCMBUser.currentUser } === user)
        #expect(environment.sessionToken == "ojUDAfEBgGadVsyQE3XO0yraa")
    }

    // MARK: logOut

    @Test(arguments: CallForm.allCases)
    func logOutSendsTheTokenThenForgetsTheUser(form: CallForm) async throws {
        _ = try await environment.signIn()
        transport.expect(.logout, reply: .empty(200))

        let result = await environment.run(
            form, async: { try await NCMBUser.logOut() }, blocking: { NCMBUser.logOut() },
            callback: { NCMBUser.logOutInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(transport.sessionToken(at: 1) == "ojUDAfEBgGadVsyQE3XO0yraa")
        #expect(transport.requests.last?.method == .get)
        #expect(environment.bound { NCMBUser.currentUser } == nil)
        #expect(environment.bound { NCMBUser.currentUserSessionToken } == nil)
        #expect(environment.storedUser == nil)
    }

    @Test(arguments: [UserReplies.deadSession, UserReplies.noData])
    func logOutForgetsTheUserWhenTheSessionOrUserIsAlreadyGone(reply: String) async throws {
        _ = try await environment.signIn()
        let status = reply == UserReplies.deadSession ? 401 : 404
        transport.expect(.logout, reply: .json(status, reply))

        await #expect(throws: NCMBApiError.self) {
            try await NCMBContext.$current.withValue(environment.context) { try await NCMBUser.logOut() }
        }

        #expect(environment.bound { NCMBUser.currentUser } == nil)
        #expect(environment.storedUser == nil)
    }

    @Test func logOutKeepsTheUserWhenNoResponseArrived() async throws {
        let user = try await environment.signIn()
        transport.expect(.logout, reply: .failure(URLError(.notConnectedToInternet)))

        await #expect(throws: URLError.self) {
            try await NCMBContext.$current.withValue(environment.context) { try await NCMBUser.logOut() }
        }

        #expect(environment.bound { NCMBUser.currentUser } === user)
    }

    @Test func requestsAfterLogOutCarryNoSessionToken() async throws {
        _ = try await environment.signIn()
        transport.expect(.logout, reply: .empty(200))
        try await NCMBContext.$current.withValue(environment.context) { try await NCMBUser.logOut() }
        let object = environment.bound { NCMBObject(className: "GameScore") }
        object.objectId = "x1"
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(200, #"{"objectId":"x1"}"#))

        try await object.fetch()

        #expect(transport.sessionToken(at: 2) == nil)
    }

    // MARK: A dead session

    @Test func e401001ToARequestWithTheSessionSignsTheUserOutAndForgetsTheStoredUser() async throws {
        _ = try await environment.signIn()
        let object = environment.bound { NCMBObject(className: "GameScore") }
        object.objectId = "x1"
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(401, UserReplies.deadSession))

        await #expect(throws: NCMBApiError.self) { try await object.fetch() }

        #expect(environment.bound { NCMBUser.currentUser } == nil)
        #expect(environment.sessionToken == nil)
        #expect(environment.storedUser == nil)
    }

    @Test func e401001ToARequestWithoutASessionKeepsTheStoredState() async throws {
        let object = environment.bound { NCMBObject(className: "GameScore") }
        object.objectId = "x1"
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(401, UserReplies.deadSession))

        await #expect(throws: NCMBApiError.self) { try await object.fetch() }

        #expect(transport.sessionToken(at: 0) == nil)
    }

    // MARK: Mail requests

    @Test(arguments: CallForm.allCases)
    func requestAuthenticationMailPostsTheAddress(form: CallForm) async throws {
        transport.expect(
            .requestMailAddressUserEntry(["mailAddress": "test@example.com"]), reply: .json(201, UserReplies.mailRequested))

        let result = await environment.run(
            form, async: { try await NCMBUser.requestAuthenticationMail(mailAddress: "test@example.com") },
            blocking: { NCMBUser.requestAuthenticationMail(mailAddress: "test@example.com") },
            callback: { NCMBUser.requestAuthenticationMailInBackground(mailAddress: "test@example.com", callback: $0) })

        #expect(result.isSuccess)
        #expect(transport.body(at: 0) == #"{"mailAddress":"test@example.com"}"#)
        #expect(transport.requests.first?.url.absoluteString == "https://mbaas.api.nifcloud.com/2013-09-01/requestMailAddressUserEntry")
    }

    @Test(arguments: CallForm.allCases)
    func requestAuthenticationMailReportsARegisteredAddress(form: CallForm) async throws {
        transport.expect(
            .requestMailAddressUserEntry(["mailAddress": "sample@example.com"]),
            reply: .json(409, #"{"code":"E409001","error":"mailAddress is duplication."}"#))

        let result = await environment.run(
            form, async: { try await NCMBUser.requestAuthenticationMail(mailAddress: "sample@example.com") },
            blocking: { NCMBUser.requestAuthenticationMail(mailAddress: "sample@example.com") },
            callback: { NCMBUser.requestAuthenticationMailInBackground(mailAddress: "sample@example.com", callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .duplication)
        #expect(error.message == "mailAddress is duplication.")
    }

    @Test(arguments: CallForm.allCases)
    func requestPasswordResetPostsTheAddress(form: CallForm) async throws {
        transport.expect(.requestPasswordReset(["mailAddress": "test@example.com"]), reply: .json(201, UserReplies.mailRequested))

        let result = await environment.run(
            form, async: { try await NCMBUser.requestPasswordReset(mailAddress: "test@example.com") },
            blocking: { NCMBUser.requestPasswordReset(mailAddress: "test@example.com") },
            callback: { NCMBUser.requestPasswordResetInBackground(mailAddress: "test@example.com", callback: $0) })

        #expect(result.isSuccess)
        #expect(transport.body(at: 0) == #"{"mailAddress":"test@example.com"}"#)
    }

    @Test(arguments: CallForm.allCases)
    func requestPasswordResetReportsAnInvalidAddress(form: CallForm) async throws {
        transport.expect(
            .requestPasswordReset(["mailAddress": ""]), reply: .json(400, #"{"code":"E400004","error":"mailAddress is invalid format."}"#))

        let result = await environment.run(
            form, async: { try await NCMBUser.requestPasswordReset(mailAddress: "") },
            blocking: { NCMBUser.requestPasswordReset(mailAddress: "") },
            callback: { NCMBUser.requestPasswordResetInBackground(mailAddress: "", callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .invalidFormat)
    }
}
