import Crypto
package import Foundation
import KumoMemberwise

/// AWS Signature Version 4 over request headers (the `Authorization` header), as S3 and S3-compatible stores check it
/// (docs/decisions/0132-file-bytes-on-s3.md).
///
/// Pure: the caller gives the method, the canonical path (already URI-encoded), the query pairs, the headers to sign,
/// the SHA-256 of the payload and the time; ``sign(_:)`` gives the headers to add. Checked against AWS's published
/// vectors (the `get-vanilla`/`post-vanilla` suite cases and the S3 examples) in `SignatureV4Tests`.
@PackageMemberwiseInit
package struct SignatureV4: Sendable {
    /// The credentials requests are signed with.
    package var credentials: S3Credentials
    /// The region of the scope, e.g. `us-east-1`.
    package var region: String
    /// The service of the scope: `s3`.
    package var service: String = "s3"

    /// What a request is signed over.
    @PackageMemberwiseInit
    package struct Request: Sendable {
        /// `GET`, `PUT`, …
        package var method: String
        /// The path as sent, each segment URI-encoded (``SignatureV4/encodePath(_:)``), starting with `/`.
        package var canonicalPath: String
        /// The query parameters, not encoded (encoding and order are the signer's).
        package var query: [(name: String, value: String)] = []
        /// The headers to sign, names in any case; `host` must be among them.
        package var headers: [(name: String, value: String)]
        /// The lowercase hexadecimal SHA-256 of the body (``SignatureV4/emptyPayloadHash`` for none), or
        /// `UNSIGNED-PAYLOAD`.
        package var payloadHash: String
    }

    /// The SHA-256 of an empty payload.
    package static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// The headers a signed request adds to `request.headers`: `x-amz-date`, `x-amz-content-sha256` (for S3), the
    /// session token when there is one, and `Authorization`.
    ///
    /// - Parameter date: the signing time; its UTC second is what the signature covers.
    package func sign(_ request: Request, at date: Date) -> [(name: String, value: String)] {
        let timestamp = SignatureV4.timestamp(date)
        var added: [(name: String, value: String)] = [("x-amz-date", timestamp)]
        if service == "s3" { added.append(("x-amz-content-sha256", request.payloadHash)) }
        if let token = credentials.sessionToken { added.append(("x-amz-security-token", token)) }
        var signed = request
        signed.headers += added
        return added + [("Authorization", authorization(signed, timestamp: timestamp))]
    }

    /// The `Authorization` header of a request whose headers already hold `x-amz-date` (and the others to sign).
    package func authorization(_ request: Request, timestamp: String) -> String {
        let (canonical, signedHeaders) = SignatureV4.canonicalRequest(request)
        let day = String(timestamp.prefix(8))
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let toSign = SignatureV4.stringToSign(timestamp: timestamp, scope: scope, canonicalRequest: canonical)
        let signature = HMAC<SHA256>.authenticationCode(for: Data(toSign.utf8), using: signingKey(day: day))
        return "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyId)/\(scope), SignedHeaders=\(signedHeaders), "
            + "Signature=\(SignatureV4.hexadecimal(signature))"
    }

    /// The key of one day's scope: HMAC chained over the day, the region, the service and `aws4_request`.
    func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// The canonical request and its signed-header list: method, path, sorted encoded query, lowercase sorted headers
    /// with trimmed values (inner runs of spaces folded), the signed header names and the payload hash.
    package static func canonicalRequest(_ request: Request) -> (text: String, signedHeaders: String) {
        let pairs: [(name: String, value: String)] = request.query.map { (encode($0.name), encode($0.value)) }
        let sorted = pairs.sorted { (left, right) -> Bool in
            left.name == right.name ? left.value < right.value : left.name < right.name
        }
        let query = sorted.map { pair -> String in pair.name + "=" + pair.value }.joined(separator: "&")
        var headers: [String: [String]] = [:]
        for header in request.headers {
            headers[header.name.lowercased(), default: []].append(foldSpaces(header.value))
        }
        let names = headers.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(headers[$0, default: []].joined(separator: ","))\n" }.joined()
        let signedHeaders = names.joined(separator: ";")
        let text = [request.method, request.canonicalPath, query, canonicalHeaders, signedHeaders, request.payloadHash]
            .joined(separator: "\n")
        return (text, signedHeaders)
    }

    /// The string to sign: the algorithm, the time, the scope and the canonical request's SHA-256.
    package static func stringToSign(timestamp: String, scope: String, canonicalRequest: String) -> String {
        "AWS4-HMAC-SHA256\n\(timestamp)\n\(scope)\n\(sha256Hexadecimal(Array(canonicalRequest.utf8)))"
    }

    /// `20150830T123600Z`: the UTC second of `date`.
    package static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 1970) + two(parts.month) + two(parts.day) + "T" + two(parts.hour)
            + two(parts.minute) + two(parts.second) + "Z"
    }

    /// RFC 3986 encoding as SigV4 wants it: unreserved characters (`A–Z a–z 0–9 - _ . ~`) kept, every other byte of
    /// the UTF-8 as `%XX` with uppercase digits; `/` too unless `keepingSlashes`.
    package static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let digits = Array("0123456789ABCDEF")
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                result.append("/")
            default:
                result.append("%")
                result.append(digits[Int(byte >> 4)])
                result.append(digits[Int(byte & 0xF)])
            }
        }
        return result
    }

    /// A path of `/`-separated segments, each encoded once (S3 does not encode twice).
    package static func encodePath(_ path: String) -> String { encode(path, keepingSlashes: true) }

    /// The lowercase hexadecimal SHA-256 of `bytes`.
    package static func sha256Hexadecimal(_ bytes: [UInt8]) -> String { hexadecimal(SHA256.hash(data: bytes)) }

    /// Lowercase hexadecimal digits of a digest.
    static func hexadecimal<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef")
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return text
    }

    /// Trims a header value and folds inner runs of spaces into one, as the canonical headers require.
    static func foldSpaces(_ value: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in value.trimmingCharacters(in: .whitespaces) {
            if character == " " {
                pendingSpace = true
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }
}

/// Credentials of an S3-compatible store. Their description never shows the secret or the session token.
@PackageMemberwiseInit
package struct S3Credentials: Sendable, CustomStringConvertible {
    /// The access key id (`AWS_ACCESS_KEY_ID`).
    package var accessKeyId: String
    /// The secret access key (`AWS_SECRET_ACCESS_KEY`).
    package var secretAccessKey: String
    /// The session token of temporary credentials (`AWS_SESSION_TOKEN`).
    package var sessionToken: String?

    package var description: String { "access key \(accessKeyId) (secret not shown)" }
}
