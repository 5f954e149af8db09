/// What a realtime subscription reports: a change to an object the query selects, or a change of the connection.
///
/// ```swift
/// var query = NCMBQuery.getQuery(className: "Chat")
/// query.where(field: "room", equalTo: "lobby")
/// for try await event in query.subscribe() {
///     switch event {
///     case .subscribed: reloadMessages()          // first, and after every reconnection
///     case .create(let message), .enter(let message): show(message)
///     case .update(let message): refresh(message)
///     case .delete(let message), .leave(let message): hide(message.objectId)
///     case .disconnected: showOfflineBanner()
///     }
/// }
/// ```
///
/// The object of an event is rendered as a fetch by the subscriber would render it at the time of the change, with the
/// subscription's `keys` applied; the object of `.delete` may hold only its `objectId`.
///
/// - Note: A Kumo addition; NCMB has no realtime API.
public enum NCMBRealtimeEvent<T: NCMBBase>: Sendable {
    /// The server confirmed the subscription: changes from now on are reported.
    ///
    /// Sent first, and again after each reconnection. Changes made while the connection was down are not reported;
    /// query again on this event to catch up.
    case subscribed
    /// An object that the query selects was created.
    case create(T)
    /// An object that the query selected, and still selects, was updated.
    case update(T)
    /// An object that the query selected was deleted; it may hold only its `objectId`.
    case delete(T)
    /// An update made an object match the query.
    case enter(T)
    /// An update made an object stop matching the query; the object is rendered after the update.
    case leave(T)
    /// The connection was lost after the subscription was confirmed; the SDK reconnects with a growing delay and sends
    /// ``subscribed`` when the subscription is live again. The error says why the connection was lost.
    case disconnected(any Error)

    /// The object of a change; `nil` for ``subscribed`` and ``disconnected(_:)``.
    public var object: T? {
        switch self {
        case .create(let object), .update(let object), .delete(let object), .enter(let object), .leave(let object): object
        case .subscribed, .disconnected: nil
        }
    }
}

/// Why a realtime subscription stopped, when the server did not say (it says with an ``NCMBApiError``).
///
/// - Note: A Kumo addition; NCMB has no realtime API.
public enum NCMBRealtimeError: Error, Equatable {
    /// The SDK has no WebSocket client for the domain URL's scheme on this platform: on Linux it speaks `ws` (an `http`
    /// domain URL) only, not `wss` (docs/decisions/0097-websocket-client-per-platform.md).
    case unsupportedScheme(String)
    /// The app took events more slowly than they arrived, and more than the SDK holds (1,000) waited: the subscription
    /// ends rather than drop events silently or hold them without bound.
    case tooManyUndeliveredEvents
}
