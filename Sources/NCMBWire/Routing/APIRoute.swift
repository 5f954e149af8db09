/// Every NCMB endpoint with its payload (wire spec §5.0): the one spelling of the API shared by the SDK and the server.
///
/// The SDK builds a route and prints it with `APIRouter.print(_:)`; the server matches a request back to a route with
/// `APIRouter.match(_:)` and switches over it exhaustively. Request bodies travel as the raw `JSONObject` a client sent:
/// the server's controllers interpret the fields. Only collection queries are validated here, into `QueryParameters`.
package enum APIRoute: Sendable, Hashable {
    /// Objects of a class, or of a standard collection: `/classes/{name}`, `/users`, `/roles`, `/installations`, `/push`.
    case objects(ClassReference, ObjectRoute)
    /// `POST /login` with a JSON body, or the legacy `GET /login?userName=…&password=…` (wire spec §5.3).
    case login(LoginRoute)
    /// `GET /logout`: ends the session of `X-NCMB-Apps-Session-Token`.
    case logout
    /// `POST /requestMailAddressUserEntry` `{"mailAddress":…}`: sends a sign-up mail.
    case requestMailAddressUserEntry(JSONObject)
    /// `POST /requestPasswordReset` `{"mailAddress":…}`: sends a password-reset mail.
    case requestPasswordReset(JSONObject)
    /// `POST /push/{objectId}/openNumber` `{"deviceType":…,"deviceToken":…}`: push open tracking (wire spec §5.7).
    case pushOpened(objectId: String, JSONObject)
    /// Files: `/files` and `/files/{fileName}` (wire spec §5.5). An upload's multipart body travels beside the route.
    case files(FileRoute)
    /// `POST /batch`: the legacy multi-request endpoint (wire spec §5.8, Kumo D8).
    case batch([BatchRequest])
    /// A script call on `/2015-09-01/script/{name}` (wire spec §5.9).
    case script(ScriptCall)
    /// The unsigned browser-facing endpoints under `/applications/{applicationId}/` (wire spec §5.10).
    case applicationPage(applicationId: String, ApplicationPage)
}
