import HTTPTypes
import Hummingbird
import KumoSeams
import KumoStorage
import NCMBWire

/// Header names as Hummingbird field names, built once (NCMB's from the spellings in `NCMBHeaderName`).
enum HeaderNames {
    static let applicationKey = name(NCMBHeaderName.applicationKey)
    static let timestamp = name(NCMBHeaderName.timestamp)
    static let signature = name(NCMBHeaderName.signature)
    static let sessionToken = name(NCMBHeaderName.sessionToken)
    static let responseSignature = name(NCMBHeaderName.responseSignature)
    static let idempotencyKey = name(NCMBHeaderName.idempotencyKey)
    static let idempotentReplay = name(NCMBHeaderName.idempotentReplay)
    /// HTTP/1 servers move `Host` into the request's authority; an explicit field (in-process tests) takes precedence.
    static let host = name("Host")
    /// Browser pages (docs/wire/endpoints/browser-pages.md) forbid framing and referrers.
    static let xFrameOptions = name("X-Frame-Options")
    static let referrerPolicy = name("Referrer-Policy")
    /// Names the client behind trusted proxies (docs/operations.md#client-addresses).
    static let forwardedFor = name("X-Forwarded-For")

    private static func name(_ text: String) -> HTTPField.Name {
        // The spellings are constants of the wire module, so a failure here is a programming error caught by every test.
        guard let name = HTTPField.Name(text) else { preconditionFailure("invalid header name \(text)") }
        return name
    }
}

extension APIResponder {
    /// Steps 3–5 of docs/wire/signature.md#request-processing-order-and-authentication-errors: signature headers
    /// present, application known, signature valid (docs/wire/signature.md#server-verification-procedure).
    func authenticate(_ request: Request, path: String, query: String?, endpoint: APIEndpoint, context: inout KumoRequestContext)
        async throws
    {
        guard let applicationKey = request.headers[HeaderNames.applicationKey] else {
            throw KumoError(.authenticationErrorByHeaderIncorrect)
        }
        guard let resolved = try await applications.application(applicationKey: applicationKey) else {
            throw KumoError(.noSuchApplication)
        }
        let application = resolved.application
        context.application = application
        context.signingKey = resolved.signingKey
        // Script calls also accept the configured API hosts (clients behind a proxy sign one public name for both) and
        // sign their method in upper case whatever case it was sent in (docs/wire/endpoints/scripts.md).
        let fixedHosts = endpoint.isScript ? configuration.scriptHosts + configuration.apiHosts : configuration.apiHosts
        let signed = SignedRequest(
            method: endpoint.isScript ? request.method.rawValue.uppercased() : request.method.rawValue, path: path, rawQuery: query,
            hostHeader: request.headers[HeaderNames.host] ?? request.head.authority, applicationKey: applicationKey,
            timestamp: request.headers[HeaderNames.timestamp], signature: request.headers[HeaderNames.signature])
        guard let timestamp = signed.timestamp, signed.signature != nil,
            let stringToSign = RequestSignature.verify(
                signed, signingKey: resolved.signingKey, fixedHosts: fixedHosts, acceptsUnsignedQuery: endpoint.isScript)
        else {
            context.stringToSign = RequestSignature.fallbackStringToSign(for: signed, fixedHosts: fixedHosts)
            environment.metrics.signatureFailed()
            throw KumoError(.authenticationErrorByHeaderIncorrect)
        }
        context.stringToSign = stringToSign
        try checkClockSkew(timestamp)
    }

    /// Optional freshness check (docs/decisions/0006-timestamp-freshness.md): zone-less values are UTC; an Android
    /// URL-encoded value is decoded first.
    private func checkClockSkew(_ timestamp: String) throws {
        guard let maximumSkew = configuration.maximumClockSkewSeconds else { return }
        let decoded = PercentEncoding.decode(timestamp) ?? timestamp
        guard let sent = WireDate(parsing: decoded) else { throw KumoError(.authenticationErrorByHeaderIncorrect) }
        let skew = abs(environment.clock.now().millisecondsSince1970 - sent.millisecondsSince1970)
        if skew > Int64(maximumSkew) * 1000 { throw KumoError(.authenticationErrorByHeaderIncorrect) }
    }

    /// Encodes a controller's result and signs it over the request's string to sign
    /// (docs/decisions/0007-response-signature-everywhere.md).
    func render(_ result: APIResult, context: KumoRequestContext) async -> Response {
        var response: Response
        let signedBody: [UInt8]
        var isBinary = false
        switch result {
        case .json(let status, let value):
            signedBody = value.serializedBytes()
            response = Response.json(HTTPResponse.Status(code: status), signedBody)
        case .encodedJSON(let status, let bytes):
            signedBody = bytes
            response = Response.json(HTTPResponse.Status(code: status), signedBody)
        case .empty(let status):
            signedBody = []
            response = Response(status: HTTPResponse.Status(code: status))
        case .binary(let status, let contentType, let bytes):
            signedBody = bytes
            isBinary = true
            var headers = HTTPFields()
            headers[.contentType] = contentType
            response = Response(status: HTTPResponse.Status(code: status), headers: headers, body: .init(byteBuffer: .init(bytes: bytes)))
        case .blob(let status, let contentType, let download):
            return await renderBlob(status: status, contentType: contentType, download: download, context: context)
        case .response(let finished):
            return finished
        case .script(let answer):
            var (headers, binary) = ScriptAnswerHeaders.fields(of: answer)
            UntrustedContentHeaders.protectScriptAnswer(&headers)
            signedBody = answer.body
            isBinary = binary
            response = Response(
                status: HTTPResponse.Status(code: answer.status), headers: headers,
                body: .init(byteBuffer: .init(bytes: answer.body)))
        }
        sign(&response, body: signedBody, isBinary: isBinary, context: context)
        return response
    }

    /// Renders an error as `{"code","error"}`, signed unless the code is exempt or no client key is known yet.
    func render(_ error: KumoError, context: KumoRequestContext) -> Response {
        let body = error.responseBody
        var response = Response.json(error.status, body)
        if let seconds = error.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
        if error.code.isResponseSigned { sign(&response, body: body, isBinary: false, context: context) }
        return response
    }

    func sign(_ response: inout Response, body: [UInt8], isBinary: Bool, context: KumoRequestContext) {
        guard let stringToSign = context.stringToSign, let application = context.application else { return }
        let signingKey =
            context.signingKey.flatMap { $0.clientKey == application.clientKey ? $0 : nil } ?? SigningKey(clientKey: application.clientKey)
        response.headers[HeaderNames.responseSignature] = ResponseSignature.signature(
            stringToSign: stringToSign, body: body, isBinary: isBinary, signingKey: signingKey)
    }
}

/// CORS for browser clients (docs/wire/signature.md#response-headers): any origin, the NCMB headers, the response
/// signature exposed.
enum CrossOrigin {
    static func preflight() -> Response {
        var response = Response(status: .noContent)
        addHeaders(to: &response)
        response.headers[.accessControlAllowMethods] = "GET, POST, PUT, DELETE, OPTIONS"
        response.headers[.accessControlAllowHeaders] =
            "X-NCMB-Application-Key, X-NCMB-Signature, X-NCMB-Timestamp, X-NCMB-Apps-Session-Token, X-NCMB-SDK-Version, Content-Type, X-Kumo-Idempotency-Key"
        response.headers[.accessControlMaxAge] = "86400"
        return response
    }

    static func addHeaders(to response: inout Response) {
        response.headers[.accessControlAllowOrigin] = "*"
        response.headers[.accessControlExposeHeaders] = "X-NCMB-Response-Signature, X-Kumo-Idempotent-Replay"
    }
}
