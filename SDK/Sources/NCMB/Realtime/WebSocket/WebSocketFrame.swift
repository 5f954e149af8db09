/// The opcode of a WebSocket frame (RFC 6455, section 5.2).
package enum WebSocketOpcode: UInt8, Sendable {
    /// A later fragment of a fragmented message.
    case continuation = 0x0
    /// The first (or only) frame of a UTF-8 text message.
    case text = 0x1
    /// The first (or only) frame of a binary message.
    case binary = 0x2
    /// A close frame: an optional status code and reason.
    case close = 0x8
    /// A ping; the peer answers with a pong carrying the same payload.
    case ping = 0x9
    /// A pong.
    case pong = 0xA

    /// Whether this is a control frame (close, ping, pong): never fragmented, at most 125 bytes of payload.
    package var isControl: Bool { rawValue & 0x8 != 0 }
}

/// One WebSocket frame, unmasked: whether it ends its message, its opcode and its payload.
package struct WebSocketFrame: Sendable, Equatable {
    /// The largest payload of a control frame (RFC 6455, section 5.5).
    package static let maximumControlPayload = 125

    /// Whether this frame is the last of its message (the FIN bit).
    package var isFinal: Bool
    /// The opcode.
    package var opcode: WebSocketOpcode
    /// The payload, unmasked.
    package var payload: [UInt8]

    /// Creates a frame.
    package init(isFinal: Bool = true, opcode: WebSocketOpcode, payload: [UInt8] = []) {
        self.isFinal = isFinal
        self.opcode = opcode
        self.payload = payload
    }

    /// The frame's bytes on the wire (RFC 6455, section 5.2): masked with `maskingKey` as a client sends them
    /// (section 5.3), or unmasked as a server sends them when `maskingKey` is `nil`.
    ///
    /// The payload length takes the shortest of the three encodings.
    package func encoded(maskingKey: UInt32?) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 14)
        bytes.append((isFinal ? 0x80 : 0x00) | opcode.rawValue)
        let maskBit: UInt8 = maskingKey == nil ? 0x00 : 0x80
        switch payload.count {
        case 0...125:
            bytes.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            bytes.append(maskBit | 126)
            WebSocketFrame.appendBigEndian(UInt64(payload.count), byteCount: 2, to: &bytes)
        default:
            bytes.append(maskBit | 127)
            WebSocketFrame.appendBigEndian(UInt64(payload.count), byteCount: 8, to: &bytes)
        }
        guard let maskingKey else {
            bytes.append(contentsOf: payload)
            return bytes
        }
        let key = WebSocketFrame.bytes(of: maskingKey)
        bytes.append(contentsOf: key)
        for (offset, byte) in payload.enumerated() { bytes.append(byte ^ key[offset & 3]) }
        return bytes
    }

    /// The payload of a close frame: the status code, big-endian, then the UTF-8 reason, cut to fit a control frame.
    package static func closePayload(code: UInt16, reason: String = "") -> [UInt8] {
        var payload = [UInt8(code >> 8), UInt8(code & 0xFF)]
        payload.append(contentsOf: reason.utf8.prefix(maximumControlPayload - 2))
        return payload
    }

    /// The four bytes of a masking key, most significant first.
    package static func bytes(of maskingKey: UInt32) -> [UInt8] {
        [UInt8(maskingKey >> 24), UInt8((maskingKey >> 16) & 0xFF), UInt8((maskingKey >> 8) & 0xFF), UInt8(maskingKey & 0xFF)]
    }

    /// Appends the low `byteCount` bytes of `value`, most significant first.
    private static func appendBigEndian(_ value: UInt64, byteCount: Int, to bytes: inout [UInt8]) {
        for index in stride(from: byteCount - 1, through: 0, by: -1) { bytes.append(UInt8((value >> (UInt64(index) * 8)) & 0xFF)) }
    }
}

/// Why a WebSocket connection failed or ended: the SDK's realtime transport errors.
package enum WebSocketError: Error, Equatable, CustomStringConvertible {
    /// The URL's scheme is not one this platform's client speaks (`wss` on Linux, docs/decisions/0097-…).
    case unsupportedScheme(String)
    /// The URL has no host, or a header value holds a line break.
    case invalidRequest(String)
    /// No TCP connection could be made: the `errno` of the last attempt.
    case connectionFailed(Int32)
    /// The server answered the upgrade with another status than 101: the status and the response body.
    case handshakeRejected(status: Int, body: [UInt8])
    /// The server answered 101 with headers RFC 6455 (section 4.1) forbids a client to accept.
    case invalidHandshake(String)
    /// The peer broke the framing rules (RFC 6455, section 5); the connection is closed with status 1002 or 1007.
    case protocolViolation(String)
    /// A frame or message was larger than the client accepts; the connection is closed with status 1009.
    case messageTooLarge
    /// The connection ended: the close status the peer sent (if any) and its reason; `nil` for a lost connection.
    case closed(code: UInt16?, reason: String)
    /// No answer within the time allowed: the handshake, or a pong after a ping.
    case timedOut

    package var description: String {
        switch self {
        case .unsupportedScheme(let scheme): "WebSocket scheme \(scheme) is not supported on this platform"
        case .invalidRequest(let reason): "invalid WebSocket request: \(reason)"
        case .connectionFailed(let number): "WebSocket connection failed (errno \(number))"
        case .handshakeRejected(let status, _): "WebSocket upgrade refused with HTTP status \(status)"
        case .invalidHandshake(let reason): "invalid WebSocket handshake: \(reason)"
        case .protocolViolation(let reason): "WebSocket protocol violation: \(reason)"
        case .messageTooLarge: "WebSocket message too large"
        case .closed(let code, let reason):
            "WebSocket closed (\(code.map(String.init) ?? "no status"))\(reason.isEmpty ? "" : ": \(reason)")"
        case .timedOut: "WebSocket timed out"
        }
    }
}
