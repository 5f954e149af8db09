import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The instances' heartbeat rows (`AdminStore.recordInstance`, docs/decisions/0149-instances-on-the-overview.md):
/// a heartbeat replaces the instance's earlier row, rows older than the cutoff are neither listed nor kept, and a
/// stopping instance removes its own.
@Suite struct InstanceHeartbeatConformanceTests {
    static func heartbeat(_ id: String, at seconds: Int64, requests: Int64 = 0) -> InstanceHeartbeat {
        InstanceHeartbeat(
            instanceId: id, address: "10.0.0.\(id.count):8080", startDate: Fixture.date(), heartbeatDate: Fixture.date(seconds),
            counters: ["requests": .integer(requests), "p99Milliseconds": .null])
    }

    @Test(arguments: TestDatabase.engines)
    func aHeartbeatReplacesTheInstancesRowAndExpiredRowsGo(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.recordInstance(Self.heartbeat("a", at: 0), expiredBefore: Fixture.date(-30))
            try await storage.admins.recordInstance(Self.heartbeat("bb", at: 5), expiredBefore: Fixture.date(-25))
            try await storage.admins.recordInstance(Self.heartbeat("a", at: 10, requests: 7), expiredBefore: Fixture.date(-20))
            let both = try await storage.admins.instances(heartbeatSince: Fixture.date(-20))
            let recent = try await storage.admins.instances(heartbeatSince: Fixture.date(6))
            // b's heartbeat (5 s) is before the cutoff of a's next one: listed no more, and deleted.
            try await storage.admins.recordInstance(Self.heartbeat("a", at: 40), expiredBefore: Fixture.date(10))
            let afterExpiry = try await storage.admins.instances(heartbeatSince: Fixture.date(-1000))

            #expect(both == [Self.heartbeat("a", at: 10, requests: 7), Self.heartbeat("bb", at: 5)])
            #expect(recent.map(\.instanceId) == ["a"])
            #expect(afterExpiry == [Self.heartbeat("a", at: 40)])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aStoppingInstanceRemovesItsRowOnly(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.admins.recordInstance(Self.heartbeat("a", at: 0), expiredBefore: Fixture.date(-30))
            try await storage.admins.recordInstance(Self.heartbeat("bb", at: 0), expiredBefore: Fixture.date(-30))

            try await storage.admins.removeInstance(id: "a")
            try await storage.admins.removeInstance(id: "unknown")

            #expect(try await storage.admins.instances(heartbeatSince: Fixture.date(-30)).map(\.instanceId) == ["bb"])
        }
    }
}
