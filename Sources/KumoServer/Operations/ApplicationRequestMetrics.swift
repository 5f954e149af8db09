/// Where the server records each answered request of an application it resolved, for the dashboard's per-application
/// Overview (docs/decisions/0158-per-application-overview.md). `kumo serve` passes KumoOperations'
/// `ApplicationMinuteMetrics`; requests without an application (health, the dashboard, an unknown application id) are
/// not recorded here.
package protocol ApplicationRequestMetrics: Sendable {
    /// One request of `applicationId` answered with a status of class `statusClass` (4 for 4xx, 5 for 5xx) after
    /// `nanoseconds`, at `milliseconds` since 1970 (the server's wall clock).
    func recordRequest(applicationId: String, statusClass: Int, nanoseconds: Int64, at milliseconds: Int64)
}
