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
    func readBody(_ request: Request, as declaration: RouteDeclaration) async throws -> [UInt8] {
        switch declaration.body {
        case .multipart:
            return []
        case .form:
            return try await collectBody(request, upTo: Self.maximumFormSize)
        case .none where !declaration.endpoint.isSigned:
            return []
        case .none, .json:
            let body = try await collectBody(request, upTo: configuration.maximumBodySize)
            try checkContentType(request, body: body)
            return body
        }
    }

    private func collectBody(_ request: Request, upTo limit: Int) async throws -> [UInt8] {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw KumoError(.requestEntityTooLarge)
        }
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw KumoError(.requestEntityTooLarge)
        } catch {
            throw APIResponder.bodyReadError(error)
        }
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
