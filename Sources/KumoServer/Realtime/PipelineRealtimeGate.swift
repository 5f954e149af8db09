package import HTTPTypes
package import Hummingbird
import KumoMemberwise
package import KumoSeams
package import KumoStorage
import Logging
package import NCMBWire
import NIOCore

/// The request pipeline's side of realtime (``RealtimeGate``, docs/decisions/0117-realtime-behind-a-seam.md): the same
/// authentication, `where` validation and class-level permissions as a request, so a subscription sees exactly what the
/// same caller's requests would (docs/decisions/0090-realtime-over-websocket.md).
///
/// Built from the server's one ``APIResponder``: the application cache and the class-permission cache are the request
/// pipeline's own.
@PackageMemberwiseInit
package struct PipelineRealtimeGate: RealtimeGate {
    let responder: APIResponder

    /// The answer to a plain `GET /realtime` that does not ask for a WebSocket: 400 E400000.
    static let upgradeRequired = KumoError(.badRequest, underlying: "GET /realtime without a WebSocket upgrade")

    package var storage: any StorageBackend { responder.environment.storage }

    package var clock: any WallClock { responder.environment.clock }

    package func authenticate(_ handshake: RealtimeHandshake) async throws -> RealtimeCaller {
        var fields = HTTPFields()
        for header in handshake.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let head = HTTPRequest(method: .get, scheme: nil, authority: handshake.authority, path: handshake.target, headerFields: fields)
        let path: String
        let query: String?
        if let questionMark = handshake.target.firstIndex(of: "?") {
            path = String(handshake.target[..<questionMark])
            query = String(handshake.target[handshake.target.index(after: questionMark)...])
        } else {
            path = handshake.target
            query = nil
        }
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        var context = KumoRequestContext(inProcessLogger: responder.environment.logger)
        try await responder.authenticate(request, path: path, query: query, endpoint: .realtime, context: &context)
        try await responder.resolveSession(request, context: &context)
        let application = try context.requireApplication()
        return RealtimeCaller(
            application: application, userObjectId: context.identity.userObjectId, sessionTokenHash: context.sessionTokenHash,
            sessionExpiresAt: context.sessionExpiresAt)
    }

    package func authorize(_ whereQuery: WhereQuery, className: ClassName, caller: RealtimeCaller) async throws {
        try HiddenFieldGuard.check(whereQuery, queryClass: className)
        let context = context(of: caller)
        try await responder.classPermissions.authorize(.find, className: className, context: context)
        try await responder.classPermissions.authorizeReads(of: whereQuery, context: context)
    }

    package func authorizeEvent(className: ClassName, caller: RealtimeCaller) async throws {
        let context = context(of: caller)
        try await responder.classPermissions.authorize(.find, className: className, context: context)
        try await responder.classPermissions.authorize(.get, className: className, context: context)
    }

    /// A request context of the caller, for the permission checks that take one.
    private func context(of caller: RealtimeCaller) -> KumoRequestContext {
        var context = KumoRequestContext(inProcessLogger: responder.environment.logger)
        context.application = caller.application
        context.identity = caller.userObjectId.map { .user(objectId: $0) } ?? .anonymous
        context.sessionTokenHash = caller.sessionTokenHash
        context.sessionExpiresAt = caller.sessionExpiresAt
        return context
    }
}
