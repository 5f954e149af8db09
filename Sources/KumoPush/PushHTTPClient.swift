import AsyncHTTPClient
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOSSL

/// The one HTTP client of a `PlatformPushSender`, created on first use so that environments which never push (most tests,
/// `kumo` subcommands) open nothing.
///
/// AsyncHTTPClient negotiates HTTP/2 through ALPN over TLS, which APNs requires; FCM gets HTTP/2 or HTTP/1.1. The TLS
/// configuration trusts the system roots plus `PushEndpoints.additionalTrustRootsPEM` (a test CA).
///
/// Lifecycle: ``shutdown()`` closes the client; whoever owns the sender for a bounded time (a test) calls it. When the last
/// reference goes away without it (the process-long environment of `kumo serve`), `deinit` starts a non-blocking shutdown
/// so AsyncHTTPClient's leak check never fires.
final class PushHTTPClient: Sendable {
    /// One answer of a platform.
    struct Response: Sendable {
        /// The HTTP status code.
        var status: Int
        /// The response headers.
        var headers: HTTPHeaders
        /// The body, at most ``maximumResponseBytes``.
        var body: ByteBuffer
    }

    /// Why a request produced no answer.
    struct Failure: Error, CustomStringConvertible {
        /// A readable reason without secrets (no headers, no body).
        var description: String
        /// Whether trying again later may succeed (timeouts, refused connections) or not (invalid trust roots).
        var isRetryable: Bool
    }

    private enum State {
        case idle
        case running(HTTPClient)
        case shutDown
    }

    /// The largest body read from a platform; APNs and FCM answer with small JSON documents.
    static let maximumResponseBytes = 64 * 1024

    private let additionalTrustRootsPEM: [String]
    private let requestTimeout: TimeAmount
    private let state = NIOLockedValueBox(State.idle)

    /// Creates a client that trusts `additionalTrustRootsPEM` besides the system roots, each request taking at most
    /// `requestTimeout` (connection included).
    init(additionalTrustRootsPEM: [String], requestTimeout: TimeAmount = .seconds(10)) {
        self.additionalTrustRootsPEM = additionalTrustRootsPEM
        self.requestTimeout = requestTimeout
    }

    deinit {
        if case .running(let client) = state.withLockedValue({ $0 }) {
            // Non-blocking: AsyncHTTPClient keeps itself alive until its connections are closed.
            _ = client.shutdown()
        }
    }

    /// Sends `request` and collects the answer.
    ///
    /// - Throws: ``Failure`` when the client cannot be created, the platform cannot be reached in time, or the body is too
    ///   large.
    func execute(_ request: HTTPClientRequest) async throws(Failure) -> Response {
        let client = try self.client()
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: requestTimeout)
        } catch {
            throw Failure(description: Self.describe(error), isRetryable: true)
        }
        do {
            let body = try await response.body.collect(upTo: Self.maximumResponseBytes)
            return Response(status: Int(response.status.code), headers: response.headers, body: body)
        } catch let error as NIOTooManyBytesError {
            throw Failure(description: "response body over \(Self.maximumResponseBytes) bytes (\(error))", isRetryable: true)
        } catch {
            throw Failure(description: "reading the response failed: " + Self.describe(error), isRetryable: true)
        }
    }

    /// Closes the client's connections; later sends fail (retryable). Safe to call more than once.
    func shutdown() async {
        let client: HTTPClient? = state.withLockedValue { state in
            defer { state = .shutDown }
            if case .running(let client) = state { return client }
            return nil
        }
        try? await client?.shutdown()
    }

    /// The running client, created on first call.
    private func client() throws(Failure) -> HTTPClient {
        let trustRoots = additionalTrustRootsPEM
        let timeout = requestTimeout
        let result: Result<HTTPClient, Failure> = state.withLockedValue { state in
            switch state {
            case .running(let client):
                return .success(client)
            case .shutDown:
                return .failure(Failure(description: "the push sender was shut down", isRetryable: true))
            case .idle:
                do {
                    let client = try Self.makeClient(additionalTrustRootsPEM: trustRoots, timeout: timeout)
                    state = .running(client)
                    return .success(client)
                } catch {
                    return .failure(
                        Failure(description: "invalid additional trust roots for push endpoints: \(error)", isRetryable: false))
                }
            }
        }
        return try result.get()
    }

    private static func makeClient(additionalTrustRootsPEM: [String], timeout: TimeAmount) throws -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        if !additionalTrustRootsPEM.isEmpty {
            let certificates = try additionalTrustRootsPEM.flatMap { try NIOSSLCertificate.fromPEMBytes(Array($0.utf8)) }
            tls.additionalTrustRoots = [.certificates(certificates)]
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = .automatic
        configuration.timeout = .init(connect: timeout, read: timeout)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// An error's description without anything from the request (URLs and headers may carry tokens).
    private static func describe(_ error: any Error) -> String {
        if let clientError = error as? HTTPClientError { return clientError.description }
        if let ioError = error as? IOError { return ioError.description }
        if let sslError = error as? NIOSSLError { return "TLS: \(sslError)" }
        return String(describing: type(of: error))
    }
}
