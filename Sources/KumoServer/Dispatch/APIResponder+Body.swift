import Hummingbird
import KumoSeams
import KumoTransport
import NCMBWire

extension APIResponder {
    /// The largest browser form body read (a password and a token).
    static let maximumFormSize = 64 * 1024

    /// Step 7 of docs/wire/signature.md#request-processing-order-and-authentication-errors: the body as the route
    /// declares it.
    ///
    /// - A multipart upload is not collected: its handler streams it to the blob store (docs/wire/endpoints/files.md).
    /// - A browser form is collected up to ``maximumFormSize``.
    /// - A browser page without a body reads nothing.
    /// - Every other (signed) request is collected up to `maximumBodySize`, whatever its method, and a POST or PUT body
    ///   must be JSON (or `text/plain`).
    ///
    /// - Throws: 413 E413002 for a body over its limit; 415 E415001 for another content type.
    ///
    /// The bytes read are reserved in the server's ``BodyBudget`` and added to `reservation`; the caller gives them back
    /// once the response is ready (docs/decisions/0069-memory-budget.md).
    func readBody(
        _ request: Request, as declaration: RouteDeclaration, reservation: inout Int, untouched: inout Bool
    ) async throws -> [UInt8] {
        switch declaration.body {
        case .multipart:
            untouched = false  // its handler streams it
            return []
        case .form:
            return try await collectBody(request, upTo: Self.maximumFormSize, reservation: &reservation, untouched: &untouched)
        case .none where !declaration.endpoint.isSigned:
            return []
        case .none, .json:
            let body = try await collectBody(request, upTo: configuration.maximumBodySize, reservation: &reservation, untouched: &untouched)
            try checkContentType(request, body: body)
            return body
        }
    }

    /// Reads the body into one array, sized from `Content-Length` when there is one, reserving its bytes first.
    private func collectBody(
        _ request: Request, upTo limit: Int, reservation: inout Int, untouched: inout Bool
    ) async throws -> [UInt8] {
        let declared = request.headers[.contentLength].flatMap(Int.init)
        if let declared, declared > limit { throw KumoError(.requestEntityTooLarge) }
        if let declared {
            try reserve(declared, reservation: &reservation)
        }
        var bytes: [UInt8] = []
        if let declared { bytes.reserveCapacity(declared) }
        untouched = false
        do {
            for try await chunk in request.body {
                guard bytes.count + chunk.readableBytes <= limit else { throw KumoError(.requestEntityTooLarge) }
                if bytes.count + chunk.readableBytes > reservation {
                    try reserve(bytes.count + chunk.readableBytes - reservation, reservation: &reservation)
                }
                bytes.append(contentsOf: chunk.readableBytesView)
            }
        } catch let error as KumoError {
            throw error
        } catch {
            throw APIResponder.bodyReadError(error)
        }
        return bytes
    }

    /// Reads and drops a body nobody read, before an early answer (a refusal before the body step): clients send their
    /// whole body before they read the answer, so an unread body would leave them blocked on a full socket. Nothing is
    /// kept; past the body size limit the reading stops and the connection closes after the answer.
    ///
    /// - Returns: `false` when the connection must close (the body was too large or broken).
    func drainUnreadBody(_ request: Request) async -> Bool {
        guard request.headers[.transferEncoding] != nil || (request.headers[.contentLength].map { $0 != "0" } ?? false) else {
            return true
        }
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > configuration.maximumBodySize { return false }
        var total = 0
        do {
            for try await chunk in request.body {
                total += chunk.readableBytes
                if total > configuration.maximumBodySize { return false }
            }
            return true
        } catch {
            return false
        }
    }

    /// Reserves `count` more bytes of the budget, or answers 503 E503001 with `Retry-After: 1`.
    private func reserve(_ count: Int, reservation: inout Int) throws {
        guard bodyBudget.reserve(count) else {
            var error = KumoError(.serviceUnavailable, underlying: "request bodies in flight exceed the memory budget")
            error.retryAfterSeconds = 1
            throw error
        }
        reservation += count
    }

    /// What a failure to read a request body answers: the body's framing was broken (a bad chunk size, fewer bytes than
    /// `Content-Length` before the client closed) or the client went away. It is the client's fault, so 400 E400000
    /// (414 E414000 never happens inside a body), logged at debug level only
    /// (docs/decisions/0063-framing-errors-answer-ncmb-json.md). A body cut short is never taken as complete.
    static func bodyReadError(_ error: any Error) -> KumoError {
        if let error = error as? KumoError { return error }
        return ConnectionHandlers.framingError(for: error) ?? KumoError(.badRequest, underlying: "client went away: \(error)")
    }

    private func checkContentType(_ request: Request, body: [UInt8]) throws {
        guard !body.isEmpty, request.method == .post || request.method == .put else { return }
        guard let contentType = request.headers[.contentType]?.lowercased() else { return }
        let mediaType = contentType.split(separator: ";").first.map { $0.filter { $0 != " " && $0 != "\t" } } ?? ""
        guard mediaType == "application/json" || mediaType == "text/plain" else { throw KumoError(.unsupportedMediaType) }
    }
}
