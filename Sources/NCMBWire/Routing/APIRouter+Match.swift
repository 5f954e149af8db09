extension APIRouter {
    /// Matches a request to its route, accepting every client encoding of wire spec §3.4 and §11.
    ///
    /// - Paths: a trailing slash is ignored; segments may be percent-encoded or raw UTF-8; `+` in a path stays `+`.
    /// - Queries: split on `&`, empty segments dropped, names and values percent-decoded with `+` as a space. The query is
    ///   read only where an endpoint uses it (collection finds, `GET /login`, `mailAddressConfirm`, scripts); scripts keep
    ///   it for every method.
    /// - Bodies: ignored for GET and DELETE (wire spec §11 item 9) and for file uploads (multipart, streamed apart);
    ///   POST and PUT bodies must be JSON objects, and an empty body reads as `{}`.
    ///
    /// Errors come in the order of wire spec §3.9: path, method, then body and query, then names.
    ///
    /// - Throws: 404 E404001 for an unknown path; 405 E405001 for a method the path does not allow; 400 E400001 for a body
    ///   that is not a JSON object (and for a `where` that is not JSON); the errors of `QueryParameters(queryItems:)`;
    ///   400 E400002 `"<name> is invalid."` for an invalid class name; 403 E403003 for a standard class under
    ///   `/classes`; 400 E400002 `"fileName is invalid."` (`"scriptName is invalid."`) for a file (script) name that holds
    ///   `/`, `\` or a control character or is `.` or `..`; the errors of `BatchRequest.requests(in:)` for a batch.
    package static func match(_ request: RequestData) throws(APIError) -> APIRoute {
        let path = try RoutePath(path: request.path)
        _ = try path.endpoint(for: request.method)
        switch (path, request.method) {
        case (.collection(let collection), .post):
            let body = try jsonObject(fromBody: request.body)
            return .objects(try collection.classReference(), .create(body))
        case (.collection(let collection), .get):
            let parameters = try queryParameters(request)
            return .objects(try collection.classReference(), .find(parameters))
        case (.object(let collection, let objectId), .get):
            return .objects(try collection.classReference(), .get(objectId: objectId))
        case (.object(let collection, let objectId), .put):
            let body = try jsonObject(fromBody: request.body)
            return .objects(try collection.classReference(), .update(objectId: objectId, body))
        case (.object(let collection, let objectId), .delete):
            return .objects(try collection.classReference(), .delete(objectId: objectId))
        case (.pushOpenNumber(let objectId), .post):
            return .pushOpened(objectId: objectId, try jsonObject(fromBody: request.body))
        case (.login, .get):
            return .login(.query(object(from: try queryItems(request))))
        case (.login, .post):
            return .login(.body(try jsonObject(fromBody: request.body)))
        case (.logout, .get):
            return .logout
        case (.requestMailAddressUserEntry, .post):
            return .requestMailAddressUserEntry(try jsonObject(fromBody: request.body))
        case (.requestPasswordReset, .post):
            return .requestPasswordReset(try jsonObject(fromBody: request.body))
        case (.files, .get):
            return .files(.find(try queryParameters(request)))
        case (.file(let name), .post):
            return .files(.upload(fileName: try validated(name, label: "fileName")))
        case (.file(let name), .get):
            return .files(.download(fileName: try validated(name, label: "fileName")))
        case (.file(let name), .put):
            let body = try jsonObject(fromBody: request.body)
            return .files(.updateACL(fileName: try validated(name, label: "fileName"), body))
        case (.file(let name), .delete):
            return .files(.delete(fileName: try validated(name, label: "fileName")))
        case (.batch, .post):
            return .batch(try BatchRequest.requests(in: jsonObject(fromBody: request.body)))
        case (.script(let name), let method):
            let items = try queryItems(request)
            let body = method.hasBody ? try jsonObject(fromBody: request.body) : [:]
            return .script(ScriptCall(name: try validated(name, label: "scriptName"), method: method, queryItems: items, body: body))
        case (.application(let applicationId, let page), let method):
            return .applicationPage(applicationId: applicationId, try applicationPage(page, method: method, request: request))
        default:
            throw APIError(.methodNotAllowed)
        }
    }

    /// Matches one of Kumo's own browser pages (`KumoPage`), or returns `nil` for any other request, which
    /// `match(_:)` then handles.
    ///
    /// - Throws: E404001 for an unknown path, like `match(_:)`.
    package static func matchKumoPage(_ request: RequestData) throws(APIError) -> (applicationId: String, page: KumoPage)? {
        let path = try RoutePath(path: request.path)
        switch (path, request.method) {
        case (.application(let applicationId, .mailAddressUserEntryForm), .get):
            return (applicationId, .mailAddressUserEntryForm(token: try queryItems(request).first { $0.name == "token" }?.value))
        case (.application(let applicationId, .passwordResetForm), .get):
            return (applicationId, .passwordResetForm(token: try queryItems(request).first { $0.name == "token" }?.value))
        default:
            return nil
        }
    }

    private static func applicationPage(
        _ page: ApplicationPath, method: RequestMethod, request: RequestData
    ) throws(APIError) -> ApplicationPage {
        switch (page, method) {
        case (.mailAddressConfirm, .get):
            return .mailAddressConfirm(token: try queryItems(request).first { $0.name == "token" }?.value)
        case (.mailAddressUser, .post):
            return .mailAddressUser(try formFields(fromBody: request.body))
        case (.requestPasswordResetUpdate, .post):
            return .requestPasswordResetUpdate(try formFields(fromBody: request.body))
        case (.publicFile(let name), .get):
            return .publicFile(fileName: try validated(name, label: "fileName"))
        default:
            throw APIError(.methodNotAllowed)
        }
    }

    /// A file or script name that cannot escape a directory or break a header: no `/` or `\`, not `.` or `..`, no
    /// control characters. Object ids need no such check: storage never uses them as paths.
    private static func validated(_ name: String, label: String) throws(APIError) -> String {
        let isSafe =
            name != "." && name != ".."
            && name.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\\") }
        guard isSafe else { throw APIError(.invalidType, label) }
        return name
    }

    private static func queryItems(_ request: RequestData) throws(APIError) -> [QueryItem] {
        guard let query = request.query else { return [] }
        return try QueryItem.parse(query)
    }

    private static func queryParameters(_ request: RequestData) throws(APIError) -> QueryParameters {
        try QueryParameters(queryItems: queryItems(request).map(\.tuple))
    }
}
