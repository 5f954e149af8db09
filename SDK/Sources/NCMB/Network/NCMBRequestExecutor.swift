import Foundation
internal import NCMBWire

/// Turns a route into a signed request, sends it through the context's transport and reads the response.
///
/// The only place that builds URLs and headers: the path and query come from `APIRouter.print`, and the signature from
/// `RequestSignature`, over exactly the method, host, path and query that are sent
/// (docs/wire/signature.md#request-signature-string-to-sign).
struct NCMBRequestExecutor: Sendable {
    /// The keys, URL, clock, transport and session to use.
    let context: NCMBContext

    /// Sends the request for `route` and returns the successful response.
    ///
    /// - Parameter timeout: Seconds to wait for the response. Defaults to the context's request timeout.
    /// - Throws: ``NCMBInvalidRequestError`` for missing keys or a bad domain URL, before sending; ``NCMBApiError`` for
    ///   an error status (E401001 to a request sent with the session token also signs the user out);
    ///   ``NCMBParseError`` for a success body that is not a JSON object; the transport's error when no
    ///   response arrived.
    func execute(_ route: APIRoute, timeout: TimeInterval? = nil) async throws -> NCMBResponse {
        try await send(makeRequest(route, timeout: timeout ?? context.requestTimeout), reading: read)
    }

    /// Sends `request` through the context's transport and reads the response with `reading`.
    ///
    /// An E401001 that `reading` throws for a request sent with the session token means the session is dead: the user
    /// is signed out, as ncmb_swift does, unless a newer session replaced it meanwhile.
    ///
    /// - Parameter progress: Reports the bytes sent and received (file transfers); `nil` for none.
    func send<Value>(
        _ request: NCMBTransportRequest, progress: NCMBProgressHandler? = nil, reading: (NCMBTransportResponse) throws -> Value
    ) async throws -> Value {
        let response = try await deliver(request, progress: progress)
        do {
            return try reading(response)
        } catch let error as NCMBApiError where error.errorCode == .authenticationErrorByHeaderIncorrect {
            if let sentToken = request.headers[NCMBHeaderName.sessionToken] {
                context.session.signOut(ifSessionToken: sentToken)
            }
            throw error
        }
    }

    /// The signed request for `route`.
    func makeRequest(_ route: APIRoute, timeout: TimeInterval) throws(NCMBInvalidRequestError) -> NCMBTransportRequest {
        guard !context.applicationKey.isEmpty else { throw .emptyApplicationKey }
        guard !context.clientKey.isEmpty else { throw .emptyClientKey }
        let domain = try NCMBDomainURL(context.domainURL)
        let data = APIRouter.print(route)
        let path = domain.basePath + data.path
        guard let timestamp = WireDate(context.now())?.formatted else { throw .cantCalculateSignature }
        let signature = RequestSignature.signature(
            method: data.method, host: domain.signingHost, path: path, rawQuery: data.query,
            applicationKey: context.applicationKey, clientKey: context.clientKey, timestamp: timestamp)
        var headers = [
            NCMBHeaderName.applicationKey: context.applicationKey,
            NCMBHeaderName.timestamp: timestamp,
            NCMBHeaderName.signature: signature,
            NCMBHeaderName.sdkVersion: "swift-" + NCMB.SDK_VERSION,
        ]
        if let contentType = route.bodyContentType { headers["Content-Type"] = contentType }
        if let sessionToken = context.session.sessionToken { headers[NCMBHeaderName.sessionToken] = sessionToken }
        guard let method = NCMBHTTPMethod(rawValue: data.method.rawValue) else { throw .cantCalculateSignature }
        return NCMBTransportRequest(
            method: method, url: try domain.url(path: data.path, query: data.query), headers: headers, body: Data(data.body),
            timeoutInterval: timeout)
    }

    /// Reads a response: an error status becomes an ``NCMBApiError``, a success body a JSON object.
    func read(_ response: NCMBTransportResponse) throws -> NCMBResponse {
        var contents = JSONObject()
        if !response.body.isEmpty || !(200..<300).contains(response.statusCode) {
            guard let object = try readJSON(response).objectValue else { throw NCMBParseError.unsupportJsonFormat }
            contents = object
        }
        return NCMBResponse(statusCode: response.statusCode, headers: response.headers, body: response.body, contents: contents)
    }

    /// Reads a response whose success body is any JSON value, such as the array a batch answers: an error status
    /// becomes an ``NCMBApiError``, a body that is not JSON an ``NCMBParseError``.
    func readJSON(_ response: NCMBTransportResponse) throws -> JSONValue {
        let bytes = Array(response.body)
        guard (200..<300).contains(response.statusCode) else { throw apiError(status: response.statusCode, body: bytes) }
        guard let json = try? JSONValue(parsing: bytes) else { throw NCMBParseError.unsupportJsonFormat }
        return json
    }

    /// The error an error response reports.
    private func apiError(status: Int, body: [UInt8]) -> NCMBApiError {
        guard let json = try? JSONValue(parsing: body), let errorBody = ErrorBody(json: json) else {
            return NCMBApiError(code: "", message: "HTTP status \(status) without an NCMB error body.")
        }
        return NCMBApiError(code: errorBody.code, message: errorBody.error)
    }
}

extension NCMBRequestExecutor {
    /// Sends the request for `route` and returns its success body as any JSON value (a batch answers an array).
    ///
    /// - Throws: The errors of ``execute(_:timeout:)``, except that the body may be any JSON.
    func executeJSON(_ route: APIRoute) async throws -> JSONValue {
        try await send(makeRequest(route, timeout: context.requestTimeout), reading: readJSON)
    }
}
