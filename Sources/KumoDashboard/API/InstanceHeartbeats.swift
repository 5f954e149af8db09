package import KumoOperations
package import KumoSeams
package import KumoStorage
package import NCMBWire

/// The instances of a deployment as the Overview lists them (docs/dashboard.md#overview-metrics,
/// docs/decisions/0149-instances-on-the-overview.md): every `kumo serve` writes a heartbeat row into the database every
/// ``intervalMilliseconds`` with its address, start and the Overview's totals of its last hour; a row whose heartbeat is
/// older than ``expiryMilliseconds`` is not listed, and the next heartbeat of any instance deletes it.
package struct InstanceHeartbeats: Sendable {
    /// How often an instance writes its row: every 10 seconds.
    package static let intervalMilliseconds: Int64 = 10_000
    /// How long a row counts after its heartbeat: 30 seconds (three heartbeats missed).
    package static let expiryMilliseconds: Int64 = 30_000
    /// The minutes the totals cover: the last hour.
    static let totalMinutes = 60

    /// This instance's identifier, random per start.
    package let instanceId: String
    /// When this instance started.
    package let startDate: WireDate
    let store: any AdminStore
    let metrics: MinuteMetrics
    let clock: any WallClock

    /// The heartbeats of an instance that starts now, with a new random identifier.
    package init(store: any AdminStore, metrics: MinuteMetrics, clock: any WallClock, identifiers: any IdentifierGenerator) {
        self.instanceId = identifiers.randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric)
        self.startDate = clock.now()
        self.store = store
        self.metrics = metrics
        self.clock = clock
    }

    /// Writes this instance's row (at `address`, `host:port`) and deletes the expired rows of any instance.
    package func beat(address: String) async throws {
        let now = clock.now()
        let points = metrics.points(minutes: Self.totalMinutes, endingAt: now.millisecondsSince1970)
        try await store.recordInstance(
            InstanceHeartbeat(
                instanceId: instanceId, address: address, startDate: startDate, heartbeatDate: now, counters: Self.counters(points)),
            expiredBefore: WireDate(millisecondsSince1970: now.millisecondsSince1970 - Self.expiryMilliseconds))
    }

    /// Deletes this instance's row (at a graceful stop).
    package func remove() async throws {
        try await store.removeInstance(id: instanceId)
    }

    /// The instances whose heartbeat has not expired, oldest start first, as the metrics answer lists them.
    func listed() async throws -> [JSONValue] {
        let since = clock.now().millisecondsSince1970 - Self.expiryMilliseconds
        return try await store.instances(heartbeatSince: WireDate(millisecondsSince1970: since)).map { heartbeat in
            var object: JSONObject = [
                "id": .string(heartbeat.instanceId), "address": .string(heartbeat.address),
                "startDate": .string(heartbeat.startDate.formatted), "heartbeatDate": .string(heartbeat.heartbeatDate.formatted),
                "current": .bool(heartbeat.instanceId == instanceId),
            ]
            for (key, value) in heartbeat.counters.pairs { object[key] = value }
            return .object(object)
        }
    }

    /// The Overview's totals of `points`: requests, 4xx and 5xx answers, the worst p99, pushes delivered and failed.
    static func counters(_ points: [MinuteMetrics.Point]) -> JSONObject {
        let p99 = points.compactMap(\.p99Milliseconds).max()
        return [
            "requests": .integer(Int64(points.reduce(0) { $0 + $1.requests })),
            "errors4xx": .integer(Int64(points.reduce(0) { $0 + $1.errors4xx })),
            "errors5xx": .integer(Int64(points.reduce(0) { $0 + $1.errors5xx })),
            "p99Milliseconds": p99.map { .double(($0 * 1000).rounded() / 1000) } ?? .null,
            "pushDelivered": .integer(Int64(points.reduce(0) { $0 + $1.pushDelivered })),
            "pushFailed": .integer(Int64(points.reduce(0) { $0 + $1.pushFailed })),
        ]
    }
}
