package import Hummingbird
package import KumoSeams
package import KumoStorage
package import KumoTransport
package import Logging
package import NCMBWire

/// The per-request context: what each step of the request pipeline learned
/// (docs/style.md#3-pipeline-steps-record-what-they-learn-in-a-typed-context).
package struct KumoRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The endpoint resolved from method and path.
    package var endpointName: String?
    /// The application resolved from `X-NCMB-Application-Key` (or the path of a browser endpoint).
    package var application: HostedApplication?
    /// The string to sign that authenticated the request; responses are signed over it
    /// (docs/wire/signature.md#response-signature).
    package var stringToSign: String?
    /// The application's client key prepared for signing, when the signature step resolved it (a response signed
    /// without it prepares its own).
    package var signingKey: SigningKey?
    /// Who is calling.
    package var identity: Identity = .anonymous
    /// The SHA-256 hash of the session token that identified the caller (`GET /logout` ends that session).
    package var sessionTokenHash: String?
    /// When that session expires (a realtime connection ends with it, docs/wire/realtime.md#session-end).
    package var sessionExpiresAt: WireDate?
    /// The NCMB error code the request was answered with, for its metrics and access-log line.
    package var errorCode: String?
    /// The connection's peer address without its port (`127.0.0.1`, `::1`), or the client a trusted proxy names
    /// (``KumoConfiguration/trustedProxies``): the key of the per-address rate limit and the access log's client;
    /// `nil` in process (tests).
    package var clientAddress: String?
    /// Tells when the client has gone (`nil` in process, or when the context is made off the connection's event loop).
    package var disconnect: DisconnectSignal?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        if source.channel.eventLoop.inEventLoop, let facts = ConnectionHandlers.requestFacts(of: source.channel) {
            disconnect = facts.disconnect
            clientAddress = facts.peerAddress
        } else {
            clientAddress = source.channel.remoteAddress?.ipAddress
        }
    }
}

/// Who is calling, as the session middleware resolved it.
package enum Identity: Sendable, Hashable {
    /// No session token.
    case anonymous
    /// A signed-in user.
    case user(objectId: String)
    /// A dashboard administrator calling in process (``AdministratorCalls``): ACLs and class-level permissions do not
    /// apply (docs/decisions/0078-dashboard-acts-through-the-ncmb-pipeline.md).
    case administrator

    /// The signed-in user's objectId; `nil` for anyone else.
    package var userObjectId: String? {
        if case .user(let objectId) = self { objectId } else { nil }
    }

    /// The storage view of this identity.
    package var accessContext: AccessContext {
        switch self {
        case .anonymous: .anonymous
        case .user(let objectId): .user(objectId: objectId)
        case .administrator: .bypass
        }
    }
}

extension KumoRequestContext {
    /// A context for a request made in process, without a connection (``AdministratorCalls``).
    package init(inProcessLogger logger: Logger) {
        coreContext = .init(source: InProcessContextSource(logger: logger))
    }

    /// The resolved application; every signed endpoint has one by the time a controller runs.
    package func requireApplication() throws(KumoError) -> HostedApplication {
        guard let application else { throw KumoError(.systemError, underlying: "no application in context") }
        return application
    }
}

/// The source of a context made without a connection.
private struct InProcessContextSource: RequestContextSource {
    let logger: Logger
}
