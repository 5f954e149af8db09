import HTTPTypes
import KumoSeams
import KumoServer
import KumoStorage
import NCMBWire

/// Client messages: `connect`, `subscribe`, `unsubscribe` (docs/wire/realtime.md#messages).
extension RealtimeProcessor {
    /// Handles one text message; a refused message is answered with an error naming its `requestId`, and the connection
    /// stays open unless authentication failed.
    func handleMessage(_ text: String) async throws {
        let request: RealtimeRequest
        do {
            request = try RealtimeRequest.parse(text)
        } catch {
            return try await send(RealtimeReply.error(error.error, requestId: error.requestId))
        }
        switch request {
        case .connect(let applicationKey, let timestamp, let signature, let sessionToken):
            guard session.caller == nil else {
                return try await send(RealtimeReply.error(KumoError(.invalidType, "op")))
            }
            try await authenticate(
                connectHead(applicationKey: applicationKey, timestamp: timestamp, signature: signature, sessionToken: sessionToken))
        case .subscribe(let requestId, let className, let whereQuery, let keys):
            guard let caller = session.caller else {
                try await fail(KumoError(.authenticationErrorByHeaderIncorrect), reason: "authentication")
            }
            do {
                try await subscribe(requestId: requestId, className: className, whereQuery: whereQuery, keys: keys, caller: caller)
                try await send(RealtimeReply.subscribed(requestId))
            } catch let error as RealtimeRequestError {
                try await send(RealtimeReply.error(error.error, requestId: requestId))
            }
        case .unsubscribe(let requestId):
            guard session.subscriptions.removeValue(forKey: requestId) != nil else {
                return try await send(RealtimeReply.error(KumoError(.noDataAvailable), requestId: requestId))
            }
            hub.release()
            try await send(RealtimeReply.unsubscribed(requestId))
        }
    }

    /// The upgrade request as the `connect` message signs it: the same method, path and host, with the message's values
    /// as the NCMB headers.
    private func connectHead(applicationKey: String, timestamp: String, signature: String, sessionToken: String?) -> HTTPRequest {
        var head = upgrade
        for name in [NCMBHeaderName.applicationKey, NCMBHeaderName.timestamp, NCMBHeaderName.signature, NCMBHeaderName.sessionToken] {
            if let field = HTTPField.Name(name) { head.headerFields[field] = nil }
        }
        let values = [
            (NCMBHeaderName.applicationKey, applicationKey), (NCMBHeaderName.timestamp, timestamp),
            (NCMBHeaderName.signature, signature),
        ]
        for (name, value) in values {
            if let field = HTTPField.Name(name) { head.headerFields[field] = value }
        }
        if let sessionToken, let field = HTTPField.Name(NCMBHeaderName.sessionToken) { head.headerFields[field] = sessionToken }
        return head
    }

    /// Validates and registers a subscription; returns once the feed delivers every later write.
    ///
    /// - Throws: ``RealtimeRequestError`` with the code a query of the class would get (class, `where`, `keys`,
    ///   class-level permissions), E409001 for a `requestId` in use, E429001 past the subscription limit.
    private func subscribe(requestId: Int64, className: String, whereQuery: JSONValue?, keys: JSONValue?, caller: RealtimeCaller)
        async throws
    {
        func refuse(_ error: KumoError) -> RealtimeRequestError { RealtimeRequestError(requestId: requestId, error: error) }
        guard session.subscriptions[requestId] == nil else { throw refuse(KumoError(.duplication, "requestId")) }
        guard session.subscriptions.count < hub.configuration.maximumSubscriptionsPerConnection else {
            throw refuse(KumoError(.passedLimit, message: "Too many subscriptions on this connection."))
        }
        let subscribedClass: ClassName
        let query: WhereQuery
        var fields: [FieldName]?
        do {
            subscribedClass = try RealtimeGate.className(className)
            if let whereQuery, whereQuery != .null {
                query = try WhereQuery(parsing: whereQuery)
            } else {
                query = .all
            }
            if let keys, keys != .null {
                guard let names = keys.arrayValue else { throw KumoError(.invalidType, "keys") }
                fields = try names.map { name throws(KumoError) in
                    guard let text = name.stringValue, let field = FieldName(text) else { throw KumoError(.invalidType, "keys") }
                    return field
                }
            }
        } catch let error as APIError {
            throw refuse(KumoError(error))
        } catch {
            throw refuse(KumoError.from(error))
        }
        let matcher: WhereMatcher
        do {
            matcher = try WhereMatcher(query)
        } catch {
            throw refuse(KumoError(.invalidType, error.name))
        }
        do {
            try await gate.authorize(query, className: subscribedClass, caller: caller)
        } catch {
            throw refuse(KumoError.from(error))
        }
        do {
            try await hub.retain()
        } catch {
            throw refuse(KumoError(.serviceUnavailable))
        }
        session.subscriptions[requestId] = RealtimeSession.Subscription(
            requestId: requestId, className: subscribedClass, matcher: matcher, keys: fields)
    }
}
