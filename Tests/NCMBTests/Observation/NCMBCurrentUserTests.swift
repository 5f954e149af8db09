#if canImport(Observation)
    import Foundation
    import NCMB
    import NCMBWire
    import Testing

    /// `NCMBCurrentUser`: the signed-in user of a client as an observable value.
    @Suite(.timeLimit(.minutes(1))) struct NCMBCurrentUserTests {
        let environment = UserTestEnvironment()

        @Test @MainActor func itStartsWithTheSignedInUserAndFollowsLoginAndLogout() async throws {
            let client = NCMBClient(context: environment.context)
            let account = NCMBCurrentUser(client: client)
            #expect(account.user == nil)
            #expect(account.isSignedIn == false)

            _ = try await environment.signIn()
            await waitUntil { account.user?.objectId == "HwwaZ60AOTdKRWyC" }
            let revision = account.revision

            environment.transport.expect(.logout, reply: .empty(200))
            try await client.run { try await NCMBUser.logOut() }
            await waitUntil { account.user == nil }
            #expect(account.revision == revision + 1)
        }

        @Test @MainActor func aRestoredUserIsThereAtOnce() async throws {
            _ = try await environment.signIn()

            let account = NCMBCurrentUser(client: NCMBClient(context: environment.relaunched().context))

            #expect(account.user?.objectId == "HwwaZ60AOTdKRWyC")
        }
    }
#endif
