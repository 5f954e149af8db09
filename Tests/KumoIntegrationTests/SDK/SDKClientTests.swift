import Foundation
import KumoStorage
import KumoTestSupport
import NCMB
import Testing

/// Several clients against one server in process: separate sessions, and the logging hook on real requests.
@Suite struct SDKClientTests {
    @Test func twoClientsKeepTheirOwnUsersAndTheLogShowsNoSecret() async throws {
        try await withSDK { requester in
            let events = Locked<[NCMBLogEvent]>([])
            var configuration = NCMBClient(context: .inProcess(requester)).configuration
            configuration.logHandler = { event in events.withLock { $0.append(event) } }
            let alice = NCMBClient(configuration: configuration)
            configuration.logHandler = nil
            let bob = NCMBClient(configuration: configuration)

            try await alice.run { _ = try await signUpUser("alice") }
            try await bob.run { _ = try await signUpUser("bob") }
            let note = alice.object(className: "Note")
            var ownerOnly = NCMBACL.empty
            ownerOnly.put(key: try #require(alice.currentUser?.objectId), readable: true, writable: true)
            note.acl = ownerOnly
            try await note.save()

            #expect(alice.currentUser?.userName == "alice")
            #expect(bob.currentUser?.userName == "bob")
            #expect(try await alice.query(className: "Note").count() == 1)
            #expect(try await bob.query(className: "Note").count() == 0)

            let token = try #require(alice.currentUser?.sessionToken)
            let lines = events.current.map(\.description)
            #expect(lines.count == 6)
            for line in lines {
                #expect(!line.contains(token))
                #expect(!line.contains(requester.application.applicationKey))
                #expect(!line.contains("secret"))
            }
        }
    }
}
