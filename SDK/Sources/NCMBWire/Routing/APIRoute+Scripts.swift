/// A script call (docs/wire/endpoints/scripts.md): `GET | POST | PUT | DELETE /2015-09-01/script/{name}`.
///
/// The script receives the decoded query in wire order and, for POST and PUT, the JSON body; its headers travel beside
/// the route (the router neither prints nor reads headers). Script routes are signed over a script host, sign their
/// query only for GET, and accept method names in any case (docs/wire/endpoints/scripts.md, client behaviour 3).
package struct ScriptRoute: Sendable, Hashable {
    /// The script's file name as called, e.g. `hello.js`.
    package var name: String
    /// The method the script is called with.
    package var method: RequestMethod
    /// The decoded query items, in wire order.
    package var query: [QueryItem]
    /// The JSON body of a POST or PUT (`[:]` for GET and DELETE, whose bodies are not sent).
    package var body: JSONObject

    /// Creates a call; `body` is printed only for POST and PUT.
    package init(name: String, method: RequestMethod, query: [QueryItem] = [], body: JSONObject = [:]) {
        self.name = name
        self.method = method
        self.query = query
        self.body = body
    }

    /// The declarations of `/script/{name}`, one per method.
    static let declarations: [RouteDeclaration] = [.scriptGet, .scriptPost, .scriptPut, .scriptDelete]

    /// The declaration of this call and the values it prints.
    var declared: (declaration: RouteDeclaration, values: RouteValues) {
        let declaration: RouteDeclaration =
            switch method {
            case .get: .scriptGet
            case .post: .scriptPost
            case .put: .scriptPut
            case .delete: .scriptDelete
            }
        return (declaration, RouteValues(path: ["name": name], query: query, body: method.hasBody ? body : [:]))
    }

    /// Builds the call from a matched script request.
    static func read(_ input: RouteInput, method: RequestMethod) throws(APIError) -> APIRoute {
        .script(ScriptRoute(name: try input.safeName("name"), method: method, query: input.queryItems, body: input.body))
    }
}

extension RouteDeclaration {
    /// `GET /2015-09-01/script/{name}`.
    static let scriptGet = script(.get, body: .none)
    /// `POST /2015-09-01/script/{name}` with a JSON body.
    static let scriptPost = script(.post, body: .json)
    /// `PUT /2015-09-01/script/{name}` with a JSON body.
    static let scriptPut = script(.put, body: .json)
    /// `DELETE /2015-09-01/script/{name}`.
    static let scriptDelete = script(.delete, body: .none)

    /// The declaration of one script method: script version and signing, the query as items.
    private static func script(_ method: RequestMethod, body: RouteBody) -> RouteDeclaration {
        RouteDeclaration(
            method, "script/{name}", name: "script.run", version: APIRouter.scriptVersion, signing: .script, body: body,
            query: .items
        ) { input throws(APIError) in try ScriptRoute.read(input, method: method) }
    }
}
