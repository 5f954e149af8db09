extension RouteDeclaration {
    /// `GET /realtime`, upgraded to a WebSocket: realtime subscriptions, a Kumo extension of the NCMB API
    /// (docs/wire/realtime.md). Signed as a GET of this path, either by the upgrade request's headers or by the first
    /// message; the server decides the upgrade from this declaration (`APIRouter.resolve`), and a request that is not an
    /// upgrade is refused.
    static let realtime = RouteDeclaration(.get, "realtime", name: "realtime") { _ in .realtime }
}

extension APIEndpoint {
    /// `GET /realtime` (docs/wire/realtime.md): the endpoint whose requests upgrade to a WebSocket.
    package static var realtime: APIEndpoint { RouteDeclaration.realtime.endpoint }
}
