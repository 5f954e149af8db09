import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The 5-second caches of applications and class permissions (docs/decisions/0032-five-second-caches.md) and the
/// notice that makes them stale at once (`AdministratorCalls.applicationChanged`, which the dashboard sends after it
/// changed settings or class permissions). The clock is pinned, so without the notice the cached values would stay.
@Suite struct CacheGenerationTests {
    static let secret = ClassName("Secret")!

    @Test func aClassPermissionChangedInStorageIsSeenByTheNextRequestOnceAnnounced() async throws {
        try await TestApplication.with { server in
            try await server.test { requester in
                let warm = try await requester.send(.post, "/2013-09-01/classes/Secret", body: #"{"n":1}"#)
                try await server.storage.applications.setClassPermissions(
                    ClassPermissions([.create: OperationPermission(isPublic: false)]), applicationId: server.application.applicationId,
                    className: Self.secret)
                let cached = try await requester.send(.post, "/2013-09-01/classes/Secret", body: #"{"n":2}"#)
                // Another responder over the same environment, as the dashboard's own listener has.
                APIResponder(configuration: server.configuration, environment: server.environment)
                    .applicationChanged(applicationId: server.application.applicationId)
                let announced = try await requester.send(.post, "/2013-09-01/classes/Secret", body: #"{"n":3}"#)

                #expect(warm.status == .created)
                #expect(cached.status == .created, "the cache still holds the open class")
                #expect(announced.status == .forbidden)
                #expect(announced.errorCode == "E403001")
            }
        }
    }

    @Test func applicationSettingsChangedInStorageAreSeenByTheNextRequestOnceAnnounced() async throws {
        try await TestApplication.with { server in
            try await server.test { requester in
                let warm = try await requester.send(.post, "/2013-09-01/classes/Note", body: #"{"n":1}"#)
                var settings = server.application.settings
                settings.defaultObjectACL = AccessControlList(["*": .init(read: true)])
                try await server.storage.applications.updateSettings(applicationId: server.application.applicationId, settings: settings)
                let cached = try await requester.send(.post, "/2013-09-01/classes/Note", body: #"{"n":2}"#)
                APIResponder(configuration: server.configuration, environment: server.environment)
                    .applicationChanged(applicationId: server.application.applicationId)
                let announced = try await requester.send(.post, "/2013-09-01/classes/Note", body: #"{"n":3}"#)
                let objectId = try #require(announced.json?.objectValue?["objectId"]?.stringValue)
                let read = try await requester.send(.get, "/2013-09-01/classes/Note/\(objectId)")
                let cachedId = try #require(cached.json?.objectValue?["objectId"]?.stringValue)
                let cachedRead = try await requester.send(.get, "/2013-09-01/classes/Note/\(cachedId)")

                #expect(warm.status == .created)
                #expect(cachedRead.json?.objectValue?["acl"] == ["*": ["read": true, "write": true]])
                #expect(read.json?.objectValue?["acl"] == ["*": ["read": true]])
            }
        }
    }

    @Test func withoutANoticeTheCachedValueExpiresAfterFiveSeconds() async throws {
        try await TestApplication.with { server in
            try await server.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/Secret", body: #"{"n":1}"#)
                try await server.storage.applications.setClassPermissions(
                    ClassPermissions([.create: OperationPermission(isPublic: false)]), applicationId: server.application.applicationId,
                    className: Self.secret)
                server.clock.advance(milliseconds: 4999)
                let within = try await requester.send(.post, "/2013-09-01/classes/Secret", body: #"{"n":2}"#)
                server.clock.advance(milliseconds: 1)
                let after = try await requester.send(.post, "/2013-09-01/classes/Secret", body: #"{"n":3}"#)

                #expect(within.status == .created)
                #expect(after.status == .forbidden)
            }
        }
    }
}
