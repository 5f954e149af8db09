import Foundation
import NCMB
import NCMBWire
import Testing

/// The current user persisted through the local store and restored by the next launch.
@Suite struct NCMBUserPersistenceTests {
    let environment = UserTestEnvironment()

    @Test func aRelaunchedAppRestoresTheCurrentUserAndSendsTheirToken() async throws {
        _ = try await environment.signIn()
        let relaunched = environment.relaunched()
        let object = relaunched.bound { NCMBObject(className: "GameScore") }
        object.objectId = "x1"
        relaunched.transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(200, #"{"objectId":"x1"}"#))

        try await object.fetch()

        #expect(relaunched.transport.sessionToken(at: 0) == "ojUDAfEBgGadVsyQE3XO0yraa")
        let user = try relaunched.bound { try requireCurrentUser() }
        #expect(user.objectId == "HwwaZ60AOTdKRWyC")
        #expect(user.userName == "name")
        #expect(user.sessionToken == "ojUDAfEBgGadVsyQE3XO0yraa")
        #expect(relaunched.bound { NCMBUser.currentUser } === user)
    }

    @Test func aRestoredUserCanBeSavedThroughTheRelaunchedContext() async throws {
        _ = try await environment.signIn()
        let relaunched = environment.relaunched()
        let user = try relaunched.bound { try requireCurrentUser() }
        user["nickname"] = "n"
        relaunched.transport.expect(
            .objects(.users, .update(objectId: "HwwaZ60AOTdKRWyC", ["nickname": "n"])), reply: .json(200, UserReplies.updated))

        try await user.save()

        #expect(relaunched.transport.sessionToken(at: 0) == "ojUDAfEBgGadVsyQE3XO0yraa")
        #expect(relaunched.storedUser?["nickname"] == "n")
    }

    @Test func aRelaunchAfterLogOutFindsNobody() async throws {
        _ = try await environment.signIn()
        environment.transport.expect(.logout, reply: .empty(200))
        try await NCMBContext.$current.withValue(environment.context) { try await NCMBUser.logOut() }

        let relaunched = environment.relaunched()

        #expect(relaunched.bound { NCMBUser.currentUser } == nil)
        #expect(relaunched.sessionToken == nil)
    }

    @Test func anUnreadableStoredUserMeansNobodyIsSignedIn() {
        environment.store.save(Data("not json".utf8), as: .currentUser)

        #expect(environment.bound { NCMBUser.currentUser } == nil)
        #expect(environment.sessionToken == nil)
    }

    @Test func theFileStoreKeepsAnItemUntilItIsDeleted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ncmb-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileLocalStore(directory: directory)

        #expect(try store.load(.currentUser) == nil)
        try store.save(Data("{}".utf8), as: .currentUser)
        #expect(try store.load(.currentUser) == Data("{}".utf8))
        #expect(try FileLocalStore(directory: directory).load(.currentUser) == Data("{}".utf8))
        try store.delete(.currentUser)
        #expect(try store.load(.currentUser) == nil)
        try store.delete(.currentUser)
    }
}
