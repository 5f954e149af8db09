/// What a ``ConnectionLimit`` reports: each accepted connection (served or refused) and each served connection that
/// closed. KumoServer's `ServerMetrics` records them as `kumo_http_connections_total` and `kumo_http_open_connections`
/// (docs/operations.md#metrics).
package protocol ConnectionMetrics: Sendable {
    /// A connection was accepted; `admitted` is `false` when the limit closed it at once.
    func connectionAccepted(admitted: Bool)

    /// An admitted connection closed.
    func connectionClosed()
}
