package import NCMBWire

/// What a controller answers, before the responder signs and encodes it.
package enum APIResult: Sendable {
    /// A JSON body with a status.
    case json(Int, JSONValue)
    /// An empty body (DELETE, logout: wire spec §4).
    case empty(Int)
    /// Raw bytes with a content type (file downloads); the response signature hashes their hex form (wire spec §3.7).
    case binary(Int, contentType: String, [UInt8])
}
