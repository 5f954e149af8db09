import Foundation
import HTTPTypes
package import Hummingbird
package import HummingbirdTesting
import KumoMemberwise
package import KumoStorage
package import NCMBWire
package import KumoSeamsTestSupport

/// Sends signed NCMB requests to an in-process server, the way an SDK would.
@PackageMemberwiseInit
package struct TestRequester: Sendable {
    /// The Hummingbird test client.
    package let client: any TestClientProtocol
    /// Whose keys sign the requests.
    package let application: HostedApplication
    /// The clock whose time becomes `X-NCMB-Timestamp`.
    package let clock: TestClock

    /// Sends a request. `target` is the path plus the raw query exactly as it goes on the wire.
    ///
    /// - Parameters:
    ///   - signed: whether to add the three signature headers (signed with `host`).
    ///   - applicationKey/clientKey: override the application's keys (to test unknown keys and bad signatures).
    package func send(
        _ method: HTTPRequest.Method, _ target: String, body: String? = nil, headers extraHeaders: [String: String] = [:],
        signed: Bool = true, host: String = "localhost", applicationKey: String? = nil, clientKey: String? = nil,
        timestamp: String? = nil
    ) async throws -> TestResponse {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if signed {
            let applicationKey = applicationKey ?? application.applicationKey
            let timestamp = timestamp ?? clock.now().formatted
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            let query = target.contains("?") ? String(target.split(separator: "?", maxSplits: 1)[1]) : nil
            let signature = RequestSignature.signature(
                method: method.rawValue, host: host, path: path, rawQuery: query, applicationKey: applicationKey,
                clientKey: clientKey ?? application.clientKey, timestamp: timestamp)
            headers[HTTPField.Name(NCMBHeaderName.applicationKey)!] = applicationKey
            headers[HTTPField.Name(NCMBHeaderName.timestamp)!] = timestamp
            headers[HTTPField.Name(NCMBHeaderName.signature)!] = signature
            headers[HTTPField.Name("Host")!] = host
        }
        for (name, value) in extraHeaders {
            guard let fieldName = HTTPField.Name(name) else { continue }
            headers[fieldName] = value
        }
        return try await client.execute(
            uri: target, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// Prints a route with the shared router and sends it, as the SDK does.
    package func send(_ route: APIRoute) async throws -> TestResponse {
        let data = APIRouter.print(route)
        let target = data.path + (data.query.map { "?" + $0 } ?? "")
        let method = HTTPRequest.Method(rawValue: data.method.rawValue) ?? .get
        return try await send(method, target, body: data.body.isEmpty ? nil : String(decoding: data.body, as: UTF8.self))
    }
}

extension TestResponse {
    /// The body parsed as JSON; `nil` when empty or not JSON.
    package var json: JSONValue? { try? JSONValue(parsing: Array(body.readableBytesView)) }

    /// The body as text.
    package var text: String { String(buffer: body) }

    /// The body's bytes, e.g. a downloaded file.
    package var bytes: [UInt8] { Array(body.readableBytesView) }

    /// The NCMB error code of an error body, e.g. `E404001`.
    package var errorCode: String? { json?.objectValue?["code"]?.stringValue }
}

extension TestResponse {
    /// The value of a response header by name, e.g. `X-NCMB-Response-Signature`.
    package func header(_ name: String) -> String? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        return headers[fieldName]
    }
}
