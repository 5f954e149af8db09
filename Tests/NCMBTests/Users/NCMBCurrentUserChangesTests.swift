import Foundation
import NCMB
import NCMBWire
import Testing

/// `currentUserChanges`: the signed-in user now, then at every sign-in, save, fetch and sign-out.
@Suite struct NCMBCurrentUserChangesTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    /// The objectId of the next user the stream delivers: `.some(nil)` for "nobody", `nil` when the stream ended.
    func next(_ iterator: inout AsyncStream<NCMBUser?>.Iterator) async -> String?? {
        guard let user = await iterator.next() else { return nil }
        return .some(user?.objectId)
    }

    // MARK: Tests

    @Test func theStreamFollowsSignInRefreshAndSignOut() async throws {
        let changes = environment.bound { NCMBUser.currentUserChanges }
        var iterator = changes.makeAsyncIterator()
        #expect(await next(&iterator) == .some(nil))

        transport.expect(.login(.body(["userName": "name", "password": "secret"])), reply: .json(200, UserReplies.loggedIn))
        try await NCMBContext.$current.withValue(environment.context) {
            try await NCMBUser.logIn(userName: "name", password: "secret")
        }
        #expect(await next(&iterator) == "HwwaZ60AOTdKRWyC")
        let signedIn = try #require(environment.bound { NCMBUser.currentUser })

        signedIn["nickname"] = "tarou"
        transport.expect(
            .objects(.users, .update(objectId: "HwwaZ60AOTdKRWyC", ["nickname": "tarou"])), reply: .json(200, UserReplies.updated))
        try await signedIn.save()
        #expect(await next(&iterator) == "HwwaZ60AOTdKRWyC")

        transport.expect(.logout, reply: .empty(200))
        try await NCMBContext.$current.withValue(environment.context) { try await NCMBUser.logOut() }
        #expect(await next(&iterator) == .some(nil))
    }

    @Test func aNewStreamStartsWithTheUserRestoredFromTheStore() async throws {
        _ = try await environment.signIn()
        let relaunched = environment.relaunched()

        var iterator = relaunched.bound { NCMBUser.currentUserChanges }.makeAsyncIterator()

        #expect(await next(&iterator) == "HwwaZ60AOTdKRWyC")
    }
}
