import Foundation
import HTTPTypes
import Hummingbird
package import HummingbirdTesting
import KumoMemberwise
import KumoStorage
package import NCMB
import NCMBWire

/// An ``NCMBTransport`` that hands the SDK's requests to an in-process Kumo server: no socket
/// (docs/architecture.md#tests).
///
/// The request target is the URL's percent-encoded path and query, byte for byte as the SDK signed them, and `Host` is
/// the URL's host (with its port, if any), which the server prefers over the authority.
@PackageMemberwiseInit
package struct InProcessTransport: NCMBTransport {
    /// Hummingbird's in-process client.
    package let client: any TestClientProtocol

    package func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false), let host = components.host else {
            throw URLError(.badURL)
        }
        var headers = HTTPFields()
        for (name, value) in request.headers {
            guard let fieldName = HTTPField.Name(name) else { continue }
            headers[fieldName] = value
        }
        if let hostName = HTTPField.Name("Host") { headers[hostName] = components.port.map { "\(host):\($0)" } ?? host }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let response = try await client.execute(
            uri: target, method: InProcessTransport.method(request.method), headers: headers,
            body: request.body.isEmpty ? nil : ByteBuffer(bytes: request.body))
        var responseHeaders: [String: String] = [:]
        for field in response.headers { responseHeaders[field.name.canonicalName] = field.value }
        return NCMBTransportResponse(
            statusCode: Int(response.status.code), headers: responseHeaders, body: Data(response.body.readableBytesView))
    }

    private static func method(_ method: NCMBHTTPMethod) -> HTTPRequest.Method {
        switch method {
        case .get: .get
        case .post: .post
        case .put: .put
        case .delete: .delete
        }
    }
}

extension NCMBContext {
    /// A context whose requests go in process to `requester`'s server, signed with its application's keys at the
    /// time of its test clock.
    ///
    /// - Parameter domainURL: The URL the SDK believes it talks to; its host (without port) is signed.
    package static func inProcess(_ requester: TestRequester, domainURL: String = "http://localhost:8080/") -> NCMBContext {
        let clock = requester.clock
        return NCMBContext(
            applicationKey: requester.application.applicationKey, clientKey: requester.application.clientKey,
            domainURL: domainURL, transport: InProcessTransport(client: requester.client),
            now: { Date(timeIntervalSince1970: Double(clock.now().millisecondsSince1970) / 1000) })
    }
}
