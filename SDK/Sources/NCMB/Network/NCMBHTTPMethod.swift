/// The HTTP methods of the NCMB API.
public enum NCMBHTTPMethod: String, Sendable {
    /// `GET`
    case get = "GET"
    /// `POST`
    case post = "POST"
    /// `PUT`
    case put = "PUT"
    /// `DELETE`
    case delete = "DELETE"
}
