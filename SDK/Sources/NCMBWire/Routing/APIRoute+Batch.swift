/// One element of the `requests` array of `POST /batch` (docs/wire/endpoints/batch.md, docs/decisions/0008-batch.md),
/// kept as the client sent it.
///
/// The batch controller resolves each element with `route()`; a failure there is that element's `error` result, not a
/// failure of the whole batch.
package struct BatchRequest: Sendable, Hashable {
    /// The method as sent, e.g. `POST`.
    package var method: String
    /// The path as sent: SDKs write `2013-09-01/classes/food` (no leading slash); a leading slash and a missing version
    /// segment are accepted too.
    package var path: String
    /// The `body` value; `nil` when absent.
    package var body: JSONValue?

    /// The most requests one batch may hold; more → 413 E413003 (docs/decisions/0008-batch.md).
    package static let maximumCount = 50

    /// Creates an element from its wire fields.
    package init(method: String, path: String, body: JSONValue? = nil) {
        self.method = method
        self.path = path
        self.body = body
    }

    /// Creates the element SDKs send for a route: path without a leading slash, body only when the route has one.
    package init(_ route: APIRoute) {
        let request = APIRouter.print(route)
        let path = request.target.hasPrefix("/") ? String(request.target.dropFirst()) : request.target
        let body = request.body.isEmpty ? nil : try? JSONValue(parsing: request.body)
        self.init(method: request.method.rawValue, path: path, body: body)
    }

    /// The wire form `{"method":…,"path":…,"body":…}` (`body` omitted when `nil`).
    package var json: JSONValue {
        var object: JSONObject = ["method": .string(method), "path": .string(path)]
        if let body { object["body"] = body }
        return .object(object)
    }

    /// Reads one element of `requests`.
    ///
    /// - Throws: E400002 `"requests is invalid."` when the element is not an object with string `method` and `path`.
    package init(parsing json: JSONValue) throws(APIError) {
        guard let object = json.objectValue, let method = object["method"]?.stringValue, let path = object["path"]?.stringValue
        else { throw APIError(.invalidType, "requests") }
        self.init(method: method, path: path, body: object["body"])
    }

    /// The sub-request as request data: method upper-cased, path given a leading slash and, when it has none, the API
    /// version segment; the query split off at `?`; the body serialised compactly.
    ///
    /// - Throws: E405001 when the method is not GET, POST, PUT or DELETE.
    package func requestData() throws(APIError) -> RequestData {
        guard let requestMethod = RequestMethod(rawValue: method.uppercased()) else { throw APIError(.methodNotAllowed) }
        var target = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let firstSegment = target.prefix { $0 != "/" && $0 != "?" }
        if firstSegment != APIRouter.apiVersion && firstSegment != APIRouter.scriptVersion {
            target = APIRouter.apiVersion + "/" + target
        }
        return RequestData(method: requestMethod, target: "/" + target, body: body?.serializedBytes() ?? [])
    }

    /// The route of the sub-request, matched exactly as a request of its own.
    ///
    /// - Throws: whatever `APIRouter.match(_:)` throws for it, or E405001 for an unknown method.
    package func route() throws(APIError) -> APIRoute {
        try APIRouter.match(requestData())
    }
}

extension BatchRequest {
    /// The body of `POST /batch`: `{"requests":[…]}`.
    package static func body(_ requests: [BatchRequest]) -> JSONObject {
        ["requests": .array(requests.map(\.json))]
    }

    /// Reads the body of `POST /batch`.
    ///
    /// - Throws: E400003 `"requests is empty."` without `requests`; E400002 `"requests is invalid."` when it is not an
    ///   array of elements as `init(parsing:)` reads them; 413 E413003 for more than ``maximumCount`` elements.
    package static func requests(in body: JSONObject) throws(APIError) -> [BatchRequest] {
        guard let value = body["requests"], !value.isNull else { throw APIError(.required, "requests") }
        guard let elements = value.arrayValue else { throw APIError(.invalidType, "requests") }
        guard elements.count <= maximumCount else { throw APIError(.requestsThreadLimitError) }
        var requests: [BatchRequest] = []
        requests.reserveCapacity(elements.count)
        for element in elements {
            requests.append(try BatchRequest(parsing: element))
        }
        return requests
    }
}

extension BatchRequest {
    /// The Kumo extension `"transaction": true` of a batch body: apply every sub-request or none
    /// (docs/decisions/0008-batch.md, docs/decisions/0056-transactional-batch.md). Absent or `null` means `false`.
    ///
    /// - Throws: E400002 `"transaction is invalid."` when the value is not a boolean.
    package static func isTransaction(in body: JSONObject) throws(APIError) -> Bool {
        switch body["transaction"] {
        case nil, .null?: return false
        case .bool(let flag)?: return flag
        case _?: throw APIError(.invalidType, "transaction")
        }
    }
}

extension RouteDeclaration {
    /// `POST /batch`: up to 50 sub-requests in one call (docs/wire/endpoints/batch.md, docs/decisions/0008-batch.md).
    static let batch = RouteDeclaration(.post, "batch", name: "batch", body: .json) { input throws(APIError) in
        .batch(input.body)
    }
}
