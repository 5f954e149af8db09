import NCMBWire
import NIOCore
import NIOHTTP1

/// Turns router output into ready-to-send requests, signed as NCMB SDKs sign them.
///
/// The signature covers method, host, path, the query of a GET, the application key and the timestamp, never the body
/// (docs/wire/signature.md#request-signature-string-to-sign), so every request is signed once before the run. The host
/// signed is the one of the base URL an app would be configured with (`127.0.0.1`), so the server goes through the same
/// host candidates as for a real app.
struct RequestSigner: Sendable {
    let applicationKey: String
    let clientKey: String
    let host: String
    let port: Int
    let timestamp: String

    /// A request with `Host`, content headers and, unless `isSigned` is false, the NCMB signature headers.
    func prepare(_ data: RequestData, expectedStatus: UInt, isSigned: Bool = true) -> PreparedRequest {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "\(host):\(port)")
        if isSigned {
            let signature = RequestSignature.signature(
                method: data.method, host: host, path: data.path, rawQuery: data.query, applicationKey: applicationKey,
                clientKey: clientKey, timestamp: timestamp)
            headers.add(name: NCMBHeaderName.applicationKey, value: applicationKey)
            headers.add(name: NCMBHeaderName.timestamp, value: timestamp)
            headers.add(name: NCMBHeaderName.signature, value: signature)
        }
        var body: ByteBuffer?
        if !data.body.isEmpty {
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(data.body.count))
            body = ByteBuffer(bytes: data.body)
        } else if data.method == .post || data.method == .put {
            headers.add(name: "Content-Length", value: "0")
        }
        let head = HTTPRequestHead(
            version: .http1_1, method: HTTPMethod(rawValue: data.method.rawValue), uri: data.target, headers: headers)
        return PreparedRequest(head: head, body: body, expectedStatus: expectedStatus)
    }
}
