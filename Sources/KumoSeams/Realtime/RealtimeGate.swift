import KumoMemberwise
package import KumoStorage
package import NCMBWire

/// What realtime subscriptions (`KumoRealtime`, docs/wire/realtime.md) use of the request pipeline, so that a
/// subscription sees exactly what the same caller's requests would: the same authentication, `where` checks and
/// class-level permissions (docs/decisions/0117-realtime-behind-a-seam.md). `KumoServer` implements it on its one
/// `APIResponder`; the realtime module never imports the server for it.
package protocol RealtimeGate: Sendable {
    /// The storage the pipeline serves: its change feed, the users' roles, the objects realtime renders.
    var storage: any StorageBackend { get }
    /// The pipeline's clock, by which sessions expire.
    var clock: any WallClock { get }

    /// Authenticates a connection as the signed `GET /2013-09-01/realtime` of its upgrade request would be: application,
    /// signature (every accepted client variant), optional clock-skew check, then the session.
    ///
    /// - Throws: `KumoError` E401001 (missing or bad signature, unknown session), E404005 (unknown application key),
    ///   E503001 when storage fails.
    func authenticate(_ handshake: RealtimeHandshake) async throws -> RealtimeCaller

    /// Checks a subscription as a query of its class would be checked: no condition on a hidden field (E400002), and the
    /// caller may `find` in the class and in every class the `where` reads (E403001).
    func authorize(_ whereQuery: WhereQuery, className: ClassName, caller: RealtimeCaller) async throws

    /// Whether the caller may still receive objects of the class: the class-level `find` (a subscription is a standing
    /// query) and `get` (each event shows one object as a GET would) permissions, now.
    ///
    /// - Throws: E403001 when either is refused; storage errors.
    func authorizeEvent(className: ClassName, caller: RealtimeCaller) async throws
}

/// The request a realtime connection authenticates as: its upgrade request's target and headers, with a `connect`
/// message's values as the NCMB headers when the client sent them that way (docs/wire/realtime.md#authentication).
@PackageMemberwiseInit
package struct RealtimeHandshake: Sendable, Hashable {
    /// One header, as sent.
    package typealias Header = HeaderField

    /// The `Host` the client sent (HTTP/1.1's authority), which the signature covers.
    package var authority: String?
    /// The request target: the path and, after `?`, the raw query.
    package var target: String
    /// Every header, in order.
    package var headers: [Header]
}

/// Who a realtime connection authenticated as.
@PackageMemberwiseInit
package struct RealtimeCaller: Sendable, Hashable {
    /// The application.
    package var application: HostedApplication
    /// The signed-in user's objectId, or `nil` for an anonymous connection.
    package var userObjectId: String?
    /// The SHA-256 of the session token, when one was sent.
    package var sessionTokenHash: String?
    /// When that session expires.
    package var sessionExpiresAt: WireDate?

    /// How storage filters by ACL for this caller.
    package var access: AccessContext { userObjectId.map { .user(objectId: $0) } ?? .anonymous }
}
