import NCMBWire
import Testing

/// A client key prepared once (``SigningKey``) signs and verifies exactly as the key itself, however often it is used
/// (docs/decisions/0179-per-request-work-prepared-once.md).
@Suite struct SigningKeyTests {
    func request(_ vector: RequestSignatureVector, host: String?, path: String?) -> SignedRequest {
        SignedRequest(
            method: vector.method, path: path ?? vector.path, rawQuery: vector.rawQuery, hostHeader: host,
            applicationKey: vector.keys.applicationKey, timestamp: vector.timestamp, signature: vector.signature)
    }

    @Test func verifiesEveryClientVariantAsTheClientKeyDoesWithOneKeyUsedAgainAndAgain() {
        var keys: [String: SigningKey] = [:]
        for variant in RequestSignatureVerificationTests.variants + RequestSignatureVerificationTests.variants {
            let vector = RequestSignatureVector.named(variant.vectorId)
            let signingKey = keys[vector.keys.clientKey] ?? SigningKey(clientKey: vector.keys.clientKey)
            keys[vector.keys.clientKey] = signingKey
            let fixedHosts = [variant.isScript ? RequestSignature.defaultScriptHost : RequestSignature.defaultAPIHost]
            let received = request(vector, host: variant.hostHeader, path: variant.wirePath)

            let prepared = RequestSignature.verify(received, signingKey: signingKey, fixedHosts: fixedHosts)

            #expect(prepared == vector.stringToSign, "\(variant.testDescription)")
            #expect(prepared == RequestSignature.verify(received, clientKey: vector.keys.clientKey, fixedHosts: fixedHosts))
        }
    }

    @Test func rejectsWithAnotherClientsKey() {
        let vector = RequestSignatureVector.named("R1")
        let received = request(vector, host: "mbaas.api.nifcloud.com", path: nil)

        let matched = RequestSignature.verify(
            received, signingKey: SigningKey(clientKey: "clientkey"), fixedHosts: [RequestSignature.defaultAPIHost])

        #expect(matched == nil)
    }

    @Test(arguments: [("", false), (#"{"objectId":"abc"}"#, false), ("\u{0}\u{1}binary", true)])
    func signsAResponseAsTheClientKeyDoes(body: String, isBinary: Bool) {
        let signingKey = SigningKey(clientKey: "a-client-key")
        for stringToSign in ["GET\nhost\n/path\nX=1", "POST\nother\n/path\nY=2", "GET\nhost\n/path\nX=1"] {
            let prepared = ResponseSignature.signature(
                stringToSign: stringToSign, body: Array(body.utf8), isBinary: isBinary, signingKey: signingKey)

            #expect(
                prepared
                    == ResponseSignature.signature(
                        stringToSign: stringToSign, body: Array(body.utf8), isBinary: isBinary, clientKey: "a-client-key"))
        }
        #expect(signingKey.clientKey == "a-client-key")
    }

    /// The trial order as it was built before: the candidate hosts, those of the `Host` header first.
    func referenceTrialHosts(hostHeader: String?, fixedHosts: [String]) -> [String] {
        let hosts = RequestSignature.candidateHosts(hostHeader: hostHeader, fixedHosts: fixedHosts)
        guard let hostHeader else { return hosts }
        let fromHeader = [RequestSignature.hostWithoutPort(hostHeader), hostHeader]
        return hosts.filter { fromHeader.contains($0) } + hosts.filter { !fromHeader.contains($0) }
    }

    @Test func triesTheHostsInTheSameOrderAsBefore() {
        let fixedLists: [[String]] = [
            [], [RequestSignature.defaultAPIHost], [RequestSignature.defaultAPIHost, "api.example.com"],
            ["api.example.com:8080", "api.example.com", "api.example.com"], ["localhost", RequestSignature.defaultScriptHost],
        ]
        let headers: [String?] = [
            nil, "127.0.0.1:8080", "localhost", "api.example.com", "api.example.com:8080", "[::1]:8080",
            RequestSignature.defaultAPIHost,
        ]
        for fixedHosts in fixedLists {
            for hostHeader in headers {
                #expect(
                    RequestSignature.trialHosts(hostHeader: hostHeader, fixedHosts: fixedHosts)
                        == referenceTrialHosts(hostHeader: hostHeader, fixedHosts: fixedHosts),
                    "\(hostHeader ?? "no Host") with \(fixedHosts)")
            }
        }
    }
}
