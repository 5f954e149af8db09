/// The NCMB request signature, version 2 (docs/wire/signature.md#request-signature-string-to-sign): building the string
/// to sign and signing it.
///
/// Pure functions: the SDK signs with them, the server verifies with `verify(_:clientKey:fixedHosts:)`.
package enum RequestSignature {
    /// The FQDN API clients sign by default (docs/wire/hosts-and-urls.md).
    package static let defaultAPIHost = "mbaas.api.nifcloud.com"
    /// The FQDN script clients sign by default (docs/wire/hosts-and-urls.md).
    package static let defaultScriptHost = "script.mbaas.api.nifcloud.com"

    /// The four-line string to sign: method, FQDN, path and the sorted `key=value` pairs joined by `&` (LF line ends,
    /// no trailing newline).
    ///
    /// - Parameters:
    ///   - method: the upper-case method, e.g. `GET`.
    ///   - host: the FQDN line exactly as the client signs it (with `:port` for clients that include it).
    ///   - path: the path line exactly as signed.
    ///   - queryPairs: the query's `key=value` segments exactly as on the wire (empty for anything but GET).
    ///   - applicationKey: the `X-NCMB-Application-Key` header value, byte for byte.
    ///   - timestamp: the `X-NCMB-Timestamp` header value, byte for byte.
    ///   - sortedByKey: `false` sorts whole `key=value` strings by bytes (Swift, Android, iOS); `true` sorts by the key
    ///     alone, stably (JS, Python). The two differ only in rare cases
    ///     (docs/wire/signature.md#request-signature-string-to-sign, R25/R26).
    package static func stringToSign(
        method: String, host: String, path: String, queryPairs: [String], applicationKey: String, timestamp: String,
        sortedByKey: Bool = false
    ) -> String {
        let pairs = pairsLine(queryPairs: queryPairs, applicationKey: applicationKey, timestamp: timestamp, sortedByKey: sortedByKey)
        return method + "\n" + host + "\n" + path + "\n" + pairs
    }

    /// The fourth line of the string to sign: the fixed pairs and the query pairs, sorted and joined by `&`.
    static func pairsLine(queryPairs: [String], applicationKey: String, timestamp: String, sortedByKey: Bool) -> String {
        let fixedPairs = [
            "SignatureMethod=HmacSHA256", "SignatureVersion=2", "X-NCMB-Application-Key=" + applicationKey,
            "X-NCMB-Timestamp=" + timestamp,
        ]
        return sortedPairs(fixedPairs + queryPairs, byKey: sortedByKey).joined(separator: "&")
    }

    /// The query segments that are signed: for GET only, every `&`-separated segment of the raw query exactly as sent,
    /// empty segments dropped; nothing for any other method (docs/wire/signature.md#request-signature-string-to-sign,
    /// docs/wire/client-behaviours.md, items 2 and 3).
    package static func signedQueryPairs(method: String, rawQuery: String?) -> [String] {
        guard method == RequestMethod.get.rawValue, let rawQuery else { return [] }
        return rawQuery.split(separator: "&", omittingEmptySubsequences: true).map(String.init)
    }

    /// The Base64 HMAC-SHA256 of a string to sign with the client key.
    package static func signature(stringToSign: String, clientKey: String) -> String {
        HMACSignature.base64(message: Array(stringToSign.utf8), clientKey: clientKey)
    }

    /// The `X-NCMB-Signature` value for a request, signed as NCMB's Swift, Android and iOS SDKs sign it.
    ///
    /// - Parameters:
    ///   - method: the upper-case method.
    ///   - host: the host without port (or the string the client is configured to sign).
    ///   - path: the path exactly as sent.
    ///   - rawQuery: the raw query without `?`; signed only for GET.
    ///   - applicationKey: the application key.
    ///   - clientKey: the client key (the HMAC key; never sent).
    ///   - timestamp: the `X-NCMB-Timestamp` value as sent.
    package static func signature(
        method: String, host: String, path: String, rawQuery: String?, applicationKey: String, clientKey: String,
        timestamp: String
    ) -> String {
        let text = stringToSign(
            method: method, host: host, path: path, queryPairs: signedQueryPairs(method: method, rawQuery: rawQuery),
            applicationKey: applicationKey, timestamp: timestamp)
        return signature(stringToSign: text, clientKey: clientKey)
    }

    /// The `X-NCMB-Signature` value for a request; see `signature(method:host:path:rawQuery:applicationKey:clientKey:timestamp:)`.
    package static func signature(
        method: RequestMethod, host: String, path: String, rawQuery: String?, applicationKey: String, clientKey: String,
        timestamp: String
    ) -> String {
        signature(
            method: method.rawValue, host: host, path: path, rawQuery: rawQuery, applicationKey: applicationKey,
            clientKey: clientKey, timestamp: timestamp)
    }

    /// Pairs sorted by their UTF-8 bytes, or stably by the key before the first `=`.
    static func sortedPairs(_ pairs: [String], byKey: Bool) -> [String] {
        guard byKey else { return pairs.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
        let keyed = pairs.enumerated().map { (offset: $0.offset, key: key(of: $0.element), pair: $0.element) }
        return keyed.sorted { lhs, rhs in
            if lhs.key.elementsEqual(rhs.key) { return lhs.offset < rhs.offset }
            return lhs.key.lexicographicallyPrecedes(rhs.key)
        }.map(\.pair)
    }

    private static func key(of pair: String) -> String.UTF8View.SubSequence {
        let bytes = pair.utf8
        return bytes[..<(bytes.firstIndex(of: UInt8(ascii: "=")) ?? bytes.endIndex)]
    }
}
