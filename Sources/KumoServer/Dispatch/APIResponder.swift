package import Hummingbird
import KumoStorage
import Logging
import Metrics
import NCMBWire
import NIOCore

/// The HTTP responder of a Kumo server: health routes, CORS, then the NCMB pipeline of wire spec §3.9.
///
/// Kumo registers no NCMB path with Hummingbird's router: every API request goes through `APIRouter`, the same router
/// the SDK prints with (architecture §6.1, dependency rule 8). The pipeline steps run in this order, each recording what
/// it learned in `KumoRequestContext`: endpoint → application → signature → session → size and content type → route
/// match → controller → response signature.
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
    let classPermissions: ClassPermissionGate

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
        var response = await handleAPI(request, path: String(path), query: query.map(String.init), context: &context)
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

    /// Runs the pipeline and renders every failure as NCMB error JSON (never an HTML page, never a bare 500).
    private func handleAPI(_ request: Request, path: String, query: String?, context: inout Context) async -> Response {
        do {
            let endpoint = try APIRouter.endpoint(method: request.method.rawValue, path: path)
            context.endpointName = endpoint.name
            // Browser pages (wire spec §5.10) carry no signature and answer HTML or redirects.
            guard endpoint.isSigned else { return await browserPages.respond(to: request, path: path, query: query, context: &context) }
            let result = try await runPipeline(request, path: path, query: query, endpoint: endpoint, context: &context)
            return await render(result, context: context)
        } catch {
            let kumoError = KumoError.from(error)
            if kumoError.code.status >= 500 {
                context.logger.error("request failed", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            } else {
                context.logger.debug("request rejected", metadata: ["code": "\(kumoError.code.code)"])
            }
            return render(kumoError, context: context)
        }
    }

    private func runPipeline(_ request: Request, path: String, query: String?, endpoint: APIEndpoint, context: inout Context)
        async throws -> APIResult
    {
        try await authenticate(request, path: path, query: query, endpoint: endpoint, context: &context)
        try await resolveSession(request, context: &context)
        // A file upload is streamed to the blob store by its controller, never collected in memory (wire spec §5.5).
        if endpoint == .filesUpload {
            let route = try APIRouter.match(RequestData(method: .post, path: path, query: query, body: []))
            guard case .files(.upload(let fileName)) = route else { throw KumoError(.noDataAvailable) }
            return try await files.upload(fileName: fileName, request: request, context: context)
        }
        let body = try await collectBody(request)
        try checkContentType(request, body: body)
        guard let method = RequestMethod(rawValue: request.method.rawValue) else { throw KumoError(.methodNotAllowed) }
        let route = try APIRouter.match(RequestData(method: method, path: path, query: query, body: body))
        return try await dispatch(route, context: context)
    }

    private func collectBody(_ request: Request) async throws -> [UInt8] {
        let limit = configuration.maximumBodySize
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw KumoError(.requestEntityTooLarge)
        }
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw KumoError(.requestEntityTooLarge)
        }
    }

    private func checkContentType(_ request: Request, body: [UInt8]) throws {
        guard !body.isEmpty, request.method == .post || request.method == .put else { return }
        guard let contentType = request.headers[.contentType]?.lowercased() else { return }
        let mediaType = contentType.split(separator: ";").first.map { $0.filter { $0 != " " && $0 != "\t" } } ?? ""
        guard mediaType == "application/json" || mediaType == "text/plain" else { throw KumoError(.unsupportedMediaType) }
    }
}
