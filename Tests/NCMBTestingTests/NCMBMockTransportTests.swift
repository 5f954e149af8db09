import Foundation
import NCMB
import NCMBTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``NCMBMockTransport`` reads each SDK request back into its route and answers it as told.
@Suite struct NCMBMockTransportTests {
    let transport = NCMBMockTransport()
    var client: NCMBClient { NCMBClient.mock(transport: transport) }

    @Test func everyKindOfCallIsReadAsItsRoute() async throws {
        transport.stub(.get(className: "Food", objectId: "f1"), reply: .json(#"{"objectId":"f1","name":"ramen"}"#))
        transport.stub(.update(className: "Food", objectId: "f1"), reply: .updated())
        transport.stub(.delete(className: "Food", objectId: "f1"), reply: .empty())
        transport.stub(.find(className: "user"), reply: .count(3))
        transport.stub(.logIn, reply: .json(#"{"objectId":"u1","userName":"tarou","sessionToken":"token1"}"#))
        transport.stub(.logOut, reply: .empty())
        transport.stub(.uploadFile(fileName: "a.txt"), reply: .json(201, #"{"createDate":"2013-08-28T11:27:16.446Z","fileName":"a.txt"}"#))
        transport.stub(.downloadFile(fileName: "a.txt"), reply: .data(200, Data("hello".utf8)))
        transport.stub(.script(name: "hello.js", method: .get), reply: .json("hi"))

        try await client.run {
            let food = NCMBObject(className: "Food")
            food.objectId = "f1"
            try await food.fetch()
            food["price"] = 900
            try await food.save()
            try await food.delete()
            #expect(try await NCMBUser.query.count() == 3)
            try await NCMBUser.logIn(userName: "tarou", password: "secret")
            try await NCMBUser.logOut()
            let file = NCMBFile(fileName: "a.txt")
            try await file.save(data: Data("hello".utf8))
            #expect(try await file.fetch() == Data("hello".utf8))
            #expect(try await NCMBScript(name: "hello.js", method: .get).execute() == Data("hi".utf8))
        }

        #expect(
            transport.requests.map(\.route) == [
                .get(className: "Food", objectId: "f1"), .update(className: "Food", objectId: "f1"),
                .delete(className: "Food", objectId: "f1"), .find(className: "user"), .logIn, .logOut,
                .uploadFile(fileName: "a.txt"), .downloadFile(fileName: "a.txt"), .script(name: "hello.js", method: .get),
            ])
        #expect(transport.requests[5].sessionToken == "token1")
        try transport.verify()
    }

    @Test func expectationsAnswerInOrderBeforeStubs() async throws {
        transport.stub(.find(className: "Food"), reply: .count(1))
        transport.expect(.find(className: "Food"), reply: .count(2))

        let counts = try await client.run {
            [try await NCMBQuery.getQuery(className: "Food").count(), try await NCMBQuery.getQuery(className: "Food").count()]
        }

        #expect(counts == [2, 1])
    }

    @Test func aFailureReplyIsThrownAsTheNetworkError() async throws {
        transport.expect(.find(className: "Food"), reply: .failure(URLError(.notConnectedToInternet)))

        let error = await #expect(throws: URLError.self) {
            try await client.run { try await NCMBQuery.getQuery(className: "Food").find() }
        }

        #expect(error?.code == .notConnectedToInternet)
    }

    @Test func verifyReportsExpectationsNeverMet() {
        transport.expect(.logOut, reply: .empty())

        #expect(transport.unmetExpectations == [.logOut])
        let failure = #expect(throws: NCMBMockTransport.VerificationFailure.self) { try transport.verify() }
        #expect(failure?.unmetExpectations == [.logOut])
        #expect(failure?.unexpectedRequests == [])
    }

    @Test func aSecondClientOverTheSameStoreRestoresTheSignedInUser() async throws {
        let store = MemoryLocalStore()
        transport.expect(.logIn, reply: .json(#"{"objectId":"u1","userName":"tarou","sessionToken":"token1"}"#))
        try await NCMBClient.mock(transport: transport, localStore: store).run {
            try await NCMBUser.logIn(userName: "tarou", password: "secret")
        }

        let relaunched = NCMBClient.mock(transport: transport, localStore: store)

        #expect(relaunched.currentUser?.userName == "tarou")
        #expect(relaunched.currentUser?.sessionToken == "token1")
    }
}
