package import Hummingbird
import KumoSeams
import KumoStorage
import KumoTransport
import Logging
import NCMBWire
import NIOCore

/// The HTTP responder of a Kumo server: health routes, CORS, then the NCMB pipeline of
/// docs/wire/signature.md#request-processing-order-and-authentication-errors.
///
/// Kumo registers no NCMB path with Hummingbird's router: every API request goes through `APIRouter`, the same router
/// the SDK prints with (docs/architecture.md#dependency-rules, rule 8). The pipeline steps run in this order, each
/// recording what it learned in `KumoRequestContext`: endpoint → application → signature → session (signed endpoints
/// only) → body as the route declares it (size and content type) → route → controller → response signature.
package struct APIResponder: HTTPResponder {
    package typealias Context = KumoRequestContext

    let configuration: KumoConfiguration
    let environment: ServerEnvironment
    let applications: ApplicationCache
    let objects: ObjectsController
    let users: UsersController
    let roles: RolesController
    let installations: InstallationsController
    let files: FilesController
    let pushes: PushController
    let mailRequests: MailRequestsController
    let browserPages: BrowserPagesController
    let scripts: ScriptsController
    let classPermissions: ClassPermissionGate
    let rateLimits: RateLimits
    let bodyBudget: BodyBudget
    /// The responder of a path prefix answered before the NCMB pipeline (the dashboard), if any.
    package var mounted: MountedResponder?

    /// Creates the responder.
    package init(configuration: KumoConfiguration, environment: ServerEnvironment) {
        self.configuration = configuration
        self.environment = environment
        self.applications = ApplicationCache(
            store: environment.storage.applications, clock: environment.clock, generation: environment.cacheGeneration)
        self.objects = ObjectsController(environment: environment)
        let throttles = AccountThrottles(configuration: configuration)
        self.users = UsersController(environment: environment, configuration: configuration, throttles: throttles)
        self.roles = RolesController(environment: environment)
        self.installations = InstallationsController(environment: environment)
        let classPermissions = ClassPermissionGate(environment: environment)
        self.files = FilesController(environment: environment, configuration: configuration, classPermissions: classPermissions)
        self.pushes = PushController(environment: environment, classPermissions: classPermissions)
        self.mailRequests = MailRequestsController(environment: environment, configuration: configuration, throttles: throttles)
        self.browserPages = BrowserPagesController(environment: environment, configuration: configuration, files: files)
        self.classPermissions = classPermissions
        self.scripts = ScriptsController(environment: environment)
        self.rateLimits = RateLimits(configuration: configuration)
        self.bodyBudget = BodyBudget(capacity: configuration.maximumBodyBytesInFlight)
    }

    package func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let target = request.head.path ?? "/"
        let path: Substring
        let query: Substring?
        // Searched as a byte: a `Character` search walks grapheme boundaries (docs/decisions/0179-per-request-work-prepared-once.md).
        if let questionMark = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = target[..<questionMark]
            query = target[target.index(after: questionMark)...]
        } else {
            path = target[...]
            query = nil
        }
        var context = context
        if !configuration.trustedProxies.isEmpty {
            context.clientAddress = ClientAddress.resolve(
                peer: context.clientAddress, forwardedFor: request.headers[values: HeaderNames.forwardedFor],
                trustedProxies: configuration.trustedProxies)
        }
        var response: Response
        switch (request.method, path) {
        case (.get, "/health"):
            context.endpointName = "health"
            response = Self.healthy
        case (.get, "/ready"):
            context.endpointName = "ready"
            response = await readiness()
        case (.get, "/") where mounted != nil:
            // A person who opens the server's address in a browser is pointed to the dashboard (docs/dashboard.md);
            // temporary, since the dashboard may later be turned off or moved to a port of its own.
            context.endpointName = mounted?.endpointName
            response = Response(status: .found, headers: [.location: (mounted?.pathPrefix ?? "") + "/"])
        case (.options, _) where !(mounted?.answers(path) ?? false):
            context.endpointName = "preflight"
            response = CrossOrigin.preflight()
        case (_, _) where mounted?.answers(path) ?? false:
            context.endpointName = mounted?.endpointName
            response = await mounted?.respond(request, context) ?? Response(status: .notFound)
        default:
            response = await answer(request, path: path, query: query, context: &context)
            CrossOrigin.addHeaders(to: &response)
            UntrustedContentHeaders.protectAnswer(&response)
        }
        return finish(response, request: request, path: path, context: context, started: started)
    }

    /// The rate limit per address, then the API pipeline; a GET with a query runs as a task that the client's
    /// disconnect cancels.
    private func answer(_ request: Request, path: Substring, query: Substring?, context: inout Context) async -> Response {
        if let limiter = rateLimits.perAddress, let address = context.clientAddress, let retryAfter = limiter.take(address) {
            environment.metrics.rateLimitRefused(scope: "address")
            let keepsConnection = await drainUnreadBody(request)
            let error = KumoError.tooManyRequests(retryAfter: retryAfter)
            context.errorCode = error.code.code
            var response = render(error, context: context)
            if !keepsConnection { response.headers[.connection] = "close" }
            return response
        }
        if request.method == .get, let query, !query.isEmpty, request.hasNoBody, let disconnect = context.disconnect {
            // A query can be expensive: stop its work when the client goes away (docs/decisions/0067-work-budget.md).
            // It runs as a task of its own that the connection's disconnect signal cancels.
            let requestContext = context
            let work = Task {
                var context = requestContext
                let response = await handleAPI(request, path: String(path), query: String(query), context: &context)
                return AnsweredRequest(response: response, context: context)
            }
            let token = disconnect.onClose { work.cancel() }
            let answered = await work.value
            disconnect.cancel(token)
            context = answered.context
            return answered.response
        }
        return await handleAPI(request, path: String(path), query: query.map(String.init), context: &context)
    }

    /// Records the request's metrics and access-log line (docs/operations.md): at once when the response's length is
    /// known, else once its streamed body has been written.
    private func finish(
        _ response: Response, request: Request, path: Substring, context: Context, started: ContinuousClock.Instant
    ) -> Response {
        let route = context.endpointName ?? "unknown"
        let method = request.method.rawValue
        let status = response.status.code
        let duration = ContinuousClock.now - started
        environment.metrics.requestAnswered(route: route, method: method, status: status, duration: duration)
        if let applicationMetrics = environment.applicationMetrics, let application = context.application {
            let (seconds, attoseconds) = duration.components
            applicationMetrics.recordRequest(
                applicationId: application.applicationId, statusClass: status / 100,
                nanoseconds: seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000, at: environment.clock.now().millisecondsSince1970)
        }
        if let code = context.errorCode { environment.metrics.errorAnswered(code: code) }
        guard let accessLog = environment.accessLog else { return response }
        var entry = AccessLogEntry(
            applicationId: context.application?.applicationId, method: method, route: route, path: String(path), status: status,
            code: context.errorCode, bytesIn: request.headers[.contentLength].flatMap { Int($0) } ?? 0,
            requestId: context.logger[metadataKey: "hb.request.id"]?.description, client: context.clientAddress)
        if let length = response.body.contentLength {
            entry.bytesOut = length
            entry.write(to: accessLog, duration: ContinuousClock.now - started)
            return response
        }
        var streamed = response
        let pending = entry
        streamed.body = AccessLogEntry.counting(response.body) { bytesOut in
            var written = pending
            written.bytesOut = bytesOut
            written.write(to: accessLog, duration: ContinuousClock.now - started)
        }
        return streamed
    }

    private func readiness() async -> Response {
        do {
            try await environment.storage.checkHealth()
            return Response.json(.ok, Array(#"{"status":"ready"}"#.utf8))
        } catch {
            environment.logger.warning("storage health check failed", metadata: ["error": "\(error)"])
            return Response.json(.serviceUnavailable, KumoError(.serviceUnavailable).responseBody)
        }
    }

    /// Runs the pipeline and renders every failure: NCMB error JSON for the API, Kumo's error page for the browser
    /// endpoints (never a bare 500).
    ///
    /// One path for every request; the resolved declaration decides the steps: endpoint → (signed endpoints:)
    /// application, signature, session → body as declared (collected, form, or streamed by the handler) → route →
    /// controller → response.
    private func handleAPI(_ request: Request, path: String, query: String?, context: inout Context) async -> Response {
        var answersWithPage = false
        var bodyUntouched = true
        // Whether the body was read to its end; a body left half read ends the connection after the answer
        // (docs/decisions/0114-connection-close-said-and-done.md).
        var bodyRead = false
        do {
            let resolved = try APIRouter.resolve(method: request.method.rawValue, path: path)
            let endpoint = resolved.endpoint
            context.endpointName = endpoint.name
            // Browser pages (docs/wire/endpoints/browser-pages.md) carry no signature, take their application from the
            // path, and answer HTML.
            answersWithPage = !endpoint.isSigned && endpoint != .publicFile
            if endpoint.isSigned {
                try await authenticate(request, path: path, query: query, endpoint: endpoint, context: &context)
                if let limiter = rateLimits.perApplication, let application = context.application,
                    let retryAfter = limiter.take(application.applicationId)
                {
                    environment.metrics.rateLimitRefused(scope: "application")
                    throw KumoError.tooManyRequests(retryAfter: retryAfter)
                }
                try await resolveSession(request, context: &context)
            }
            var reservation = 0
            defer { bodyBudget.release(reservation) }
            // The body's bytes are dropped once the route holds what it needs (docs/decisions/0069-memory-budget.md).
            var body = try await readBody(request, as: resolved.declaration, reservation: &reservation, untouched: &bodyUntouched)
            // A multipart upload is read by its handler: it is read to its end when the handler succeeds.
            bodyRead = resolved.declaration.body != .multipart
            // A Kumo extension: a write's idempotency key (docs/wire/idempotency.md).
            let idempotent = IdempotentRequest.of(request, path: path, query: query, body: body, identity: context.identity)
            let answered: (result: APIResult, replayed: Bool)
            if body.count >= Self.offLoopBodyBytes {
                // A large body is parsed, checked and planned on Swift's shared executor, not on the connection's event
                // loop, whose other connections would wait for it (docs/decisions/0112-linear-writes-planned-outside-the-writer.md).
                answered = try await withTaskExecutorPreference(globalConcurrentExecutor) {
                    let route = try resolved.route(query: query, body: Self.taking(&body))
                    return try await dispatchOnce(route, idempotent: idempotent, request: request, path: path, context: context)
                }
            } else {
                let route = try resolved.route(query: query, body: Self.taking(&body))
                answered = try await dispatchOnce(route, idempotent: idempotent, request: request, path: path, context: context)
            }
            var response = await render(answered.result, context: context)
            if answered.replayed { response.headers[HeaderNames.idempotentReplay] = "true" }
            return response
        } catch {
            let kumoError = KumoError.from(error)
            context.errorCode = kumoError.code.code
            let subject = answersWithPage ? "browser page" : "request"
            if kumoError.retryAfterSeconds != nil {
                context.logger.notice("\(subject) turned away", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            } else if kumoError.code.status >= 500 {
                context.logger.error("\(subject) failed", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            } else {
                context.logger.debug("\(subject) rejected", metadata: ["code": "\(kumoError.code.code)"])
            }
            let keepsConnection = bodyUntouched ? await drainUnreadBody(request) : bodyRead
            var response =
                answersWithPage
                ? BrowserPages.failure(kumoError).response(status: HTTPResponse.Status(code: kumoError.code.status))
                : render(kumoError, context: context)
            if !keepsConnection { response.headers[.connection] = "close" }
            return response
        }
    }
}

extension APIResponder {
    /// The answer of `GET /health`, built once: a copy shares its headers and body buffer.
    static let healthy = Response.json(.ok, Array(#"{"status":"ok"}"#.utf8))

    /// Bodies of at least this many bytes are parsed and dispatched off the event loop.
    static let offLoopBodyBytes = 64 * 1024

    /// The bytes of `body`, leaving it empty, so that they are freed as soon as their reader is done with them.
    fileprivate static func taking(_ body: inout [UInt8]) -> [UInt8] {
        defer { body = [] }
        return body
    }
}

/// A response with what its request's pipeline learned, out of a request handled in a child task.
private struct AnsweredRequest: Sendable {
    let response: Response
    let context: KumoRequestContext
}

extension Request {
    /// Whether the request declares no body: no `Transfer-Encoding` and no (or a zero) `Content-Length`.
    fileprivate var hasNoBody: Bool {
        headers[.transferEncoding] == nil && (headers[.contentLength].map { $0 == "0" } ?? true)
    }
}
