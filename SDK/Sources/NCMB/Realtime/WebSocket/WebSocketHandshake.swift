import Crypto
package import Foundation

/// The opening handshake of a WebSocket client (RFC 6455, section 4.1): the upgrade request it sends and the checks on
/// the server's answer.
package struct WebSocketHandshake: Sendable {
    /// The GUID appended to the key before hashing (RFC 6455, section 1.3).
    private static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The largest response head accepted, status line and headers.
    package static let maximumHeadSize = 16 * 1024

    /// `Sec-WebSocket-Key`: 16 random bytes in Base64.
    package let key: String

    /// Creates a handshake with the key made of `nonce`, which must be 16 random bytes.
    package init(nonce: [UInt8]) {
        self.key = Data(nonce).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` value a server must answer to `key`: Base64 of the SHA-1 of the key and the GUID.
    package static func acceptValue(for key: String) -> String {
        Data(Insecure.SHA1.hash(data: Array((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// The upgrade request for `url` (a `ws` URL) with `headers` added, as bytes.
    ///
    /// - Throws: ``WebSocketError/invalidRequest(_:)`` when the URL has no host or a header name or value holds a
    ///   character that would break the request (CR, LF, or a colon in a name).
    package func request(url: URL, headers: [String: String]) throws(WebSocketError) -> [UInt8] {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host,
            !host.isEmpty
        else { throw .invalidRequest("no host in \(url.absoluteString)") }
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let hostName = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        var lines = [
            "GET \(target) HTTP/1.1", "Host: \(hostName)\(components.port.map { ":\($0)" } ?? "")", "Upgrade: websocket",
            "Connection: Upgrade", "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13",
        ]
        for name in headers.keys.sorted() {
            guard let value = headers[name] else { continue }
            guard !name.isEmpty, !name.contains(where: { $0 == ":" || $0.isNewline || $0 == " " }),
                !value.contains(where: \.isNewline)
            else { throw .invalidRequest("header \(name)") }
            lines.append("\(name): \(value)")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// Checks the server's answer to the upgrade.
    ///
    /// - Throws: ``WebSocketError/handshakeRejected(status:body:)`` for a status other than 101 (with `body`);
    ///   ``WebSocketError/invalidHandshake(_:)`` for a 101 without `Upgrade: websocket`, `Connection: Upgrade` or the
    ///   right `Sec-WebSocket-Accept`, or with an extension or subprotocol the client did not ask for.
    package func validate(_ head: HTTPResponseHead, body: [UInt8] = []) throws(WebSocketError) {
        guard head.status == 101 else { throw .handshakeRejected(status: head.status, body: body) }
        guard head.value(of: "Upgrade")?.lowercased() == "websocket" else { throw .invalidHandshake("Upgrade is not websocket") }
        guard let connection = head.value(of: "Connection"),
            connection.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "upgrade" })
        else { throw .invalidHandshake("Connection does not list upgrade") }
        guard head.value(of: "Sec-WebSocket-Accept") == WebSocketHandshake.acceptValue(for: key) else {
            throw .invalidHandshake("wrong Sec-WebSocket-Accept")
        }
        guard head.value(of: "Sec-WebSocket-Extensions") == nil else { throw .invalidHandshake("unrequested extension") }
        guard head.value(of: "Sec-WebSocket-Protocol") == nil else { throw .invalidHandshake("unrequested subprotocol") }
    }
}

/// The status line and headers of an HTTP/1.1 response.
package struct HTTPResponseHead: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// The header fields in order, names as sent.
    package var headers: [(name: String, value: String)]

    /// Creates a head.
    package init(status: Int, headers: [(name: String, value: String)]) {
        self.status = status
        self.headers = headers
    }

    /// The value of the first header named `name`, compared without case.
    package func value(of name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The length of the head in `bytes` (through the blank line), or `nil` when the blank line has not arrived.
    package static func length(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }

    /// Reads a head (without its blank line or with it).
    ///
    /// - Throws: ``WebSocketError/invalidHandshake(_:)`` for a status line that is not `HTTP/1.1 NNN …` or a header line
    ///   without a colon.
    package init(parsing bytes: some Collection<UInt8>) throws(WebSocketError) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw .invalidHandshake("empty response") }
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), statusLine[1].count == 3, let status = Int(statusLine[1])
        else { throw .invalidHandshake("bad status line") }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw .invalidHandshake("bad header line") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        self.init(status: status, headers: headers)
    }

    package static func == (lhs: HTTPResponseHead, rhs: HTTPResponseHead) -> Bool {
        lhs.status == rhs.status && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}
