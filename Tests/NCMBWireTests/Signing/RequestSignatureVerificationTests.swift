import NCMBWire
import Testing

/// A client variant of docs/wire/signature.md#server-verification-procedure, docs/wire/client-behaviours.md: a vector
/// as it arrives, with the `Host` header and wire path it was sent with.
struct ReceivedVariant: Sendable, CustomTestStringConvertible {
    let vectorId: String
    let hostHeader: String?
    /// The path on the wire when it differs from the signed one.
    let wirePath: String?
    let isScript: Bool

    init(_ vectorId: String, host hostHeader: String?, wirePath: String? = nil, isScript: Bool = false) {
        self.vectorId = vectorId
        self.hostHeader = hostHeader
        self.wirePath = wirePath
        self.isScript = isScript
    }

    var testDescription: String { vectorId + " via Host " + (hostHeader ?? "none") }
}

@Suite struct RequestSignatureVerificationTests {
    static let variants: [ReceivedVariant] = [
        ReceivedVariant("R1", host: "mbaas.api.nifcloud.com"),
        ReceivedVariant("R1", host: "kumo.internal:8080"),
        ReceivedVariant("R6", host: "localhost:8080"),
        ReceivedVariant("R8", host: "kumo.internal"),
        ReceivedVariant("R9", host: "kumo.internal:8080"),
        ReceivedVariant("R10", host: nil),
        ReceivedVariant("R11", host: "localhost:3000"),
        ReceivedVariant("R13", host: "localhost"),
        ReceivedVariant("R15", host: "localhost:3000"),
        ReceivedVariant("R16", host: "localhost", isScript: true),
        ReceivedVariant("R18", host: "127.0.0.1:18100"),
        ReceivedVariant("R20", host: "localhost:8080"),
        ReceivedVariant("R21", host: "kumo.internal"),
        ReceivedVariant("R22", host: "kumo.internal"),
        ReceivedVariant("R23", host: "kumo.internal", wirePath: "/2013-09-01/files/%E6%97%A5%E6%9C%AC%20%E8%AA%9E.txt"),
        ReceivedVariant("R24", host: "kumo.internal"),
        ReceivedVariant("R25", host: "localhost:8080", isScript: true),
        ReceivedVariant("R26", host: "localhost:8080", isScript: true),
        ReceivedVariant("R27", host: "127.0.0.1:8080"),
        ReceivedVariant("R28", host: "localhost:8080", isScript: true),
    ]

    func request(_ vector: RequestSignatureVector, host: String?, path: String? = nil, signature: String? = nil) -> SignedRequest {
        SignedRequest(
            method: vector.method, path: path ?? vector.path, rawQuery: vector.rawQuery, hostHeader: host,
            applicationKey: vector.keys.applicationKey, timestamp: vector.timestamp, signature: signature ?? vector.signature)
    }

    func fixedHosts(isScript: Bool) -> [String] {
        [isScript ? RequestSignature.defaultScriptHost : RequestSignature.defaultAPIHost]
    }

    // MARK: Tests

    @Test(arguments: variants)
    func acceptsEachClientVariantAndReturnsTheStringItSigned(variant: ReceivedVariant) {
        let vector = RequestSignatureVector.named(variant.vectorId)
        let received = request(vector, host: variant.hostHeader, path: variant.wirePath)

        let matched = RequestSignature.verify(
            received, clientKey: vector.keys.clientKey, fixedHosts: fixedHosts(isScript: variant.isScript))

        #expect(matched == vector.stringToSign)
    }

    @Test func acceptsTheDocumentedExampleSplitFromItsRequestTarget() {
        let vector = RequestSignatureVector.named("R1")
        let received = SignedRequest(
            method: "GET", target: "/2013-09-01/classes/TestClass?where=%7B%22testKey%22%3A%22testValue%22%7D",
            hostHeader: "localhost", applicationKey: vector.keys.applicationKey, timestamp: vector.timestamp,
            signature: vector.signature)

        #expect(RequestSignature.verify(received, clientKey: vector.keys.clientKey, fixedHosts: fixedHosts(isScript: false)) != nil)
    }

    @Test func rejectsATamperedSignature() {
        let vector = RequestSignatureVector.named("R1")
        let received = request(vector, host: "mbaas.api.nifcloud.com", signature: "BltGkQgXurEV7u0qMd+87ud7BKuueldoCjaMgVc9Bes=")

        #expect(RequestSignature.verify(received, clientKey: vector.keys.clientKey, fixedHosts: fixedHosts(isScript: false)) == nil)
    }

    @Test func rejectsATamperedQuery() {
        let vector = RequestSignatureVector.named("R1")
        var received = request(vector, host: "mbaas.api.nifcloud.com")
        received.rawQuery = "where=%7B%22testKey%22%3A%22otherValue%22%7D"

        #expect(RequestSignature.verify(received, clientKey: vector.keys.clientKey, fixedHosts: fixedHosts(isScript: false)) == nil)
    }

    @Test func rejectsTheWrongClientKey() {
        let vector = RequestSignatureVector.named("R1")

        let matched = RequestSignature.verify(
            request(vector, host: "mbaas.api.nifcloud.com"), clientKey: "clientkey", fixedHosts: fixedHosts(isScript: false))

        #expect(matched == nil)
    }

    @Test func rejectsARequestWithoutTheSignatureHeader() {
        let vector = RequestSignatureVector.named("R1")
        var received = request(vector, host: "mbaas.api.nifcloud.com")
        received.signature = nil

        #expect(RequestSignature.verify(received, clientKey: vector.keys.clientKey, fixedHosts: fixedHosts(isScript: false)) == nil)
        #expect(!received.hasSignatureHeaders)
    }

    @Test func rejectsAScriptCallWhenNoCandidateHostIsTheSignedOne() {
        let vector = RequestSignatureVector.named("R7")

        let matched = RequestSignature.verify(
            request(vector, host: "localhost:8080"), clientKey: vector.keys.clientKey, fixedHosts: fixedHosts(isScript: false))

        #expect(matched == nil)
    }

    @Test func triesAtMostTwelveCandidatesWithOneFixedHost() {
        let vector = RequestSignatureVector.named("R25")
        let received = request(vector, host: "localhost:8080", path: "/2015-09-01/script/hello%2Ejs")

        let candidates = RequestSignature.candidateStringsToSign(for: received, fixedHosts: fixedHosts(isScript: true))

        #expect(candidates.count == 12)
        #expect(Set(candidates).count == 12)
    }

    @Test func deduplicatesCandidateHosts() {
        let hosts = RequestSignature.candidateHosts(
            hostHeader: "mbaas.api.nifcloud.com", fixedHosts: [RequestSignature.defaultAPIHost])

        #expect(hosts == ["mbaas.api.nifcloud.com"])
    }

    @Test func triesTheHostHeadersHostsBeforeTheFixedOnesAndKeepsEveryCandidate() {
        let fixed = [RequestSignature.defaultAPIHost, "api.example.com"]

        let trial = RequestSignature.trialHosts(hostHeader: "127.0.0.1:8080", fixedHosts: fixed)
        let withoutHeader = RequestSignature.trialHosts(hostHeader: nil, fixedHosts: fixed)
        let headerIsFixed = RequestSignature.trialHosts(hostHeader: "api.example.com", fixedHosts: fixed)

        #expect(trial == ["127.0.0.1", "127.0.0.1:8080", RequestSignature.defaultAPIHost, "api.example.com"])
        #expect(Set(trial) == Set(RequestSignature.candidateHosts(hostHeader: "127.0.0.1:8080", fixedHosts: fixed)))
        #expect(withoutHeader == fixed)
        #expect(headerIsFixed == ["api.example.com", RequestSignature.defaultAPIHost])
    }

    @Test(arguments: [
        ("localhost:8080", "localhost"), ("localhost", "localhost"), ("[::1]:8080", "[::1]"), ("[::1]", "[::1]"),
        ("127.0.0.1:18100", "127.0.0.1"),
    ])
    func removesThePortFromAHostHeader(host: String, expected: String) {
        #expect(RequestSignature.hostWithoutPort(host) == expected)
    }

    @Test func buildsTheFallbackFromTheHostNameTheRawPathAndEmptyMissingHeaders() {
        let received = SignedRequest(
            method: "GET", path: "/2013-09-01/files/%E6%97%A5.txt", rawQuery: "b=2&a=1", hostHeader: "localhost:8080",
            applicationKey: "appkey", timestamp: nil, signature: "x")

        let fallback = RequestSignature.fallbackStringToSign(for: received, fixedHosts: fixedHosts(isScript: false))

        #expect(
            fallback
                == "GET\nlocalhost\n/2013-09-01/files/%E6%97%A5.txt\n"
                + "SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=appkey&X-NCMB-Timestamp=&a=1&b=2")
    }

    @Test func buildsTheFallbackWithTheFixedHostWhenTheHostHeaderIsMissing() {
        let received = SignedRequest(
            method: "POST", path: "/2013-09-01/users", rawQuery: nil, hostHeader: nil, applicationKey: nil, timestamp: nil,
            signature: nil)

        let fallback = RequestSignature.fallbackStringToSign(for: received, fixedHosts: fixedHosts(isScript: false))

        #expect(
            fallback
                == "POST\nmbaas.api.nifcloud.com\n/2013-09-01/users\n"
                + "SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=&X-NCMB-Timestamp=")
    }
}
