import KumoMemberwise
package import NCMBWire

/// One running `kumo serve` as its heartbeat row in the database says (docs/decisions/0149-instances-on-the-overview.md):
/// renewed every few seconds while the instance runs, removed at its graceful stop, ignored once its heartbeat is older
/// than the expiry and deleted by the next heartbeat of any instance.
@PackageMemberwiseInit
package struct InstanceHeartbeat: Sendable, Hashable {
    /// A random identifier the instance chose at start.
    package var instanceId: String
    /// Where it listens, `host:port` (the machine's name for a wildcard host).
    package var address: String
    /// When it started.
    package var startDate: WireDate
    /// When it wrote this row.
    package var heartbeatDate: WireDate
    /// The Overview's totals of its NCMB API traffic over the last hour: `requests`, `errors4xx`, `errors5xx`,
    /// `p99Milliseconds`, `pushDelivered`, `pushFailed`.
    package var counters: JSONObject
}
