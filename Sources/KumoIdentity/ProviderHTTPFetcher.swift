import AsyncHTTPClient
import Logging
import NCMBWire
import NIOCore
import NIOHTTP1

/// Why a provider request did not produce a JSON document.
enum ProviderRequestFailure: Error, CustomStringConvertible {
    /// The provider could not be reached in time (DNS, connection, TLS, timeout).
    case unreachable(String)
    /// The provider answered, but not with `200` and a JSON body within the size limit.
    case rejected(String)

    var description: String {
        switch self {
        case .unreachable(let reason): "unreachable: \(reason)"
        case .rejected(let reason): "rejected: \(reason)"
        }
    }
}

/// GETs a JSON document from a provider with a deadline and a size limit.
///
/// URLs may carry secrets in their query (Facebook's `input_token`), so errors and logs name only `logURL`.
struct ProviderHTTPFetcher: Sendable {
    /// The client requests go through.
    let httpClient: HTTPClient
    /// How long a request may take, connection included.
    let timeout: TimeAmount
    /// The largest response body accepted, in bytes.
    let maximumResponseBytes: Int

    /// Fetches and parses `url`.
    ///
    /// - Throws: `ProviderRequestFailure.unreachable` when no answer came in time, `.rejected` for a status other than
    ///   200, a body over the limit or a body that is not JSON.
    func json(url: String, headers: [(String, String)] = []) async throws(ProviderRequestFailure) -> JSONValue {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response: HTTPClientResponse
        do {
            response = try await httpClient.execute(request, timeout: timeout)
        } catch {
            throw .unreachable(String(describing: type(of: error)) + " " + Self.describe(error))
        }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: maximumResponseBytes)
        } catch let error as NIOTooManyBytesError {
            throw .rejected("response body over \(maximumResponseBytes) bytes (\(error))")
        } catch {
            throw .unreachable("reading the body failed: " + Self.describe(error))
        }
        guard response.status == .ok else { throw .rejected("HTTP \(response.status.code)") }
        do {
            return try JSONValue(parsing: body.readableBytesView)
        } catch {
            throw .rejected("the body is not JSON (\(error))")
        }
    }

    /// An error's description without anything from the request itself.
    private static func describe(_ error: any Error) -> String {
        // Neither carries the URL: HTTPClientError names the failure, IOError the system call and errno.
        if let clientError = error as? HTTPClientError { return clientError.description }
        if let ioError = error as? IOError { return ioError.description }
        return String(describing: type(of: error))
    }
}
