import Foundation
package import Hummingbird
import KumoAdministration
import KumoSeams
import KumoStorage
import Logging
import NCMBWire
import NIOCore

/// Answers every request under `/dashboard` (docs/dashboard.md): the sign-in and setup pages, the app shell and its
/// files, and the admin JSON API. Generic over the request context of the server in front of it; `client` tells who is
/// asking (the address behind trusted proxies, and whether the request came over TLS).
package struct DashboardResponder<Context: RequestContext>: HTTPResponder {
    let configuration: DashboardConfiguration
    let environment: DashboardEnvironment
    let client: @Sendable (Request, Context) -> DashboardClient
    let throttle: SignInThrottle
    let dummyHash: DummyPasswordHash
    let api: DashboardAPI

    /// Creates the responder.
    package init(
        configuration: DashboardConfiguration = DashboardConfiguration(), environment: DashboardEnvironment,
        client: @escaping @Sendable (Request, Context) -> DashboardClient
    ) {
        self.configuration = configuration
        self.environment = environment
        self.client = client
        self.throttle = SignInThrottle(limits: configuration.signInLimits)
        self.dummyHash = DummyPasswordHash()
        self.api = DashboardAPI(configuration: configuration, environment: environment)
    }

    package func respond(to request: Request, context: Context) async throws -> Response {
        await answer(request, client: client(request, context))
    }

    /// Answers a request whose client is already known (the dashboard mounted on the NCMB port).
    package func answer(_ request: Request, client: DashboardClient) async -> Response {
        let target = request.head.path ?? "/"
        let path: String
        let query: String?
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            (path, query) = (target, nil)
        }
        let route = DashboardRoute.match(method: request.method.rawValue, path: path, query: query)
        do {
            return try await dispatch(route, request: request, client: client)
        } catch {
            environment.logger.error("dashboard request failed", metadata: ["path": "\(path)", "error": "\(error)"])
            return DashboardResponses.error(.internalServerError, code: "internal", "The request failed; see the server log.")
        }
    }

    /// One line per route (no `default:`).
    private func dispatch(_ route: DashboardRoute, request: Request, client: DashboardClient) async throws -> Response {
        switch route {
        case .root: return DashboardResponses.redirect("/dashboard/", status: .movedPermanently)
        case .loginPage(let next): return try await loginPage(request, client: client, next: next)
        case .login: return try await login(request, client: client)
        case .logout: return try await logout(request, client: client)
        case .setupPage(let token): return try await setupPage(request, client: client, token: token)
        case .setup: return try await setup(request, client: client)
        case .asset(let name): return asset(name, request: request)
        case .page(let path): return try await page(path, request: request, client: client)
        case .notFound: return DashboardResponses.error(.notFound, code: "notFound", "Nothing is here.")
        case .api(let apiRoute):
            guard let session = try await currentSession(request) else {
                return DashboardResponses.error(.unauthorized, code: "unauthenticated", "Sign in first.")
            }
            if request.method != .get {
                guard let sent = request.headers[DashboardHeaderNames.csrf],
                    DashboardTokens.constantTimeEquals(sent, session.csrfToken), originMatches(request)
                else { return DashboardResponses.error(.forbidden, code: "csrf", "The request lacks a valid X-Kumo-CSRF token.") }
            }
            var call = DashboardAPI.Call(
                session: session, client: client, body: [], acceptLanguage: request.headers[.acceptLanguage], headers: request.headers)
            if apiRoute.streamsBody {
                call.streamedBody = request.body
            } else {
                do {
                    call.body = try await Self.collect(request, limit: configuration.maximumBodyBytes)
                } catch {
                    return DashboardResponses.error(.contentTooLarge, code: "tooLarge", "The request body is too large.")
                }
            }
            return try await api.handle(apiRoute, call: call)
        }
    }

    /// The app shell for a signed-in administrator, else the sign-in form (303 with `next`: the page's path and query,
    /// so that signing in lands on the same page, `/dashboard/overview?application=…` included).
    private func page(_ path: String, request: Request, client: DashboardClient) async throws -> Response {
        guard try await currentSession(request) != nil else {
            return DashboardResponses.redirect("/dashboard/login?next=" + PercentEncoding.encode(request.head.path ?? path))
        }
        return Self.assetResponse(DashboardAssets.shell, request: request, cacheControl: "no-store")
    }

    private func asset(_ name: String, request: Request) -> Response {
        guard let asset = DashboardAssets.files[name] else {
            return DashboardResponses.error(.notFound, code: "notFound", "No such file.")
        }
        return Self.assetResponse(asset, request: request, cacheControl: "no-cache")
    }

    private static func assetResponse(_ asset: DashboardAssets.Asset, request: Request, cacheControl: String) -> Response {
        var headers = HTTPFields()
        headers[.eTag] = asset.eTag
        headers[.cacheControl] = cacheControl
        if request.headers[.ifNoneMatch] == asset.eTag {
            return DashboardResponses.secured(Response(status: .notModified, headers: headers))
        }
        headers[.contentType] = asset.contentType
        return DashboardResponses.secured(
            Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes))))
    }

    /// The session of the request's cookie, its idle expiry moved forward (at most once a minute), or `nil`.
    func currentSession(_ request: Request) async throws -> AdminSession? {
        guard let token = DashboardCookies.value(DashboardCookies.session, in: request.headers), (1...256).contains(token.utf8.count)
        else { return nil }
        let now = environment.clock.now()
        guard var session = try await environment.storage.admins.session(tokenHash: DashboardTokens.hash(token), now: now) else {
            return nil
        }
        let expiresAt = now.millisecondsSince1970 + Int64(configuration.sessionIdleSeconds) * 1000
        if expiresAt - session.expiresAt.millisecondsSince1970 > 60_000 {
            session.expiresAt = WireDate(millisecondsSince1970: expiresAt)
            try await environment.storage.admins.updateSession(
                tokenHash: session.tokenHash, expiresAt: session.expiresAt, language: session.language)
        }
        return session
    }

    /// Whether `Origin`, when sent, is the dashboard's own (its host and port equal `Host`).
    func originMatches(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        guard let host = request.head.authority ?? request.headers[DashboardHeaderNames.host] else { return false }
        guard let schemeEnd = origin.range(of: "://") else { return false }
        return origin[schemeEnd.upperBound...] == host[...]
    }

    /// The body, up to `limit` bytes.
    static func collect(_ request: Request, limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in request.body {
            guard bytes.count + chunk.readableBytes <= limit else { throw BodyTooLarge() }
            bytes.append(contentsOf: chunk.readableBytesView)
        }
        return bytes
    }
}

/// A body over its limit.
struct BodyTooLarge: Error {}
