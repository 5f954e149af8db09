public import Foundation
public import NCMB

/// A transport that answers an app's requests without a server, from replies the test gives per route, and fails
/// loudly on any request the test did not expect.
///
/// ```swift
/// import NCMB
/// import NCMBTesting
///
/// let transport = NCMBMockTransport()
/// let client = NCMBClient.mock(transport: transport)
/// transport.expect(.create(className: "GameScore"), reply: .created(objectId: "score1"))
///
/// try await client.run {
///     let score = NCMBObject(className: "GameScore")
///     score["points"] = 42
///     try await score.save()
///     #expect(score.objectId == "score1")
/// }
/// #expect(transport.requests.first?.bodyObject?["points"] as? Int == 42)
/// try transport.verify()
/// ```
///
/// Each request is read back into an ``NCMBMockRoute`` by the router the SDK and the Kumo server share. It is answered
/// by the first remaining expectation (``expect(_:reply:)``, each answering once, in order) when that expectation's
/// route matches, else by a stub (``stub(_:reply:)``, answering any number of times). A request nothing answers fails
/// with ``UnexpectedRequest`` and is kept in ``unexpectedRequests``; ``verify()`` also reports expectations never met.
public final class NCMBMockTransport: NCMBTransport, Sendable {
    /// The expectations not met yet, the stubs, and what was received.
    private struct State: Sendable {
        var expectations: [(route: NCMBMockRoute, reply: NCMBMockReply)] = []
        var stubs: [NCMBMockRoute: NCMBMockReply] = [:]
        var requests: [NCMBMockRequest] = []
        var unexpected: [NCMBMockRequest] = []
    }

    private let state = Locked(State())

    /// Creates a transport that expects nothing yet.
    public init() {}

    /// Expects one more request to `route`, after those expected before, and answers it with `reply`.
    ///
    /// - Parameters:
    ///   - route: The route the request must have.
    ///   - reply: The answer.
    public func expect(_ route: NCMBMockRoute, reply: NCMBMockReply) {
        state.withLock { $0.expectations.append((route, reply)) }
    }

    /// Answers every request to `route` that no expectation answers with `reply`, any number of times.
    ///
    /// - Parameters:
    ///   - route: The route.
    ///   - reply: The answer; a later stub of the same route replaces it.
    public func stub(_ route: NCMBMockRoute, reply: NCMBMockReply) {
        state.withLock { $0.stubs[route] = reply }
    }

    /// Every request received, in order, answered or not.
    public var requests: [NCMBMockRequest] { state.withLock { $0.requests } }

    /// The requests nothing answered.
    public var unexpectedRequests: [NCMBMockRequest] { state.withLock { $0.unexpected } }

    /// The routes expected and not requested yet, in order.
    public var unmetExpectations: [NCMBMockRoute] { state.withLock { $0.expectations.map(\.route) } }

    /// Checks that every expectation was met and that no request went unanswered.
    ///
    /// - Throws: ``VerificationFailure`` listing the unmet expectations and the unexpected requests.
    public func verify() throws {
        let (unmet, unexpected) = state.withLock { ($0.expectations.map(\.route), $0.unexpected.map(\.route)) }
        guard unmet.isEmpty, unexpected.isEmpty else { throw VerificationFailure(unmetExpectations: unmet, unexpectedRequests: unexpected) }
    }

    /// Answers `request` from the expectations and stubs.
    ///
    /// - Throws: ``UnexpectedRequest`` when nothing answers it; ``UnreadableRequest`` when it is no NCMB request; the
    ///   error of a ``NCMBMockReply/failure(_:)`` reply.
    public func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
        let received = NCMBMockRequest(route: try NCMBMockRoute(request: request), request: request)
        let reply = state.withLock { state -> NCMBMockReply? in
            state.requests.append(received)
            if let first = state.expectations.first, first.route == received.route {
                state.expectations.removeFirst()
                return first.reply
            }
            if let stub = state.stubs[received.route] { return stub }
            state.unexpected.append(received)
            return nil
        }
        guard let reply else { throw UnexpectedRequest(route: received.route) }
        switch reply.answer {
        case .response(let status, let body): return NCMBTransportResponse(statusCode: status, body: body)
        case .failure(let error): throw error
        }
    }
}

extension NCMBMockTransport {
    /// A request no expectation or stub answered: the SDK call fails with this error.
    public struct UnexpectedRequest: Error, Equatable, CustomStringConvertible {
        /// The request's route.
        public let route: NCMBMockRoute

        /// `unexpected request: create GameScore`.
        public var description: String { "unexpected request: \(route)" }
    }

    /// A request the router cannot read as an NCMB request.
    public struct UnreadableRequest: Error, Equatable, CustomStringConvertible {
        /// The request's URL.
        public let url: URL

        /// `unreadable request: https://…`.
        public var description: String { "unreadable request: \(url.absoluteString)" }
    }

    /// What ``NCMBMockTransport/verify()`` found wrong.
    public struct VerificationFailure: Error, Equatable, CustomStringConvertible {
        /// The routes expected and never requested, in order.
        public let unmetExpectations: [NCMBMockRoute]
        /// The routes of the requests nothing answered, in order.
        public let unexpectedRequests: [NCMBMockRoute]

        /// Both lists, one line each.
        public var description: String {
            "unmet expectations: \(unmetExpectations.map(\.description)); unexpected requests: \(unexpectedRequests.map(\.description))"
        }
    }
}
