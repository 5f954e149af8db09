import Foundation
import NCMB
import NCMBWire
import Testing

/// A transport that answers the routes a test expects, in order, and fails on any other request.
///
/// Each request is decoded with `APIRouter.match`, so a failure names the route ("unexpected .objects(…, .delete(…))"),
/// not a URL. Every request is recorded, so tests can also assert on the exact URL, headers and body bytes.
final class RecordingTransport: NCMBTransport {
    /// What the transport answers to an expected route.
    enum Reply: Sendable {
        /// A response with a JSON (or any text) body.
        case json(Int, String)
        /// A response with an empty body.
        case empty(Int)
        /// No response: the transport throws this error, as a network failure does.
        case failure(any Error)
    }

    private struct Expectation: Sendable {
        let route: APIRoute
        let reply: Reply
    }

    private struct State: Sendable {
        var expectations: [Expectation] = []
        var requests: [NCMBTransportRequest] = []
        var unexpected: [String] = []
    }

    private let state = Locked(State())
    /// The path of the domain URL, which the router does not know about.
    private let basePath: String

    /// Creates a transport for a domain URL whose path is `basePath` (e.g. `/ncmb`; empty for none).
    init(basePath: String = "") {
        self.basePath = basePath
    }

    /// Expects one more request for `route`, answered with `reply`.
    func expect(_ route: APIRoute, reply: Reply) {
        state.withLock { $0.expectations.append(Expectation(route: route, reply: reply)) }
    }

    /// Every request received, in order.
    var requests: [NCMBTransportRequest] { state.current.requests }

    /// The expected routes no request has matched yet.
    var unmetExpectations: [APIRoute] { state.current.expectations.map(\.route) }

    /// Descriptions of the requests that matched no expectation.
    var unexpectedRequests: [String] { state.current.unexpected }

    func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        let route = try RecordingTransport.route(of: request, basePath: basePath)
        let expectation = state.withLock { state -> Expectation? in
            state.requests.append(request)
            guard let first = state.expectations.first, first.route == route else {
                state.unexpected.append("unexpected \(route)")
                return nil
            }
            state.expectations.removeFirst()
            return first
        }
        guard let expectation else {
            Issue.record("unexpected \(route)")
            throw UnexpectedRequest(description: "unexpected \(route)")
        }
        switch expectation.reply {
        case .json(let status, let body): return NCMBTransportResponse(statusCode: status, body: Data(body.utf8))
        case .empty(let status): return NCMBTransportResponse(statusCode: status)
        case .failure(let error): throw error
        }
    }

    /// The route a request prints, decoded by the shared router.
    static func route(of request: NCMBTransportRequest, basePath: String = "") throws -> APIRoute {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
            let method = RequestMethod(rawValue: request.method.rawValue), components.percentEncodedPath.hasPrefix(basePath)
        else { throw UnexpectedRequest(description: "unreadable request \(request.url)") }
        let path = String(components.percentEncodedPath.dropFirst(basePath.count))
        let data = RequestData(method: method, path: path, query: components.percentEncodedQuery, body: Array(request.body))
        do {
            return try APIRouter.match(data)
        } catch {
            Issue.record("request the router does not match: \(data) (\(error))")
            throw error
        }
    }
}

/// The error a ``RecordingTransport`` throws for a request no test expected.
struct UnexpectedRequest: Error, CustomStringConvertible {
    let description: String
}
