/// How a login request carries its credentials (wire spec §5.3, §11 item 10).
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
}
