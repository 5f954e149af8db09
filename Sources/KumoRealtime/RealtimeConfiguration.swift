/// The limits of realtime connections (docs/configuration.md#realtime, docs/wire/realtime.md#limits); `kumo serve`
/// fills it from its `--realtime-…` flags.
package struct RealtimeConfiguration: Sendable, Hashable {
    /// The most subscriptions one connection may hold; one more is refused with E429001. Defaults to 100.
    package var maximumSubscriptionsPerConnection = 100
    /// The most authenticated connections one application may have on this instance; one more is closed with E429001.
    /// Defaults to 10,000.
    package var maximumConnectionsPerApplication = 10_000
    /// The largest message a client may send, in bytes; a larger one closes the connection with code 1009. Defaults to
    /// 65,536.
    package var maximumMessageBytes = 65_536
    /// How long a connection may stay unauthenticated before it is closed with E401001. Defaults to 10 seconds.
    package var authenticationTimeout: Duration = .seconds(10)
    /// How often the server pings; a client that has not answered the previous ping by then is disconnected. Also how
    /// often a connection checks whether its session expired. Defaults to 30 seconds.
    package var pingInterval: Duration = .seconds(30)
    /// The most messages and events waiting for one connection; past it the connection is a slow consumer and is
    /// closed with E429001 (docs/wire/realtime.md#slow-consumers). Defaults to 1,000.
    package var maximumQueuedItems = 1_000
    /// How long a slow consumer is given to receive its error before its connection is cut. Defaults to 5 seconds.
    package var slowConsumerGrace: Duration = .seconds(5)
    /// The socket send buffer of a WebSocket connection in bytes, which bounds what the kernel holds for a client that
    /// does not read; `nil` keeps the system's. Defaults to 262,144.
    package var socketSendBufferBytes: Int? = 262_144

    /// The most subscriptions with a `$regex` one connection may hold; one more is refused with E429001. Defaults to 10.
    package var maximumRegexSubscriptionsPerConnection = 10
    /// The most bytes the `where`s of one connection's subscriptions may hold together, as compact JSON; a subscription
    /// past it is refused with E429001. Defaults to 65,536.
    package var maximumWhereBytesPerConnection = 65_536
    /// The longest one subscription's `where` may work on one change (both images); past it the subscription ends with
    /// E429001. Defaults to 10 ms.
    package var subscriptionMatchBudget: Duration = .milliseconds(10)
    /// The longest the matching of one change against every subscription may work; the subscriptions not evaluated
    /// when it runs out end with E503001. Defaults to 100 ms.
    package var changeMatchBudget: Duration = .milliseconds(100)

    /// The most changes of one application waiting to be matched; past it they are dropped and the application's
    /// subscriptions end with E503001. Defaults to 10,000.
    package var maximumPendingChanges = 10_000

    /// The default limits.
    package init() {}
}
