import Foundation

/// Where file bytes live in an S3-compatible store: the endpoint, the bucket, a key prefix, the region and how the
/// bucket is addressed (docs/decisions/0132-file-bytes-on-s3.md).
package struct S3Location: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`.
    package var scheme: String
    /// The endpoint's host (for AWS: `s3.<region>.amazonaws.com`).
    package var host: String
    /// The endpoint's port, when not the scheme's default.
    package var port: Int?
    /// The bucket.
    package var bucket: String
    /// The key prefix, empty or ending with `/`.
    package var prefix: String
    /// The region of the signature's scope.
    package var region: String
    /// Path-style addressing (`https://endpoint/bucket/key`, what SeaweedFS, MinIO and most self-hosted stores want)
    /// instead of virtual-hosted style (`https://bucket.endpoint/key`, AWS's default).
    package var pathStyle: Bool

    /// What is wrong with a location's text.
    package struct Invalid: Error, CustomStringConvertible {
        /// The message, naming the value.
        package var description: String
    }

    /// A location from `s3://BUCKET[/PREFIX]` and an endpoint URL (`nil`: AWS's endpoint of `region`).
    ///
    /// - Parameters:
    ///   - pathStyle: `nil` picks path style for a custom endpoint and virtual-hosted style for AWS.
    /// - Throws: ``Invalid`` for a location that is not `s3://` with a valid bucket name, or an endpoint that is not an
    ///   `http(s)://host[:port]` URL.
    package init(url: String, endpoint: String?, region: String, pathStyle: Bool? = nil) throws {
        guard url.hasPrefix("s3://") else { throw Invalid(description: "\(url) is not an s3://BUCKET[/PREFIX] location") }
        let rest = url.dropFirst("s3://".count)
        let bucket = String(rest.prefix { $0 != "/" })
        var prefix = String(rest.dropFirst(bucket.count).drop { $0 == "/" })
        if !prefix.isEmpty, !prefix.hasSuffix("/") { prefix += "/" }
        guard S3Location.isValidBucketName(bucket) else {
            throw Invalid(
                description: "\(url): '\(bucket)' is not a valid bucket name (3 to 63 lowercase letters, digits, dots and hyphens)")
        }
        guard !region.isEmpty, region.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw Invalid(description: "'\(region)' is not a region name such as us-east-1")
        }
        self.bucket = bucket
        self.prefix = prefix
        self.region = region
        if let endpoint {
            guard let components = URLComponents(string: endpoint), let scheme = components.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
                components.path.isEmpty || components.path == "/", components.query == nil
            else { throw Invalid(description: "\(endpoint) is not an endpoint URL such as https://s3.example.com:9000") }
            self.scheme = scheme
            self.host = host
            self.port = components.port
            self.pathStyle = pathStyle ?? true
        } else {
            self.scheme = "https"
            self.host = "s3.\(region).amazonaws.com"
            self.port = nil
            self.pathStyle = pathStyle ?? false
        }
    }

    /// Whether `name` follows S3's bucket naming rules (3–63 characters of lowercase letters, digits, `.` and `-`,
    /// starting and ending with a letter or digit).
    package static func isValidBucketName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count) else { return false }
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard let first = bytes.first, let last = bytes.last, isLetterOrDigit(first), isLetterOrDigit(last) else { return false }
        return bytes.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    /// The `Host` header: the bucket's own host in virtual-hosted style.
    package var hostHeader: String {
        let name = pathStyle ? host : "\(bucket).\(host)"
        guard let port else { return name }
        return "\(name):\(port)"
    }

    /// The canonical (encoded) path of a key.
    package func canonicalPath(key: String) -> String {
        let encodedKey = SignatureV4.encodePath(key)
        return pathStyle ? "/\(bucket)/\(encodedKey)" : "/\(encodedKey)"
    }

    /// The canonical path of the bucket itself (for listings).
    package var bucketPath: String { pathStyle ? "/\(bucket)" : "/" }

    /// The URL of a canonical path with an encoded query.
    package func url(path: String, encodedQuery: String) -> String {
        "\(scheme)://\(hostHeader)\(path)" + (encodedQuery.isEmpty ? "" : "?\(encodedQuery)")
    }

    /// The full key of a name below the prefix.
    package func key(_ name: String) -> String { prefix + name }

    package var description: String {
        "s3://\(bucket)/\(prefix) at \(scheme)://\(host)\(port.map { ":\($0)" } ?? "") (\(region), \(pathStyle ? "path" : "virtual-hosted") style)"
    }
}
