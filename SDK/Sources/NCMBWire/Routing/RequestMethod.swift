/// The HTTP methods of the NCMB API (docs/wire/endpoints/README.md#catalog).
package enum RequestMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"

    /// Whether requests with this method carry a JSON body that the router reads (POST and PUT;
    /// docs/wire/client-behaviours.md, item 9).
    package var hasBody: Bool { self == .post || self == .put }
}
