#if canImport(Network)
    import Network
#endif

/// Tells the outbox when the network comes back: `NWPathMonitor` on Apple platforms; nothing elsewhere, where the
/// outbox's backoff alone decides when to send again.
final class OutboxReachability: Sendable {
    #if canImport(Network)
        private let monitor = NWPathMonitor()
    #endif

    /// Starts watching; `cameBack` is called each time a path becomes usable.
    init(cameBack: @escaping @Sendable () -> Void) {
        #if canImport(Network)
            monitor.pathUpdateHandler = { path in
                if path.status == .satisfied { cameBack() }
            }
            monitor.start(queue: .global(qos: .utility))
        #endif
    }

    deinit {
        #if canImport(Network)
            monitor.cancel()
        #endif
    }
}
