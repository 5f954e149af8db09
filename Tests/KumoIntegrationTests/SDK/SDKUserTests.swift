import Foundation
import KumoTestSupport
import NCMB
import Testing

/// Users through the real SDK and server in process: sign-up, login, sessions, ACL and anonymous users.
@Suite struct SDKUserTests {
    // MARK: Tests

    @Test func signUpLogInOwnerOnlyObjectOtherUserDeniedLogOut() async throws {
        try await withSDK { _ in
            let alice = try await signUp("alice")
            #expect(NCMBUser.currentUser === alice)
            #expect(alice.sessionToken != nil)
            let bob = try await signUp("bob")
            try await NCMBUser.logIn(userName: "alice", password: "alice-password")
            let aliceId = try #require(alice.objectId)
            #expect(NCMBUser.currentUser?.objectId == aliceId)

            let diary = NCMBObject(className: "Diary")
            diary["text"] = "secret"
            var acl = NCMBACL.empty
            acl.put(key: aliceId, readable: true, writable: true)
            diary.acl = acl
            try await diary.save()
            let diaryId = try #require(diary.objectId)
            try await diary.fetch()
            #expect(diary["text"] == "secret")

            try await NCMBUser.logIn(userName: "bob", password: "bob-password")
            #expect(NCMBUser.currentUser?.objectId == bob.objectId)
            let stolen = NCMBObject(className: "Diary")
            stolen.objectId = diaryId
            let denied = await #expect(throws: NCMBApiError.self) { try await stolen.fetch() }
            #expect(denied?.errorCode == .noDataAvailable)
            #expect(try await NCMBQuery.getQuery(className: "Diary").find().isEmpty)

            try await NCMBUser.logOut()
            #expect(NCMBUser.currentUser == nil)
            let anonymous = await #expect(throws: NCMBApiError.self) { try await stolen.fetch() }
            #expect(anonymous?.errorCode == .noDataAvailable)
        }
    }

    @Test func logInByMailAddressWorks() async throws {
        try await withSDK { _ in
            let user = NCMBUser()
            user.userName = "carol"
            user.password = "carol-password"
            user.mailAddress = "carol@example.com"
            try await user.signUp()

            try await NCMBUser.logIn(mailAddress: "carol@example.com", password: "carol-password")

            #expect(NCMBUser.currentUser?.userName == "carol")
        }
    }

    @Test func aWrongPasswordIsE401002AndATakenNameIsE409001() async throws {
        try await withSDK { _ in
            _ = try await signUp("dave")

            let wrong = await #expect(throws: NCMBApiError.self) {
                try await NCMBUser.logIn(userName: "dave", password: "nope")
            }
            #expect(wrong?.errorCode == .authenticationErrorWithIdPassIncorrect)

            let duplicate = await #expect(throws: NCMBApiError.self) { _ = try await signUp("dave") }
            #expect(duplicate?.errorCode == .duplication)
            #expect(duplicate?.message == "userName is duplication.")
        }
    }

    @Test func aDeadSessionSignsTheUserOut() async throws {
        try await withSDK { _ in
            _ = try await signUp("erin")
            NCMBContext.resolved.session.sessionToken = "0000000000000000000000000"

            let error = await #expect(throws: NCMBApiError.self) {
                try await NCMBQuery.getQuery(className: "Diary").find()
            }

            #expect(error?.errorCode == .authenticationErrorByHeaderIncorrect)
            #expect(NCMBUser.currentUser == nil)
            #expect(NCMBUser.currentUserSessionToken == nil)
        }
    }

    @Test func theCurrentUserCanFetchUpdateAndDeleteThemself() async throws {
        try await withSDK { _ in
            let user = try await signUp("frank")
            user["nickname"] = "Frankie"
            try await user.save()

            let copy = try #require(NCMBUser.currentUser)
            try await copy.fetch()
            #expect(copy["nickname"] == "Frankie")
            #expect(copy["password"] == nil as String?)
            #expect(copy.isAuthenticated)

            var query = NCMBUser.query
            query.where(field: "userName", equalTo: "frank")
            #expect(try await query.find().map(\.objectId) == [user.objectId])

            try await user.delete()
            #expect(NCMBUser.currentUser == nil)
        }
    }

    @Test func automaticCurrentUserSignsUpAnAnonymousUser() async throws {
        try await withSDK { _ in
            NCMBUser.enableAutomaticUser()

            let user = try await NCMBUser.automaticCurrentUser()

            #expect(user.objectId != nil)
            #expect(user.userName?.count == 10)
            #expect(NCMBAnonymousUtils.isLinked(user: user))
            #expect(NCMBUser.currentUser === user)
            #expect(try await NCMBUser.automaticCurrentUser() === user)
        }
    }

    @Test func theBlockingAndCallbackFormsSignUpAndLogIn() async throws {
        try await withSDK { _ in
            let context = NCMBContext.resolved
            let signedUp: NCMBResult<Void> = await withCheckedContinuation { continuation in
                Thread {
                    let result = NCMBContext.$current.withValue(context) { () -> NCMBResult<Void> in
                        let user = NCMBUser()
                        user.userName = "gina"
                        user.password = "gina-password"
                        return user.signUp()
                    }
                    continuation.resume(returning: result)
                }.start()
            }
            guard case .success = signedUp else {
                Issue.record("sign-up failed: \(signedUp)")
                return
            }

            let loggedIn: NCMBResult<Void> = await withCheckedContinuation { continuation in
                NCMBUser.logInInBackground(userName: "gina", password: "gina-password") { continuation.resume(returning: $0) }
            }

            guard case .success = loggedIn else {
                Issue.record("login failed: \(loggedIn)")
                return
            }
            #expect(NCMBUser.currentUser?.userName == "gina")
        }
    }

    // MARK: Helpers

    /// Signs up `name` with the password `<name>-password`; the user becomes the current user.
    @discardableResult
    func signUp(_ name: String) async throws -> NCMBUser {
        let user = NCMBUser()
        user.userName = name
        user.password = name + "-password"
        try await user.signUp()
        return user
    }
}
