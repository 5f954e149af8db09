package import HTTPTypes
package import Hummingbird
package import KumoSeams
package import KumoStorage
import Logging
package import NCMBWire
import NIOCore

/// What the realtime module (`KumoRealtime`, docs/wire/realtime.md) uses of the server: the same authentication, class
/// names, `where` validation, class-level permissions and GET rendering as a request, so a subscription sees exactly
/// what the same caller's requests would (docs/decisions/0090-realtime-over-websocket.md).
///
/// Built from the server's one ``APIResponder``: the application cache, the class-permission cache and the
/// controllers' renderers are the request pipeline's own.
package struct RealtimeGate: Sendable {
    let responder: APIResponder

    /// The answer to a plain `GET /realtime` that does not ask for a WebSocket: 400 E400000.
    static let upgradeRequired = KumoError(.badRequest, underlying: "GET /realtime without a WebSocket upgrade")

    /// The gate of a responder.
    package init(responder: APIResponder) {
        self.responder = responder
    }

    /// Storage, clock, identifiers, logger and metrics of the server.
    package var environment: ServerEnvironment { responder.environment }

    // MARK: Authentication

    /// Authenticates a connection as the signed `GET` of its upgrade request: application, signature (every accepted
    /// client variant, docs/wire/signature.md#server-verification-procedure), optional clock-skew check, then the
    /// session, exactly as the request pipeline does.
    ///
    /// - Parameters:
    ///   - head: the upgrade request; for a `connect` message, with the message's values as its headers
    ///     (``RealtimeCredentials/head(upgrade:)``).
    /// - Throws: `KumoError` E401001 (missing or bad signature, unknown session), E404005 (unknown application key),
    ///   E503001 when storage fails.
    package func authenticate(_ head: HTTPRequest) async throws -> RealtimeCaller {
        let target = head.path ?? "/"
        let path: String
        let query: String?
        if let questionMark = target.firstIndex(of: "?") {
            path = String(target[..<questionMark])
            query = String(target[target.index(after: questionMark)...])
        } else {
            path = target
            query = nil
        }
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        var context = KumoRequestContext(inProcessLogger: environment.logger)
        try await responder.authenticate(request, path: path, query: query, endpoint: .realtime, context: &context)
        try await responder.resolveSession(request, context: &context)
        let application = try context.requireApplication()
        return RealtimeCaller(
            application: application, identity: context.identity, sessionTokenHash: context.sessionTokenHash,
            sessionExpiresAt: context.sessionExpiresAt)
    }

    // MARK: Subscriptions

    /// The class of a subscription by its REST name: `users`, `roles`, `installations`, `files`, `push`, or a custom
    /// class name.
    ///
    /// - Throws: E400002 `"className is invalid."` for a name that is not a class name; E403003 for a standard class
    ///   named by its storage name (`user`), as `/classes/user` is refused.
    package static func className(_ name: String) throws(KumoError) -> ClassName {
        switch name {
        case "users": return .user
        case "roles": return .role
        case "installations": return .installation
        case "files": return .file
        case "push": return .push
        default:
            guard let className = ClassName(name) else { throw KumoError(.invalidType, "className") }
            guard !className.isStandard else { throw KumoError(.operationThatAreProhibited) }
            return className
        }
    }

    /// Checks a subscription as a query of its class would be checked: no condition on a hidden field (E400002), and
    /// the caller may `find` in the class and in every class the `where` reads (E403001).
    package func authorize(_ whereQuery: WhereQuery, className: ClassName, caller: RealtimeCaller) async throws {
        try HiddenFieldGuard.check(whereQuery, queryClass: className)
        let context = caller.context(logger: environment.logger)
        try await responder.classPermissions.authorize(.find, className: className, context: context)
        try await responder.classPermissions.authorizeReads(of: whereQuery, context: context)
    }

    /// Whether the caller may still receive objects of the class: the class-level `find` (a subscription is a standing
    /// query) and `get` (each event shows one object as a GET would) permissions, now.
    ///
    /// - Throws: E403001 when either is refused; storage errors.
    package func authorizeEvent(className: ClassName, caller: RealtimeCaller) async throws {
        let context = caller.context(logger: environment.logger)
        try await responder.classPermissions.authorize(.find, className: className, context: context)
        try await responder.classPermissions.authorize(.get, className: className, context: context)
    }

    // MARK: Rendering

    /// The object as a `GET` of it by this caller answers (for files, as `GET /files` lists it), with `keys` applied
    /// as a query applies them: the system fields stay, other fields only when named.
    package func render(_ object: StoredObject, className: ClassName, keys: [FieldName]?, caller: RealtimeCaller) async throws
        -> [UInt8]
    {
        var object = object
        let kept = keys.map { Set($0.map(\.rawValue)) }
        if let kept { object.fields = object.fields.filtering { kept.contains($0) } }
        switch className {
        case .user:
            return JSONValue.object(UserRendering.readable(object, caller: caller.identity)).serializedBytes()
        case .role:
            return JSONValue.object(object.roleJSON(keys: kept)).serializedBytes()
        case .installation:
            return JSONValue.object(UserQueryGuard.redactIncludedUsers(object.json)).serializedBytes()
        case .push:
            let context = caller.context(logger: environment.logger)
            let readable = try await responder.pushes.readableReasonInstallations(of: [object], context: context)
            return JSONValue.object(PushController.rendered(object, keys: keys, readableInstallations: readable)).serializedBytes()
        case .file:
            return (FilesController.FileMetadata(object)?.json ?? .object(["objectId": .string(object.objectId)])).serializedBytes()
        default:
            return ObjectRendering.object(object)
        }
    }
}

/// Who a realtime connection authenticated as.
package struct RealtimeCaller: Sendable, Hashable {
    /// The application.
    package var application: HostedApplication
    /// The signed-in user, or anonymous.
    package var identity: Identity
    /// The SHA-256 of the session token, when one was sent.
    package var sessionTokenHash: String?
    /// When that session expires.
    package var sessionExpiresAt: WireDate?

    /// Creates a caller.
    package init(application: HostedApplication, identity: Identity, sessionTokenHash: String?, sessionExpiresAt: WireDate?) {
        self.application = application
        self.identity = identity
        self.sessionTokenHash = sessionTokenHash
        self.sessionExpiresAt = sessionExpiresAt
    }

    /// A request context of this caller, for the permission checks and renderers that take one.
    func context(logger: Logger) -> KumoRequestContext {
        var context = KumoRequestContext(inProcessLogger: logger)
        context.application = application
        context.identity = identity
        context.sessionTokenHash = sessionTokenHash
        context.sessionExpiresAt = sessionExpiresAt
        return context
    }
}
