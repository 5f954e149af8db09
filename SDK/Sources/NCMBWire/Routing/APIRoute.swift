/// Every NCMB endpoint Kumo serves, with its payload (docs/wire/endpoints/README.md#catalog): the one spelling of the
/// API shared by the SDK and the server.
///
/// The SDK builds a route and prints it with `APIRouter.print(_:)`; the server resolves a request with
/// `APIRouter.resolve(method:path:)`, reads it into a route, and hands it to the controller that owns its group, which
/// switches over it exhaustively. Each case is declared once in the route table (``RouteDeclaration``, beside the
/// case's group); ``declared`` is the one switch from a route to its declaration. Request bodies travel as the raw
/// `JSONObject` a client sent: the controllers interpret the fields. Only collection queries are validated here, into
/// `QueryParameters`.
package enum APIRoute: Sendable, Hashable {
    /// Objects of a class, or of a standard collection: `/classes/{name}`, `/users`, `/roles`, `/installations`, `/push`.
    case objects(ClassReference, ObjectRoute)
    /// `POST /login` with a JSON body, or the legacy `GET /login?userName=…&password=…` (docs/wire/endpoints/users.md).
    case login(LoginRoute)
    /// `GET /logout`: ends the session of `X-NCMB-Apps-Session-Token`.
    case logout
    /// `POST /requestMailAddressUserEntry` `{"mailAddress":…}`: sends a sign-up mail.
    case requestMailAddressUserEntry(JSONObject)
    /// `POST /requestPasswordReset` `{"mailAddress":…}`: sends a password-reset mail.
    case requestPasswordReset(JSONObject)
    /// `POST /push/{objectId}/openNumber` `{"deviceType":…,"deviceToken":…}`: push open tracking
    /// (docs/wire/endpoints/push.md).
    case pushOpened(objectId: String, JSONObject)
    /// Files: `/files` and `/files/{fileName}` (docs/wire/endpoints/files.md). An upload's multipart body travels
    /// beside the route.
    case files(FileRoute)
    /// The unsigned browser-facing endpoints under `/applications/{applicationId}/`
    /// (docs/wire/endpoints/browser-pages.md), Kumo's own form pages included.
    case applicationPage(applicationId: String, ApplicationPage)
    /// `POST /batch` `{"requests":[…]}` (docs/wire/endpoints/batch.md, docs/decisions/0008-batch.md): the raw body; the
    /// batch controller reads the requests with `BatchRequest.requests(in:)` and the Kumo extension `"transaction"`
    /// with `BatchRequest.isTransaction(in:)`.
    case batch(JSONObject)
    /// A script call `GET | POST | PUT | DELETE /2015-09-01/script/{name}` (docs/wire/endpoints/scripts.md).
    case script(ScriptRoute)
    /// `GET /realtime` upgraded to a WebSocket (Kumo extension, docs/wire/realtime.md): realtime subscriptions.
    case realtime
}

extension APIRoute {
    /// The route table: every declaration, in the order of `APIEndpoint.all`.
    static let declarations: [RouteDeclaration] = {
        let accounts: [RouteDeclaration] = [
            .loginWithBody, .loginWithQuery, .logout, .requestMailAddressUserEntry, .requestPasswordReset, .pushOpened,
        ]
        let others: [RouteDeclaration] = [.batch]
        let kumoExtensions: [RouteDeclaration] = [.realtime]
        return ObjectRoute.declarations + accounts + FileRoute.declarations + ApplicationPage.declarations + others
            + ScriptRoute.declarations + kumoExtensions
    }()

    /// The declaration of this route and the values it prints.
    ///
    /// The one switch from a route to its declaration, with no `default:`: a route case without a declaration does not
    /// compile.
    var declared: (declaration: RouteDeclaration, values: RouteValues) {
        switch self {
        case .objects(let reference, let operation): operation.declared(on: reference)
        case .login(let login): login.declared
        case .logout: (.logout, RouteValues())
        case .requestMailAddressUserEntry(let body): (.requestMailAddressUserEntry, RouteValues(body: body))
        case .requestPasswordReset(let body): (.requestPasswordReset, RouteValues(body: body))
        case .pushOpened(let objectId, let body): (.pushOpened, RouteValues(path: ["objectId": objectId], body: body))
        case .files(let file): file.declared
        case .applicationPage(let applicationId, let page): page.declared(applicationId: applicationId)
        case .batch(let body): (.batch, RouteValues(body: body))
        case .script(let call): call.declared
        case .realtime: (.realtime, RouteValues())
        }
    }

    /// The payload-free endpoint of this route.
    package var endpoint: APIEndpoint { declared.declaration.endpoint }

    /// The declaration of this route: its endpoint, method, path pattern and how its body travels.
    package var declaration: RouteDeclaration { declared.declaration }

    /// The JSON object this route's body carries (`[:]` for routes without a JSON or form body).
    package var bodyObject: JSONObject { declared.values.body }

    /// Checks the names of a route built in process, as the table checks them when it reads a request: a file's or a
    /// script's name must be a non-empty name that cannot escape a directory or break a header (class names are
    /// `ClassName` values, valid by construction).
    ///
    /// - Throws: E400002 `"fileName is invalid."` or `"name is invalid."`.
    package func checkNames() throws(APIError) {
        switch self {
        case .files(.upload(let fileName)), .files(.download(let fileName)), .files(.updateACL(let fileName, _)),
            .files(.delete(let fileName)):
            _ = try FileRoute.checkedFileName(fileName)
        case .script(let call):
            guard !call.name.isEmpty else { throw APIError(.invalidType, "name") }
            _ = try RouteInput.safe(call.name, name: "name")
        default:
            break
        }
    }

    /// The `Content-Type` of the body `APIRouter.print(_:)` gives this route: `application/x-www-form-urlencoded` for the
    /// browser form posts, `nil` for a file upload (its multipart body comes from `MultipartForm`, with its own content
    /// type), `application/json` otherwise (NCMB's SDKs send it even on bodiless requests,
    /// docs/wire/signature.md#request-headers).
    package var bodyContentType: String? { declared.declaration.body.contentType }
}

extension RouteDeclaration {
    /// `POST /push/{objectId}/openNumber`: push open tracking (docs/wire/endpoints/push.md).
    static let pushOpened = RouteDeclaration(.post, "push/{objectId}/openNumber", name: "push.opened", body: .json) { input throws(APIError) in
        .pushOpened(objectId: try input.parameter("objectId"), input.body)
    }
}
