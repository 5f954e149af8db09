extension RequestSignature {
    /// Verifies a request's signature as docs/wire/signature.md#server-verification-procedure (steps 3–11) prescribe,
    /// accepting every client family.
    ///
    /// Tries each candidate string to sign (``candidateStringsToSign(for:fixedHosts:)``) and compares its signature with
    /// `X-NCMB-Signature` in constant time.
    ///
    /// - Parameters:
    ///   - request: the request as received.
    ///   - clientKey: the application's client key.
    ///   - fixedHosts: the configured FQDNs for this endpoint: ``defaultAPIHost`` or ``defaultScriptHost`` unless
    ///     configured otherwise (candidate a).
    ///   - acceptsUnsignedQuery: also accept a GET whose query was left out of the signature (script calls: a published
    ///     NCMB proxy signs them that way, docs/wire/endpoints/scripts.md).
    /// - Returns: the string to sign that matched, over which the response signature is computed (step 11); `nil` when
    ///   a header is missing or no candidate matches.
    package static func verify(
        _ request: SignedRequest, clientKey: String, fixedHosts: [String], acceptsUnsignedQuery: Bool = false
    ) -> String? {
        verify(request, signingKey: SigningKey(clientKey: clientKey), fixedHosts: fixedHosts, acceptsUnsignedQuery: acceptsUnsignedQuery)
    }

    /// ``verify(_:clientKey:fixedHosts:acceptsUnsignedQuery:)`` with the client key's HMAC state prepared once
    /// (``SigningKey``).
    package static func verify(
        _ request: SignedRequest, signingKey: SigningKey, fixedHosts: [String], acceptsUnsignedQuery: Bool = false
    ) -> String? {
        guard let sent = request.signature, let applicationKey = request.applicationKey, let timestamp = request.timestamp else {
            return nil
        }
        // The candidates of `candidateStringsToSign(for:fixedHosts:)`, built lazily: most requests match with the first
        // pair order, so the by-key order (which differs only in rare cases) and the unsigned query are built only when no
        // candidate of the first order matched (docs/decisions/0166-per-request-path-without-per-request-allocations.md).
        let signer = signingKey.signer
        let queryPairs = signedQueryPairs(method: request.method, rawQuery: request.rawQuery)
        var paths = [request.path]
        if let decoded = PercentEncoding.decode(request.path), decoded != request.path { paths.append(decoded) }
        // Hosts and paths are deduplicated and no host or path holds a line break, so every candidate is distinct: at
        // most one can match, and the trial order changes only how many HMACs a request costs. The `Host` header's
        // hosts go first because clients sign the host they connect to (the fixed hosts serve clients behind proxies).
        let hosts = trialHosts(hostHeader: request.hostHeader, fixedHosts: fixedHosts)
        func match(_ order: String) -> String? {
            for host in hosts {
                for path in paths {
                    let candidate = request.method + "\n" + host + "\n" + path + "\n" + order
                    if HMACSignature.constantTimeEquals(signer.base64(message: Array(candidate.utf8)), sent) { return candidate }
                }
            }
            return nil
        }
        let fullOrder = pairsLine(queryPairs: queryPairs, applicationKey: applicationKey, timestamp: timestamp, sortedByKey: false)
        if let matched = match(fullOrder) { return matched }
        let keyOrder = pairsLine(queryPairs: queryPairs, applicationKey: applicationKey, timestamp: timestamp, sortedByKey: true)
        if keyOrder != fullOrder, let matched = match(keyOrder) { return matched }
        if acceptsUnsignedQuery, !queryPairs.isEmpty {
            return match(pairsLine(queryPairs: [], applicationKey: applicationKey, timestamp: timestamp, sortedByKey: false))
        }
        return nil
    }

    /// Every string to sign a client may have used for this request, deduplicated, in trial order
    /// (docs/wire/signature.md#server-verification-procedure): for each host (the fixed hosts, the `Host` host name
    /// without port, the `Host` header as sent), each path (raw, then percent-decoded when that differs) and each order
    /// (full string, then by key when that differs).
    ///
    /// - Returns: no candidate when the application key or timestamp header is missing.
    package static func candidateStringsToSign(for request: SignedRequest, fixedHosts: [String]) -> [String] {
        guard let applicationKey = request.applicationKey, let timestamp = request.timestamp else { return [] }
        let queryPairs = signedQueryPairs(method: request.method, rawQuery: request.rawQuery)
        var paths = [request.path]
        // Swift clients sign the percent-decoded path (docs/wire/signature.md#query-and-path-encoding-by-client-family,
        // docs/wire/client-behaviours.md, item 5).
        if let decoded = PercentEncoding.decode(request.path), decoded != request.path { paths.append(decoded) }
        var candidates: [String] = []
        var seen: Set<String> = []
        for host in candidateHosts(hostHeader: request.hostHeader, fixedHosts: fixedHosts) {
            for path in paths {
                for sortedByKey in [false, true] {
                    let candidate = stringToSign(
                        method: request.method, host: host, path: path, queryPairs: queryPairs, applicationKey: applicationKey,
                        timestamp: timestamp, sortedByKey: sortedByKey)
                    if seen.insert(candidate).inserted { candidates.append(candidate) }
                }
            }
        }
        return candidates
    }

    /// The candidate FQDNs, deduplicated: the fixed hosts, the `Host` header's host name without port, the `Host` header
    /// as sent (docs/wire/signature.md#server-verification-procedure, step 6).
    package static func candidateHosts(hostHeader: String?, fixedHosts: [String]) -> [String] {
        var hosts: [String] = []
        var all = fixedHosts
        if let hostHeader { all += [hostWithoutPort(hostHeader), hostHeader] }
        for host in all where !hosts.contains(host) { hosts.append(host) }
        return hosts
    }

    /// ``candidateHosts(hostHeader:fixedHosts:)`` with the `Host` header's hosts first: the order ``verify(_:clientKey:fixedHosts:)``
    /// tries them in, cheapest for the common case.
    package static func trialHosts(hostHeader: String?, fixedHosts: [String]) -> [String] {
        guard let hostHeader else { return candidateHosts(hostHeader: nil, fixedHosts: fixedHosts) }
        // The order of ``candidateHosts(hostHeader:fixedHosts:)`` with the header's hosts moved to the front, built in
        // one array (docs/decisions/0179-per-request-work-prepared-once.md): the header's hosts as they
        // appear among the fixed hosts, then the bare host, then the header as sent, then the other fixed hosts.
        let bare = hostWithoutPort(hostHeader)
        var hosts: [String] = []
        hosts.reserveCapacity(fixedHosts.count + 2)
        for host in fixedHosts where (host == bare || host == hostHeader) && !hosts.contains(host) { hosts.append(host) }
        if !hosts.contains(bare) { hosts.append(bare) }
        if !hosts.contains(hostHeader) { hosts.append(hostHeader) }
        for host in fixedHosts where !hosts.contains(host) { hosts.append(host) }
        return hosts
    }

    /// The string to sign for the response of a request that did not authenticate
    /// (docs/wire/signature.md#response-signature): the `Host` host name without port (the first fixed host when there
    /// is no `Host` header), the raw path, full-string order, and the header values received, with empty strings for
    /// missing ones.
    package static func fallbackStringToSign(for request: SignedRequest, fixedHosts: [String]) -> String {
        let host = request.hostHeader.map(hostWithoutPort) ?? fixedHosts.first ?? ""
        return stringToSign(
            method: request.method, host: host, path: request.path,
            queryPairs: signedQueryPairs(method: request.method, rawQuery: request.rawQuery),
            applicationKey: request.applicationKey ?? "", timestamp: request.timestamp ?? "")
    }

    /// A `Host` header value without its port: `localhost:8080` → `localhost`, `[::1]:8080` → `[::1]`.
    package static func hostWithoutPort(_ host: String) -> String {
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return host }
            return String(host[...close])
        }
        guard let colon = host.lastIndex(of: ":") else { return host }
        return String(host[..<colon])
    }
}
