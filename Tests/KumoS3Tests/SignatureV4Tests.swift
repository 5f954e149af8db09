import Foundation
import KumoS3
import Testing

/// The signer against AWS's published vectors: the `get-vanilla` and `post-vanilla` cases of the Signature Version 4
/// test suite, and the four request examples of S3's "Signature Calculations in the Authorization Header" page.
@Suite struct SignatureV4Tests {
    /// The test suite's credentials and scope.
    static let suite = SignatureV4(
        credentials: S3Credentials(accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", service: "service")
    /// S3's examples' credentials.
    static let s3 = SignatureV4(
        credentials: S3Credentials(accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1")

    @Test func getVanilla() {
        let request = SignatureV4.Request(
            method: "GET", canonicalPath: "/", headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
            payloadHash: SignatureV4.emptyPayloadHash)
        #expect(
            SignatureV4.canonicalRequest(request).text
                == "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" + SignatureV4.emptyPayloadHash)
        #expect(
            SignatureV4Tests.suite.authorization(request, timestamp: "20150830T123600Z")
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, "
                + "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    @Test func getVanillaStringToSign() {
        let request = SignatureV4.Request(
            method: "GET", canonicalPath: "/", headers: [("host", "example.amazonaws.com"), ("x-amz-date", "20150830T123600Z")],
            payloadHash: SignatureV4.emptyPayloadHash)
        #expect(
            SignatureV4.stringToSign(
                timestamp: "20150830T123600Z", scope: "20150830/us-east-1/service/aws4_request",
                canonicalRequest: SignatureV4.canonicalRequest(request).text)
                == "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n"
                + "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63")
    }

    @Test func postVanilla() {
        let request = SignatureV4.Request(
            method: "POST", canonicalPath: "/", headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")],
            payloadHash: SignatureV4.emptyPayloadHash)
        #expect(
            SignatureV4Tests.suite.authorization(request, timestamp: "20150830T123600Z").hasSuffix(
                "Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"))
    }

    @Test func s3GetObjectWithRange() {
        let request = SignatureV4.Request(
            method: "GET", canonicalPath: "/test.txt",
            headers: [
                ("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"), ("x-amz-content-sha256", SignatureV4.emptyPayloadHash),
                ("x-amz-date", "20130524T000000Z"),
            ], payloadHash: SignatureV4.emptyPayloadHash)
        #expect(
            SignatureV4Tests.s3.authorization(request, timestamp: "20130524T000000Z")
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test func s3PutObjectWithAnEncodedKeyAndABody() {
        let body = Array("Welcome to Amazon S3.".utf8)
        let hash = SignatureV4.sha256Hexadecimal(body)
        #expect(hash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        #expect(SignatureV4.encodePath("test$file.text") == "test%24file.text")
        let request = SignatureV4.Request(
            method: "PUT", canonicalPath: "/" + SignatureV4.encodePath("test$file.text"),
            headers: [
                ("Host", "examplebucket.s3.amazonaws.com"), ("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-content-sha256", hash),
                ("x-amz-date", "20130524T000000Z"), ("x-amz-storage-class", "REDUCED_REDUNDANCY"),
            ], payloadHash: hash)
        #expect(
            SignatureV4Tests.s3.authorization(request, timestamp: "20130524T000000Z").hasSuffix(
                "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, "
                    + "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"))
    }

    @Test func s3QueryParameterWithoutAValue() {
        let request = SignatureV4.Request(
            method: "GET", canonicalPath: "/", query: [("lifecycle", "")],
            headers: [
                ("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-content-sha256", SignatureV4.emptyPayloadHash),
                ("x-amz-date", "20130524T000000Z"),
            ], payloadHash: SignatureV4.emptyPayloadHash)
        #expect(
            SignatureV4Tests.s3.authorization(request, timestamp: "20130524T000000Z").hasSuffix(
                "Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"))
    }

    @Test func s3QueryParametersAreSorted() {
        let request = SignatureV4.Request(
            method: "GET", canonicalPath: "/", query: [("prefix", "J"), ("max-keys", "2")],
            headers: [
                ("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-content-sha256", SignatureV4.emptyPayloadHash),
                ("x-amz-date", "20130524T000000Z"),
            ], payloadHash: SignatureV4.emptyPayloadHash)
        #expect(
            SignatureV4Tests.s3.authorization(request, timestamp: "20130524T000000Z").hasSuffix(
                "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"))
    }

    @Test func signAddsTheDateThePayloadHashAndTheSessionToken() throws {
        var signer = SignatureV4Tests.s3
        signer.credentials.sessionToken = "token/with+chars"
        let date = try #require(ISO8601DateFormatter().date(from: "2013-05-24T00:00:00Z"))
        let headers = signer.sign(
            SignatureV4.Request(
                method: "GET", canonicalPath: "/test.txt", headers: [("host", "examplebucket.s3.amazonaws.com")],
                payloadHash: SignatureV4.emptyPayloadHash), at: date)
        let names = headers.map(\.name)
        #expect(names == ["x-amz-date", "x-amz-content-sha256", "x-amz-security-token", "Authorization"])
        #expect(headers[0].value == "20130524T000000Z")
        #expect(headers[3].value.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,"))
    }

    @Test func encodingKeepsOnlyUnreservedCharacters() {
        #expect(SignatureV4.encode("a b/c~-_.") == "a%20b%2Fc~-_.")
        #expect(SignatureV4.encodePath("a b/c") == "a%20b/c")
        #expect(SignatureV4.encode("ñ+*") == "%C3%B1%2B%2A")
    }

    @Test func credentialsNeverDescribeTheSecret() {
        let credentials = S3Credentials(accessKeyId: "AKIA", secretAccessKey: "very-secret", sessionToken: "session-secret")
        #expect(!"\(credentials)".contains("very-secret"))
        #expect(!"\(credentials)".contains("session-secret"))
    }
}
