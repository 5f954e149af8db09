import HTTPTypes
import KumoSeams
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
                connectHandshake(applicationKey: applicationKey, timestamp: timestamp, signature: signature, sessionToken: sessionToken))
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
            guard let subscription = session.subscriptions[requestId] else {
                return try await send(RealtimeReply.error(KumoError(.noDataAvailable), requestId: requestId))
            }
            end(subscription)
            try await send(RealtimeReply.unsubscribed(requestId))
        }
    }

    /// The upgrade request as the `connect` message signs it: the same method, path and host, with the message's values
    /// as the NCMB headers.
    private func connectHandshake(applicationKey: String, timestamp: String, signature: String, sessionToken: String?)
        -> RealtimeHandshake
    {
        var handshake = RealtimeHandshake(upgrade)
        let replaced = Set(
            [NCMBHeaderName.applicationKey, NCMBHeaderName.timestamp, NCMBHeaderName.signature, NCMBHeaderName.sessionToken].map {
                $0.lowercased()
            })
        handshake.headers.removeAll { replaced.contains($0.name.lowercased()) }
        handshake.headers += [
            .init(name: NCMBHeaderName.applicationKey, value: applicationKey), .init(name: NCMBHeaderName.timestamp, value: timestamp),
            .init(name: NCMBHeaderName.signature, value: signature),
        ]
        if let sessionToken { handshake.headers.append(.init(name: NCMBHeaderName.sessionToken, value: sessionToken)) }
        return handshake
    }

    /// Validates and registers a subscription; returns once the feed delivers every later write.
    ///
    /// - Throws: ``RealtimeRequestError`` with the code a query of the class would get (class, `where`, `keys`,
    ///   class-level permissions), E409001 for a `requestId` in use, E429001 past a limit of the connection
    ///   (docs/wire/realtime.md#limits).
    private func subscribe(requestId: Int64, className: String, whereQuery: JSONValue?, keys: JSONValue?, caller: RealtimeCaller)
        async throws
    {
        func refuse(_ error: KumoError) -> RealtimeRequestError { RealtimeRequestError(requestId: requestId, error: error) }
        let configuration = hub.configuration
        guard session.subscriptions[requestId] == nil else { throw refuse(KumoError(.duplication, "requestId")) }
        guard session.subscriptions.count < configuration.maximumSubscriptionsPerConnection else {
            throw refuse(KumoError(.passedLimit, message: "Too many subscriptions on this connection."))
        }
        let subscribedClass: ClassName
        let query: WhereQuery
        var fields: [FieldName]?
        do {
            subscribedClass = try RealtimeRequest.className(className)
            if let whereQuery, whereQuery != .null {
                query = try WhereQuery(parsing: whereQuery)
            } else {
                query = .all
            }
            if let keys, keys != .null {
                guard let names = keys.arrayValue else { throw KumoError(.invalidType, "keys") }
                // As many as a query's `keys` may name (docs/decisions/0065-query-size-limits.md).
                guard names.count <= QueryParameters.maximumKeyCount else { throw KumoError(.invalidValue, "keys") }
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
        let usesRegex = query.usesRegex
        if usesRegex,
            session.subscriptions.values.count(where: \.usesRegex) >= configuration.maximumRegexSubscriptionsPerConnection
        {
            throw refuse(KumoError(.passedLimit, message: "Too many $regex subscriptions on this connection."))
        }
        let whereBytes = query.isEmpty ? 0 : query.json.serializedBytes().count
        guard session.subscriptions.values.reduce(whereBytes, { $0 + $1.whereBytes }) <= configuration.maximumWhereBytesPerConnection else {
            throw refuse(KumoError(.passedLimit, message: "The subscriptions of this connection are too large."))
        }
        let matcher: WhereMatcher
        do {
            matcher = try WhereMatcher(query, regexBudget: configuration.subscriptionMatchBudget)
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
        let token = hub.registry.add(
            matcher, usesRegex: usesRegex,
            key: RealtimeRegistry.ClassKey(applicationId: caller.application.applicationId, className: subscribedClass),
            member: RealtimeRegistry.Member(connection: connection, requestId: requestId))
        session.subscriptions[requestId] = RealtimeSession.Subscription(
            requestId: requestId, token: token, className: subscribedClass, keys: fields, usesRegex: usesRegex, whereBytes: whereBytes)
    }
}

extension WhereQuery {
    /// Whether a condition of the query, at any depth, is a `$regex`.
    var usesRegex: Bool {
        clauses.contains { clause in
            switch clause {
            case .field(_, let conditions):
                conditions.contains { if case .regex = $0 { true } else { false } }
            case .or(let branches), .and(let branches):
                branches.contains(where: \.usesRegex)
            case .relatedTo:
                false
            }
        }
    }
}
