public import Foundation
public import NCMB
internal import NCMBWire

/// A request an ``NCMBMockTransport`` received: its route, and what it carried.
public struct NCMBMockRequest: Sendable {
    /// The endpoint and the values that identify the request.
    public let route: NCMBMockRoute
    /// The request as the SDK signed and sent it.
    public let request: NCMBTransportRequest

    /// The JSON body as text; empty when the request has no body. A file upload's body is multipart, not JSON.
    public var bodyText: String { String(decoding: request.body, as: UTF8.self) }

    /// The body read as a JSON object, e.g. the fields a create sends; `nil` when the body is not a JSON object.
    public var bodyObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
    }

    /// The query's parameters, percent-decoded: `where` (JSON text), `order`, `limit`, `include`… of a find.
    public var queryItems: [String: String] {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var result: [String: String] = [:]
        for item in items { result[item.name] = item.value ?? "" }
        return result
    }

    /// The session token the request was sent with; `nil` when nobody was signed in.
    public var sessionToken: String? { request.headers[NCMBHeaderName.sessionToken] }
}
