/// An HTTP request as the router prints and matches it: method, raw path, raw query and body bytes.
///
/// The SDK gets one from `APIRouter.print(_:)` and joins it to its base URL; the server builds one from the request it
/// received and hands it to `APIRouter.match(_:)`. Path and query are kept exactly as on the wire (percent-encoded), so
/// the same value also feeds the signature (docs/wire/signature.md#server-verification-procedure).
package struct RequestData: Sendable, Hashable {
    /// The method.
    package var method: RequestMethod
    /// The percent-encoded path, beginning with `/` and including the version segment: `/2013-09-01/classes/GameScore`.
    package var path: String
    /// The raw query string as on the wire, without `?`; `nil` when the request has none.
    package var query: String?
    /// The body bytes; empty when there is none.
    package var body: [UInt8]

    /// Creates request data from its parts.
    package init(method: RequestMethod, path: String, query: String? = nil, body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }

    /// Creates request data from a request target (`/path?query`), split at the first `?`.
    package init(method: RequestMethod, target: String, body: [UInt8] = []) {
        if let mark = target.firstIndex(of: "?") {
            self.init(method: method, path: String(target[..<mark]), query: String(target[target.index(after: mark)...]), body: body)
        } else {
            self.init(method: method, path: target, query: nil, body: body)
        }
    }

    /// The request target: the path, then `?` and the query when there is one.
    package var target: String {
        guard let query else { return path }
        return path + "?" + query
    }

    /// The body as UTF-8 text (invalid sequences replaced), for logs and test messages.
    package var bodyText: String { String(decoding: body, as: UTF8.self) }
}

extension RequestData: CustomStringConvertible {
    /// `POST /2013-09-01/classes/GameScore {"points":42}`.
    package var description: String {
        body.isEmpty ? "\(method.rawValue) \(target)" : "\(method.rawValue) \(target) \(bodyText)"
    }
}
