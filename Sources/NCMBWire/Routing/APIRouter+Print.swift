extension APIRouter {
    /// Prints a route as the SDK sends it.
    ///
    /// The path includes the version segment and strictly percent-encodes every segment; query items are strictly
    /// percent-encoded, in the canonical order of `QueryParameters.queryItems` (sorted by name) for finds, sorted by name
    /// for the legacy login, and in the given order for scripts. POST and PUT bodies are compact JSON (form-encoded for
    /// the browser form pages); GET, DELETE and file uploads print no body.
    package static func print(_ route: APIRoute) -> RequestData {
        switch route {
        case .objects(let reference, let operation):
            let base = [apiVersion] + reference.pathSegments
            switch operation {
            case .create(let body): return RequestData(method: .post, path: path(base), body: bytes(body))
            case .get(let objectId): return RequestData(method: .get, path: path(base + [objectId]))
            case .update(let objectId, let body): return RequestData(method: .put, path: path(base + [objectId]), body: bytes(body))
            case .delete(let objectId): return RequestData(method: .delete, path: path(base + [objectId]))
            case .find(let parameters): return RequestData(method: .get, path: path(base), query: query(parameters))
            }
        case .login(.body(let body)):
            return RequestData(method: .post, path: path([apiVersion, "login"]), body: bytes(body))
        case .login(.query(let fields)):
            let items = queryItems(from: fields).sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            return RequestData(method: .get, path: path([apiVersion, "login"]), query: query(items))
        case .logout:
            return RequestData(method: .get, path: path([apiVersion, "logout"]))
        case .requestMailAddressUserEntry(let body):
            return RequestData(method: .post, path: path([apiVersion, "requestMailAddressUserEntry"]), body: bytes(body))
        case .requestPasswordReset(let body):
            return RequestData(method: .post, path: path([apiVersion, "requestPasswordReset"]), body: bytes(body))
        case .pushOpened(let objectId, let body):
            return RequestData(method: .post, path: path([apiVersion, "push", objectId, "openNumber"]), body: bytes(body))
        case .files(let file):
            return print(file)
        case .batch(let requests):
            return RequestData(method: .post, path: path([apiVersion, "batch"]), body: bytes(BatchRequest.body(requests)))
        case .script(let call):
            return RequestData(
                method: call.method, path: path([scriptVersion, "script", call.name]), query: query(call.queryItems),
                body: call.method.hasBody ? bytes(call.body) : [])
        case .applicationPage(let applicationId, let page):
            return print(page, applicationId: applicationId)
        }
    }

    private static func print(_ file: FileRoute) -> RequestData {
        switch file {
        case .upload(let fileName): RequestData(method: .post, path: path([apiVersion, "files", fileName]))
        case .download(let fileName): RequestData(method: .get, path: path([apiVersion, "files", fileName]))
        case .updateACL(let fileName, let body):
            RequestData(method: .put, path: path([apiVersion, "files", fileName]), body: bytes(body))
        case .delete(let fileName): RequestData(method: .delete, path: path([apiVersion, "files", fileName]))
        case .find(let parameters): RequestData(method: .get, path: path([apiVersion, "files"]), query: query(parameters))
        }
    }

    private static func print(_ page: ApplicationPage, applicationId: String) -> RequestData {
        let base = [apiVersion, "applications", applicationId]
        switch page {
        case .mailAddressConfirm(let token):
            let items = token.map { [QueryItem(name: "token", value: $0)] } ?? []
            return RequestData(method: .get, path: path(base + ["mailAddressConfirm"]), query: query(items))
        case .mailAddressUser(let fields):
            return RequestData(method: .post, path: path(base + ["mailAddressUser"]), body: formBytes(fields))
        case .requestPasswordResetUpdate(let fields):
            return RequestData(method: .post, path: path(base + ["requestPasswordResetUpdate"]), body: formBytes(fields))
        case .publicFile(let fileName):
            return RequestData(method: .get, path: path(base + ["publicFiles", fileName]))
        }
    }

    /// `/` followed by the strictly percent-encoded segments joined by `/`.
    private static func path(_ segments: [String]) -> String {
        "/" + segments.map(PercentEncoding.encode).joined(separator: "/")
    }

    private static func query(_ items: [QueryItem]) -> String? {
        items.isEmpty ? nil : QueryItem.encode(items)
    }

    private static func query(_ parameters: QueryParameters) -> String? {
        query(parameters.queryItems.map { QueryItem(name: $0.name, value: $0.value) })
    }

    private static func bytes(_ object: JSONObject) -> [UInt8] {
        JSONValue.object(object).serializedBytes()
    }

    private static func formBytes(_ fields: JSONObject) -> [UInt8] {
        Array(QueryItem.encode(queryItems(from: fields)).utf8)
    }
}

extension APIRoute {
    /// The `Content-Type` of the body `APIRouter.print(_:)` gives this route: `application/x-www-form-urlencoded` for the
    /// browser form pages, `nil` for a file upload (its multipart body comes from `MultipartForm`, with its own content
    /// type), `application/json` otherwise (NCMB's SDKs send it even on bodiless requests, wire spec §3.1).
    package var bodyContentType: String? {
        switch self {
        case .files(.upload): nil
        case .applicationPage(_, .mailAddressUser), .applicationPage(_, .requestPasswordResetUpdate): "application/x-www-form-urlencoded"
        default: "application/json"
        }
    }
}
