/// How a login request carries its credentials (docs/wire/endpoints/users.md, docs/wire/client-behaviours.md, item 10).
///
/// Both forms hold the credentials as a JSON object (`userName` or `mailAddress`, plus `password`); the login controller
/// reads them the same way whichever form arrived.
package enum LoginRoute: Sendable, Hashable {
    /// `POST /login` with a JSON body: the raw body object.
    case body(JSONObject)
    /// Legacy `GET /login?userName=…&password=…`: the decoded query items as an object of strings.
    ///
    /// Printing writes string values as they are and any other value as its compact JSON text, sorted by name.
    case query(JSONObject)

    /// The credentials, whichever form carried them.
    package var fields: JSONObject {
        switch self {
        case .body(let fields), .query(let fields): fields
        }
    }

    /// The declaration of this form and the values it prints.
    var declared: (declaration: RouteDeclaration, values: RouteValues) {
        switch self {
        case .body(let fields):
            return (.loginWithBody, RouteValues(body: fields))
        case .query(let fields):
            let items = APIRouter.queryItems(from: fields).sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            return (.loginWithQuery, RouteValues(query: items))
        }
    }
}

extension RouteDeclaration {
    /// `POST /login` with a JSON body.
    static let loginWithBody = RouteDeclaration(.post, "login", name: "login", body: .json) { input throws(APIError) in
        .login(.body(input.body))
    }

    /// The legacy `GET /login?userName=…&password=…`; a repeated name keeps its first position and its last value.
    static let loginWithQuery = RouteDeclaration(.get, "login", name: "login", query: .items) { input throws(APIError) in
        .login(.query(APIRouter.object(from: input.queryItems)))
    }

    /// `GET /logout`.
    static let logout = RouteDeclaration(.get, "logout", name: "logout") { _ throws(APIError) in .logout }

    /// `POST /requestMailAddressUserEntry` `{"mailAddress":…}`.
    static let requestMailAddressUserEntry = RouteDeclaration(
        .post, "requestMailAddressUserEntry", name: "requestMailAddressUserEntry", body: .json
    ) { input throws(APIError) in .requestMailAddressUserEntry(input.body) }

    /// `POST /requestPasswordReset` `{"mailAddress":…}`.
    static let requestPasswordReset = RouteDeclaration(.post, "requestPasswordReset", name: "requestPasswordReset", body: .json) {
        input throws(APIError) in .requestPasswordReset(input.body)
    }
}
