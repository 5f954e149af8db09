import Foundation
internal import NCMBWire

/// A successful response from the server: its status, headers and body, with the JSON body read.
public struct NCMBResponse: Sendable {
    /// The HTTP status code.
    let statusCode: Int
    /// The header fields.
    let headers: [String: String]
    /// The raw body.
    let body: Data
    /// The body read as a JSON object; empty for an empty body (DELETE).
    let contents: JSONObject
}
