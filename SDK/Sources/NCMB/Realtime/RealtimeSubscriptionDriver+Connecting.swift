import Foundation
internal import NCMBWire

extension RealtimeSubscriptionDriver {
    /// Creates the driver of a subscription to `query`.
    ///
    /// The query's `where` is validated here, as `find()` validates it; `order`, `skip` and `limit` do not apply.
    init(query: NCMBQuery<T>, keys: [String]?) {
        self.context = query.context
        self.className = query.className
        self.collection = query.collection
        self.subscribeMessage = Result {
            let whereQuery = try query.whereQuery()
            if let keys, keys.contains(where: { !FieldName.isValid($0) }) { throw NCMBInvalidRequestError.invalidFieldName }
            return .subscribe(
                requestId: Self.requestId, className: query.collection.realtimeClassName(className: query.className),
                whereObject: whereQuery.clauses.isEmpty ? nil : whereQuery.json.objectValue, keys: keys)
        }
    }

    /// The upgrade request: `GET /2013-09-01/realtime` as the route table prints it, signed as every request is, on
    /// the `ws` (or `wss` for `https`) URL of the domain.
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for missing keys or a bad domain URL.
    func webSocketRequest() throws -> WebSocketRequest {
        let signed = try NCMBRequestExecutor(context: context).makeRequest(.realtime, timeout: context.requestTimeout)
        guard var components = URLComponents(url: signed.url, resolvingAgainstBaseURL: false) else {
            throw NCMBInvalidRequestError.invalidDomainName
        }
        components.scheme = components.scheme?.lowercased() == "https" ? "wss" : "ws"
        guard let url = components.url else { throw NCMBInvalidRequestError.invalidDomainName }
        var headers = signed.headers
        headers["Content-Type"] = nil
        return WebSocketRequest(
            url: url, headers: headers, timeout: signed.timeoutInterval, maximumMessageSize: dependencies.maximumMessageSize)
    }

    /// How a connection that failed with `error` ends: cancelled, finished for errors a retry cannot fix (a refused
    /// upgrade with a 4xx status, a scheme the platform cannot speak), lost otherwise.
    func outcome(of error: any Error, wasSubscribed: Bool, sessionToken: String?) -> Outcome {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        guard let webSocketError = error as? WebSocketError else { return .lost(error, wasSubscribed: wasSubscribed) }
        switch webSocketError {
        case .unsupportedScheme(let scheme):
            return .finished(NCMBRealtimeError.unsupportedScheme(scheme))
        case .invalidRequest:
            return .finished(webSocketError)
        case .handshakeRejected(let status, let body):
            let apiError = RealtimeSubscriptionDriver.apiError(status: status, body: body)
            if status >= 500 || status == 408 || status == 429 { return .lost(apiError, wasSubscribed: wasSubscribed) }
            signOutIfTheSessionEnded(apiError, sessionToken: sessionToken)
            return .finished(apiError)
        default:
            return .lost(webSocketError, wasSubscribed: wasSubscribed)
        }
    }

    /// Whether an `error` message is worth reconnecting after (docs/wire/realtime.md#errors): a server error (`E5…`,
    /// E503001 when the server may have missed changes) of the subscription or the connection, and a limit of the
    /// connection (`E429…`: too many connections, a slow consumer). Any other code ends the subscription; so does E429001
    /// of a subscription (too many subscriptions on its connection), which a new connection would meet again.
    static func isTransient(code: String, ofSubscription: Bool) -> Bool {
        code.hasPrefix("E5") || (!ofSubscription && code.hasPrefix("E429"))
    }

    /// Signs the user out after E401001 to a connection opened with their session token, as every other request does
    /// (``NCMBRequestExecutor/send(_:reading:)``).
    func signOutIfTheSessionEnded(_ error: NCMBApiError, sessionToken: String?) {
        guard error.errorCode == .authenticationErrorByHeaderIncorrect, let sessionToken else { return }
        context.session.signOut(ifSessionToken: sessionToken)
    }

    /// The error a refused upgrade reports: its NCMB error body, or the status alone.
    static func apiError(status: Int, body: [UInt8]) -> NCMBApiError {
        guard let json = try? JSONValue(parsing: body), let errorBody = ErrorBody(json: json) else {
            return NCMBApiError(code: "", message: "HTTP status \(status) without an NCMB error body.")
        }
        return NCMBApiError(code: errorBody.code, message: errorBody.error)
    }
}

extension NCMBCollection {
    /// The name a subscription gives the class: the custom class's name, or the REST name of a standard class
    /// (`users`, `roles`, `installations`, `files`, `push`; docs/wire/realtime.md).
    func realtimeClassName(className: String) -> String {
        switch self {
        case .classes: className
        case .users: "users"
        case .roles: "roles"
        case .installations: "installations"
        case .push: "push"
        case .files: "files"
        }
    }
}
