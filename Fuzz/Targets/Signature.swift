// Fuzz target `signature`: request signature verification (`RequestSignature.verify`, SDK/Sources/NCMBWire/Signing).
//
// Input: line-feed-separated fields `METHOD`, `TARGET` (raw path and query), `Host`, `X-NCMB-Application-Key`,
// `X-NCMB-Timestamp`, client key, selector, and optionally `X-NCMB-Signature`; a missing header line is an absent
// header. Header values never hold a line feed on the wire, so the fields cannot either.
// - With a signature line: `verify` must not crash, and a string it returns must be one of
//   `candidateStringsToSign` whose signature is the one sent.
// - Without: the request is signed over candidate number `selector` (modulo their count), as some client family signs
//   it; `verify` must accept it and return exactly that string to sign, with and without `acceptsUnsignedQuery`; a
//   signature over another client key must be refused.

import NCMBWire

private let fixedHosts = [RequestSignature.defaultAPIHost, RequestSignature.defaultScriptHost]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignature(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fields = fuzzPieces(fuzzInput(data, size), separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    func field(_ index: Int) -> String? { index < fields.count ? fields[index] : nil }
    var request = SignedRequest(
        method: field(0) ?? "GET", target: field(1) ?? "/", hostHeader: field(2), applicationKey: field(3),
        timestamp: field(4), signature: field(7))
    let clientKey = field(5) ?? ""
    let selector = field(6).flatMap { Int($0.prefix(6)) }.map(abs) ?? 0

    _ = RequestSignature.fallbackStringToSign(for: request, fixedHosts: fixedHosts)
    let candidates = RequestSignature.candidateStringsToSign(for: request, fixedHosts: fixedHosts)
    guard request.signature == nil else {
        for accepts in [false, true] {
            guard let matched = RequestSignature.verify(
                request, clientKey: clientKey, fixedHosts: fixedHosts, acceptsUnsignedQuery: accepts)
            else { continue }
            guard RequestSignature.signature(stringToSign: matched, clientKey: clientKey) == request.signature else {
                fuzzFailure("verify accepted a string to sign whose signature was not sent: \(matched)")
            }
            guard accepts || candidates.contains(matched) else {
                fuzzFailure("verify accepted a string that is not a candidate: \(matched)")
            }
        }
        return 0
    }
    guard !candidates.isEmpty else {
        request.signature = "x"
        guard RequestSignature.verify(request, clientKey: clientKey, fixedHosts: fixedHosts) == nil else {
            fuzzFailure("verify accepted a request without application key or timestamp")
        }
        return 0
    }
    let chosen = candidates[selector % candidates.count]
    request.signature = RequestSignature.signature(stringToSign: chosen, clientKey: clientKey)
    for accepts in [false, true] {
        let matched = RequestSignature.verify(request, clientKey: clientKey, fixedHosts: fixedHosts, acceptsUnsignedQuery: accepts)
        guard matched == chosen else {
            fuzzFailure("candidate \(selector % candidates.count) of \(candidates) verifies as \(String(describing: matched))")
        }
    }
    guard RequestSignature.verify(request, clientKey: clientKey + "x", fixedHosts: fixedHosts) == nil else {
        fuzzFailure("a signature over another client key was accepted")
    }
    return 0
}
