import Foundation
import NCMB
import NCMBWire
import Testing

/// A user's `fetch`, `save`, `delete` and `query` (docs/wire/endpoints/users.md, F37, F38).
@Suite struct NCMBUserObjectTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    // MARK: fetch

    @Test(arguments: CallForm.allCases)
    func fetchReplacesTheFieldsButKeepsTheSessionToken(form: CallForm) async throws {
        let user = try await signUp()
        transport.expect(.objects(.users, .get(objectId: "epaKcaYZqsREdSMY")), reply: .json(200, UserReplies.fetched))

        let result = await environment.run(
            form, async: { try await user.fetch() }, blocking: { user.fetch() }, callback: { user.fetchInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(user.mailAddress == "taro@example.com")
        #expect(user.sessionToken == "iXDIelJRY3ULBdms281VTmc5O")
        #expect(environment.storedUser?["mailAddress"] == "taro@example.com")
        #expect(environment.storedUser?["sessionToken"] == "iXDIelJRY3ULBdms281VTmc5O")
    }

    @Test(arguments: CallForm.allCases)
    func fetchOfAMissingCurrentUserSignsThemOut(form: CallForm) async throws {
        let user = try await signUp()
        transport.expect(.objects(.users, .get(objectId: "epaKcaYZqsREdSMY")), reply: .json(404, UserReplies.noData))

        let result = await environment.run(
            form, async: { try await user.fetch() }, blocking: { user.fetch() }, callback: { user.fetchInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .noDataAvailable)
        #expect(environment.bound { NCMBUser.currentUser } == nil)
        #expect(environment.storedUser == nil)
    }

    @Test func fetchOfAnotherMissingUserKeepsTheCurrentUser() async throws {
        let current = try await signUp()
        let other = environment.makeUser(objectId: "other")
        transport.expect(.objects(.users, .get(objectId: "other")), reply: .json(404, UserReplies.noData))

        await #expect(throws: NCMBApiError.self) { try await other.fetch() }

        #expect(environment.bound { NCMBUser.currentUser } === current)
    }

    @Test func fetchWithoutAnObjectIdFailsBeforeSending() async throws {
        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await environment.makeUser().fetch() }

        #expect(error == .emptyObjectId)
        #expect(transport.requests.isEmpty)
    }

    // MARK: save

    @Test(arguments: CallForm.allCases)
    func saveSendsTheChangedFieldsWithoutTheSessionToken(form: CallForm) async throws {
        let user = try await signUp()
        user.mailAddress = "taro@example.com"
        transport.expect(
            .objects(.users, .update(objectId: "epaKcaYZqsREdSMY", ["mailAddress": "taro@example.com"])),
            reply: .json(200, UserReplies.updated))

        let result = await environment.run(
            form, async: { try await user.save() }, blocking: { user.save() }, callback: { user.saveInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(transport.body(at: 1) == #"{"mailAddress":"taro@example.com"}"#)
        #expect(transport.sessionToken(at: 1) == "iXDIelJRY3ULBdms281VTmc5O")
        #expect(environment.storedUser?["mailAddress"] == "taro@example.com")
    }

    @Test func saveSendsANewPassword() async throws {
        let user = try await signUp()
        user.password = "new password"
        transport.expect(
            .objects(.users, .update(objectId: "epaKcaYZqsREdSMY", ["password": "new password"])), reply: .json(200, UserReplies.updated))

        try await user.save()

        #expect(transport.unmetExpectations.isEmpty)
        #expect(environment.storedUser?["password"] == nil)
    }

    @Test(arguments: CallForm.allCases)
    func saveReportsADenialAndKeepsTheChange(form: CallForm) async throws {
        let user = environment.makeUser(objectId: "other")
        user["nickname"] = "x"
        transport.expect(.objects(.users, .update(objectId: "other", ["nickname": "x"])), reply: .json(403, UserReplies.denied))

        let result = await environment.run(
            form, async: { try await user.save() }, blocking: { user.save() }, callback: { user.saveInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .noAccessWithACL)
        #expect(user["nickname"] == "x")
    }

    @Test func saveOfANewUserCreatesItWithoutSigningItIn() async throws {
        let user = environment.makeUser(["userName": "b", "password": "p"])
        transport.expect(
            .objects(.users, .create(["userName": "b", "password": "p"])),
            reply: .json(201, #"{"objectId":"u2","createDate":"2013-08-28T11:27:16.446Z"}"#))

        try await user.save()

        #expect(user.objectId == "u2")
        #expect(environment.bound { NCMBUser.currentUser } == nil)
    }

    // MARK: delete

    @Test(arguments: CallForm.allCases)
    func deleteOfTheCurrentUserSignsThemOut(form: CallForm) async throws {
        let user = try await signUp()
        transport.expect(.objects(.users, .delete(objectId: "epaKcaYZqsREdSMY")), reply: .empty(200))

        let result = await environment.run(
            form, async: { try await user.delete() }, blocking: { user.delete() }, callback: { user.deleteInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(user.objectId == nil)
        #expect(environment.bound { NCMBUser.currentUser } == nil)
        #expect(environment.storedUser == nil)
    }

    @Test(arguments: CallForm.allCases)
    func deleteReportsTheServerErrorAndKeepsTheUser(form: CallForm) async throws {
        let user = environment.makeUser(objectId: "other")
        transport.expect(.objects(.users, .delete(objectId: "other")), reply: .json(403, UserReplies.denied))

        let result = await environment.run(
            form, async: { try await user.delete() }, blocking: { user.delete() }, callback: { user.deleteInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .noAccessWithACL)
        #expect(user.objectId == "other")
    }

    @Test func deleteOfAnotherUserKeepsTheCurrentUser() async throws {
        let current = try await signUp()
        let other = environment.makeUser(objectId: "other")
        transport.expect(.objects(.users, .delete(objectId: "other")), reply: .empty(200))

        try await other.delete()

        #expect(environment.bound { NCMBUser.currentUser } === current)
    }

    // MARK: query

    @Test(arguments: CallForm.allCases)
    func queryFindsUsers(form: CallForm) async throws {
        var query = environment.bound { NCMBUser.query }
        query.where(field: "userName", equalTo: "name")
        transport.expect(
            .objects(.users, .find(try .matching(["userName": "name"]))),
            reply: .json(200, #"{"results":[{"objectId":"HwwaZ60AOTdKRWyC","userName":"name"}]}"#))

        let result = await environment.run(
            form, async: { [query] in try await query.find() }, blocking: { [query] in query.find() },
            callback: { query.findInBackground(callback: $0) })

        let users = try #require(result.value)
        #expect(users.map(\.userName) == ["name"])
        #expect(users.first?.isAuthenticated == false)
    }

    @Test func queryOfTheMembersOfARoleUsesRelatedTo() async throws {
        var query = environment.bound { NCMBUser.query }
        query.relatedTo(targetClassName: "role", objectId: "r1", key: "belongUser")
        let relatedTo: JSONValue = [
            "$relatedTo": ["object": ["__type": "Pointer", "className": "role", "objectId": "r1"], "key": "belongUser"]
        ]
        transport.expect(.objects(.users, .find(try .matching(relatedTo))), reply: .json(200, #"{"results":[]}"#))

        let users = try await query.find()

        #expect(users.isEmpty)
    }

    // MARK: Helpers

    /// Signs up `Yamada Tarou` (F29), who becomes the current user.
    func signUp() async throws -> NCMBUser {
        let user = environment.makeUser(["userName": "Yamada Tarou", "password": "password"])
        transport.expect(
            .objects(.users, .create(["userName": "Yamada Tarou", "password": "password"])), reply: .json(201, UserReplies.signedUp))
        try await user.signUp()
        return user
    }
}
