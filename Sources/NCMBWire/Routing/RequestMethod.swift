/// The HTTP methods of the NCMB API (wire spec §5.0).
package enum RequestMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"

    /// Whether requests with this method carry a JSON body that the router reads (POST and PUT; wire spec §11 item 9).
    package var hasBody: Bool { self == .post || self == .put }
}
