import KumoIdentity
import Testing

/// OAuth 1.0a signing (RFC 5849) as used for Twitter's `verify_credentials`.
@Suite struct OAuth1SignatureTests {
    @Test func buildsTheSignatureBaseStringOfRFC5849Section3411() {
        // RFC 5849 §3.4.1.1: query b5, a3, c@, a2 and form body c2, a3, decoded, plus the protocol parameters.
        let parameters: [OAuth1Signature.Parameter] = [
            ("b5", "=%3D"), ("a3", "a"), ("c@", ""), ("a2", "r b"), ("c2", ""), ("a3", "2 q"),
            ("oauth_consumer_key", "9djdj82h48djs9d2"), ("oauth_token", "kkk9d7dh3k39sjv7"),
            ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", "137131201"), ("oauth_nonce", "7d8f3e4a"),
        ]
        let base = OAuth1Signature.baseString(method: "POST", baseURL: "http://example.com/request", parameters: parameters)
        #expect(
            base
                == "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26"
                + "c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26"
                + "oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7")
    }

    @Test func signsTwittersDocumentedExampleRequest() {
        // Twitter's "Creating a signature" example (statuses/update).
        let parameters: [OAuth1Signature.Parameter] = [
            ("status", "Hello Ladies + Gentlemen, a signed OAuth request!"), ("include_entities", "true"),
            ("oauth_consumer_key", "xvz1evFS4wEEPTGEFPHBog"), ("oauth_nonce", "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg"),
            ("oauth_signature_method", "HMAC-SHA1"), ("oauth_timestamp", "1318622958"),
            ("oauth_token", "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb"), ("oauth_version", "1.0"),
        ]
        let base = OAuth1Signature.baseString(
            method: "post", baseURL: "https://api.twitter.com/1.1/statuses/update.json", parameters: parameters)
        let signature = OAuth1Signature.signature(
            baseString: base, consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
            tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE")
        #expect(signature == "hCtSmYh+iHYCEqBWrE7C7hYmtUk=")
    }

    @Test func writesTheAuthorizationHeaderWithSortedEncodedFields() {
        let header = OAuth1Signature.authorizationHeader(
            method: "GET", baseURL: "https://api.twitter.com/1.1/account/verify_credentials.json",
            credentials: .init(
                consumerKey: "consumer-key", consumerSecret: "consumer secret", token: "1234-token",
                tokenSecret: "token/secret"),
            nonce: "abcdefghijklmnopqrstuvwxyz012345", timestamp: 1_234_567_890)
        #expect(
            header
                == #"OAuth oauth_consumer_key="consumer-key", oauth_nonce="abcdefghijklmnopqrstuvwxyz012345", "#
                + #"oauth_signature="sQ4Cs2JR8V0fmFueaaTlWKttAm4%3D", oauth_signature_method="HMAC-SHA1", "#
                + #"oauth_timestamp="1234567890", oauth_token="1234-token", oauth_version="1.0""#)
    }

    @Test(arguments: [
        ("Ladies + Gentlemen", "Ladies%20%2B%20Gentlemen"), ("An encoded string!", "An%20encoded%20string%21"),
        ("Dogs, Cats & Mice", "Dogs%2C%20Cats%20%26%20Mice"), ("☃", "%E2%98%83"), ("-._~", "-._~"),
    ])
    func percentEncodesAsRFC5849Requires(input: String, expected: String) {
        #expect(OAuth1Signature.percentEncoded(input) == expected)
    }

    @Test func normalizesTheBaseURLOfRFC5849Section3412() {
        #expect(EndpointURL("HTTP://EXAMPLE.COM:80/r%20v/X?id=123")?.baseURL == "http://example.com/r%20v/X")
        #expect(EndpointURL("https://www.example.net:8080/?q=1")?.baseURL == "https://www.example.net:8080/")
    }

    @Test func readsTheQueryParametersOfTheURLFormDecoded() {
        let parameters = EndpointURL("https://api.example.com/verify?include_email=true&name=a+b%21")?.queryParameters ?? []
        #expect(parameters.map(\.name) == ["include_email", "name"])
        #expect(parameters.map(\.value) == ["true", "a b!"])
    }
}
