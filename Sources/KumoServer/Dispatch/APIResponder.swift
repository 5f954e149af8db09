package import Hummingbird
import KumoSeams
import KumoStorage
import Logging
import Metrics
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

    /// Creates the responder.
    package init(configuration: KumoConfiguration, environment: ServerEnvironment) {
        self.configuration = configuration
        self.environment = environment
        self.applications = ApplicationCache(store: environment.storage.applications, clock: environment.clock)
        self.objects = ObjectsController(environment: environment)
        self.users = UsersController(environment: environment, configuration: configuration)
        self.roles = RolesController(environment: environment)
        self.installations = InstallationsController(environment: environment)
        let classPermissions = ClassPermissionGate(environment: environment)
        self.files = FilesController(environment: environment, configuration: configuration, classPermissions: classPermissions)
        self.pushes = PushController(environment: environment, classPermissions: classPermissions)
        self.mailRequests = MailRequestsController(environment: environment, configuration: configuration)
        self.browserPages = BrowserPagesController(environment: environment, configuration: configuration, files: files)
        self.classPermissions = classPermissions
        self.scripts = ScriptsController(environment: environment)
        self.rateLimits = RateLimits(configuration: configuration)
        self.bodyBudget = BodyBudget(capacity: configuration.maximumBodyBytesInFlight)
    }

    package func respond(to request: Request, context: Context) async throws -> Response {
        let target = request.head.path ?? "/"
        let path: Substring
        let query: Substring?
        if let questionMark = target.firstIndex(of: "?") {
            path = target[..<questionMark]
            query = target[target.index(after: questionMark)...]
        } else {
            path = target[...]
            query = nil
        }
        switch (request.method, path) {
        case (.get, "/health"): return Response.json(.ok, Array(#"{"status":"ok"}"#.utf8))
        case (.get, "/ready"): return await readiness()
        case (.options, _): return CrossOrigin.preflight()
        default: break
        }
        let started = ContinuousClock.now
        var context = context
        var response: Response
        if let limiter = rateLimits.perAddress, let address = context.clientAddress, let retryAfter = limiter.take(address) {
            let keepsConnection = await drainUnreadBody(request)
            response = render(KumoError.tooManyRequests(retryAfter: retryAfter), context: context)
            if !keepsConnection { response.headers[.connection] = "close" }
        } else if request.method == .get, let query, !query.isEmpty, request.hasNoBody, let disconnect = context.disconnect {
            // A query can be expensive: stop its work when the client goes away (docs/decisions/0067-work-budget.md).
            // It runs as a task of its own that the connection's disconnect signal cancels.
            let requestContext = context
            let work = Task {
                var context = requestContext
                let response = await handleAPI(request, path: String(path), query: String(query), context: &context)
                return AnsweredRequest(response: response, endpointName: context.endpointName)
            }
            let token = disconnect.onClose { work.cancel() }
            let answered = await work.value
            disconnect.cancel(token)
            response = answered.response
            context.endpointName = answered.endpointName
        } else {
            response = await handleAPI(request, path: String(path), query: query.map(String.init), context: &context)
        }
        CrossOrigin.addHeaders(to: &response)
        recordMetrics(endpointName: context.endpointName ?? "unknown", status: response.status.code, since: started)
        return response
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

    private func recordMetrics(endpointName: String, status: Int, since started: ContinuousClock.Instant) {
        Counter(label: "kumo_http_requests_total", dimensions: [("route", endpointName), ("status", String(status))]).increment()
        let elapsed = ContinuousClock.now - started
        Timer(label: "kumo_http_request_duration_seconds", dimensions: [("route", endpointName)]).recordNanoseconds(
            elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
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
                    throw KumoError.tooManyRequests(retryAfter: retryAfter)
                }
                try await resolveSession(request, context: &context)
            }
            var reservation = 0
            defer { bodyBudget.release(reservation) }
            // The body's bytes are dropped once the route holds what it needs (docs/decisions/0069-memory-budget.md).
            let body = try await readBody(request, as: resolved.declaration, reservation: &reservation, untouched: &bodyUntouched)
            let route = try resolved.route(query: query, body: consume body)
            let result = try await dispatch(route, request: request, path: path, context: context)
            return await render(result, context: context)
        } catch {
            let kumoError = KumoError.from(error)
            let subject = answersWithPage ? "browser page" : "request"
            if kumoError.retryAfterSeconds != nil {
                context.logger.notice("\(subject) turned away", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            } else if kumoError.code.status >= 500 {
                context.logger.error("\(subject) failed", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            } else {
                context.logger.debug("\(subject) rejected", metadata: ["code": "\(kumoError.code.code)"])
            }
            let keepsConnection = bodyUntouched ? await drainUnreadBody(request) : true
            var response =
                answersWithPage
                ? BrowserPages.failure(kumoError).response(status: HTTPResponse.Status(code: kumoError.code.status))
                : render(kumoError, context: context)
            if !keepsConnection { response.headers[.connection] = "close" }
            return response
        }
    }
}

/// A response with the endpoint its request resolved to, out of a request handled in a child task.
private struct AnsweredRequest: Sendable {
    let response: Response
    let endpointName: String?
}

extension Request {
    /// Whether the request declares no body: no `Transfer-Encoding` and no (or a zero) `Content-Length`.
    fileprivate var hasNoBody: Bool {
        headers[.transferEncoding] == nil && (headers[.contentLength].map { $0 == "0" } ?? true)
    }
}
