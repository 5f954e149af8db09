import Hummingbird
import KumoSeams
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
    func readBody(_ request: Request, as declaration: RouteDeclaration, reservation: inout Int) async throws -> [UInt8] {
        switch declaration.body {
        case .multipart:
            return []
        case .form:
            return try await collectBody(request, upTo: Self.maximumFormSize, reservation: &reservation)
        case .none where !declaration.endpoint.isSigned:
            return []
        case .none, .json:
            let body = try await collectBody(request, upTo: configuration.maximumBodySize, reservation: &reservation)
            try checkContentType(request, body: body)
            return body
        }
    }

    /// Reads the body into one array, sized from `Content-Length` when there is one, reserving its bytes first.
    private func collectBody(_ request: Request, upTo limit: Int, reservation: inout Int) async throws -> [UInt8] {
        let declared = request.headers[.contentLength].flatMap(Int.init)
        if let declared, declared > limit { throw KumoError(.requestEntityTooLarge) }
        if let declared {
            try reserve(declared, reservation: &reservation)
        }
        var bytes: [UInt8] = []
        if let declared { bytes.reserveCapacity(declared) }
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
        return FramingErrorHandler.kumoError(for: error) ?? KumoError(.badRequest, underlying: "client went away: \(error)")
    }

    private func checkContentType(_ request: Request, body: [UInt8]) throws {
        guard !body.isEmpty, request.method == .post || request.method == .put else { return }
        guard let contentType = request.headers[.contentType]?.lowercased() else { return }
        let mediaType = contentType.split(separator: ";").first.map { $0.filter { $0 != " " && $0 != "\t" } } ?? ""
        guard mediaType == "application/json" || mediaType == "text/plain" else { throw KumoError(.unsupportedMediaType) }
    }
}
