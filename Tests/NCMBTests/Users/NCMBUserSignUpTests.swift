import Foundation
import NCMB
import NCMBWire
import Testing

/// `signUp` and `automaticCurrentUser` (F28–F30, docs/wire/endpoints/users.md#f40-anonymous-login).
@Suite struct NCMBUserSignUpTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    // MARK: signUp

    @Test(arguments: CallForm.allCases)
    func signUpSendsTheFieldsAndMakesTheUserCurrent(form: CallForm) async throws {
        let user = environment.makeUser(["userName": "Yamada Tarou", "password": "password"])
        transport.expect(
            .objects(.users, .create(["userName": "Yamada Tarou", "password": "password"])), reply: .json(201, UserReplies.signedUp))

        let result = await environment.run(
            form, async: { try await user.signUp() }, blocking: { user.signUp() }, callback: { user.signUpInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(user.objectId == "epaKcaYZqsREdSMY")
        #expect(user.sessionToken == "iXDIelJRY3ULBdms281VTmc5O")
        #expect(user.isAuthenticated)
        #expect(environment.bound { NCMBUser.currentUser } === user)
        #expect(environment.bound { NCMBUser.currentUserSessionToken } == "iXDIelJRY3ULBdms281VTmc5O")
        #expect(transport.body(at: 0) == #"{"password":"password","userName":"Yamada Tarou"}"#)
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func signUpReportsADuplicateAndSignsNobodyIn(form: CallForm) async throws {
        let user = environment.makeUser(["userName": "Yamada Tarou", "password": "password"])
        transport.expect(
            .objects(.users, .create(["userName": "Yamada Tarou", "password": "password"])),
            reply: .json(409, UserReplies.duplicateUserName))

        let result = await environment.run(
            form, async: { try await user.signUp() }, blocking: { user.signUp() }, callback: { user.signUpInBackground(callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .duplication)
        #expect(error.message == "userName is duplication.")
        #expect(user.objectId == nil)
        #expect(environment.bound { NCMBUser.currentUser } == nil)
        #expect(environment.sessionToken == nil)
    }

    @Test func signUpPersistsTheUserWithItsTokenButWithoutThePassword() async throws {
        let user = environment.makeUser(["userName": "Yamada Tarou", "password": "password"])
        transport.expect(
            .objects(.users, .create(["userName": "Yamada Tarou", "password": "password"])), reply: .json(201, UserReplies.signedUp))

        try await user.signUp()

        let stored = try #require(environment.storedUser)
        #expect(stored["objectId"] == "epaKcaYZqsREdSMY")
        #expect(stored["sessionToken"] == "iXDIelJRY3ULBdms281VTmc5O")
        #expect(stored["userName"] == "Yamada Tarou")
        #expect(stored["password"] == nil)
        #expect(user.password == "password")
    }

    @Test func signUpSendsTheTokenOfTheUserSignedInBeforeAndReplacesIt() async throws {
        _ = try await environment.signIn()
        let user = environment.makeUser(["userName": "Yamada Tarou", "password": "password"])
        transport.expect(
            .objects(.users, .create(["userName": "Yamada Tarou", "password": "password"])), reply: .json(201, UserReplies.signedUp))

        try await user.signUp()

        #expect(transport.sessionToken(at: 1) == "ojUDAfEBgGadVsyQE3XO0yraa")
        #expect(environment.sessionToken == "iXDIelJRY3ULBdms281VTmc5O")
    }

    @Test func signUpRejectsAnInvalidFieldBeforeSending() async throws {
        let user = environment.makeUser(["userName": "Yamada Tarou"])
        user["score"] = Double.nan

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await user.signUp() }

        #expect(error == .invalidBodyJsonValue)
        #expect(transport.requests.isEmpty)
    }

    // MARK: automaticCurrentUser

    @Test(arguments: CallForm.allCases)
    func automaticCurrentUserSignsUpAnAnonymousUserWhenEnabled(form: CallForm) async throws {
        environment.bound { NCMBUser.enableAutomaticUser() }
        transport.expect(
            .objects(.users, .create(["authData": ["anonymous": ["id": "3DC72085-911B-4798-9707-D69E879A6185"]]])),
            reply: .json(201, UserReplies.anonymous))

        let result = await environment.run(
            form, async: { try await NCMBUser.automaticCurrentUser() }, blocking: { NCMBUser.automaticCurrentUser() },
            callback: { NCMBUser.automaticCurrentUserInBackground(callback: $0) })

        let user = try #require(result.value)
        #expect(user.objectId == "aTAe6VXd3ZElDtlG")
        #expect(user.userName == "ljmuJgf4ri")
        #expect(NCMBAnonymousUtils.isLinked(user: user))
        #expect(environment.bound { NCMBUser.currentUser } === user)
        #expect(environment.sessionToken == "esMM7OVu4PlK5spYNLLrR15io")
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func automaticCurrentUserFailsWhenDisabledAndNobodyIsSignedIn(form: CallForm) async throws {
        let result = await environment.run(
            form, async: { try await NCMBUser.automaticCurrentUser() }, blocking: { NCMBUser.automaticCurrentUser() },
            callback: { NCMBUser.automaticCurrentUserInBackground(callback: $0) })

        let error = try #require(result.error as? NCMBUserError)
        #expect(error == .automaticUserNotAvailable)
        #expect(transport.requests.isEmpty)
    }

    @Test func automaticCurrentUserReturnsTheSignedInUserWithoutARequest() async throws {
        let signedIn = try await environment.signIn()
        environment.bound { NCMBUser.enableAutomaticUser() }

        let user = try await NCMBContext.$current.withValue(environment.context) { try await NCMBUser.automaticCurrentUser() }

        #expect(user === signedIn)
        #expect(transport.requests.count == 1)
    }

    @Test func automaticUsersAreDisabledAgainAfterOneSignUpAndByDisableAutomaticUser() async throws {
        environment.bound { NCMBUser.enableAutomaticUser() }
        environment.bound { NCMBUser.disableAutomaticUser() }

        await #expect(throws: NCMBUserError.self) {
            try await NCMBContext.$current.withValue(environment.context) { try await NCMBUser.automaticCurrentUser() }
        }
    }

    @Test func automaticCurrentUserReportsTheSignUpError() async throws {
        environment.bound { NCMBUser.enableAutomaticUser() }
        transport.expect(
            .objects(.users, .create(["authData": ["anonymous": ["id": "3DC72085-911B-4798-9707-D69E879A6185"]]])),
            reply: .json(409, #"{"code":"E409001","error":"authData is duplication."}"#))

        let error = await #expect(throws: NCMBApiError.self) {
            try await NCMBContext.$current.withValue(environment.context) { try await NCMBUser.automaticCurrentUser() }
        }

        #expect(error?.errorCode == .duplication)
        #expect(environment.bound { NCMBUser.currentUser } == nil)
    }

    // MARK: NCMBAnonymousUtils

    @Test func anAnonymousUserWithAPasswordIsNoLongerAnonymous() {
        let user = environment.makeUser(["authData": ["anonymous": ["id": "x"]]])
        #expect(NCMBAnonymousUtils.isLinked(user: user))

        user.password = "secret"

        #expect(!NCMBAnonymousUtils.isLinked(user: user))
    }

    @Test func aUserWithoutAnonymousAuthDataIsNotAnonymous() {
        #expect(!NCMBAnonymousUtils.isLinked(user: environment.makeUser(["userName": "a"])))
        #expect(!NCMBAnonymousUtils.isLinked(user: environment.makeUser(["authData": ["google": ["id": "x"]]])))
    }
}
