/// A complete WebSocket data message.
package enum WebSocketMessage: Sendable, Equatable {
    /// A text message, valid UTF-8.
    case text(String)
    /// A binary message.
    case binary([UInt8])
}

/// Joins the fragments of data messages and checks them (RFC 6455, sections 5.4 and 8.1); control frames pass between
/// fragments untouched.
package struct WebSocketMessageAssembler: Sendable {
    /// The largest message accepted, all fragments together.
    package let maximumMessageSize: Int
    /// The opcode of the message being assembled; `nil` between messages.
    private var opcode: WebSocketOpcode?
    /// The payload received so far of the message being assembled.
    private var fragments: [UInt8] = []

    /// Creates an assembler.
    package init(maximumMessageSize: Int) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// Adds a data frame (text, binary or continuation) and returns the message it completes, if any.
    ///
    /// - Throws: ``WebSocketError/protocolViolation(_:)`` for a continuation outside a message, a new message inside one,
    ///   a control frame, or text that is not UTF-8; ``WebSocketError/messageTooLarge`` past ``maximumMessageSize``.
    package mutating func append(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketMessage? {
        switch frame.opcode {
        case .continuation:
            guard opcode != nil else { throw .protocolViolation("continuation frame outside a message") }
        case .text, .binary:
            guard opcode == nil else { throw .protocolViolation("new message before the last one ended") }
            opcode = frame.opcode
        case .close, .ping, .pong:
            throw .protocolViolation("control frame given to the message assembler")
        }
        guard frame.payload.count <= maximumMessageSize - fragments.count else { throw .messageTooLarge }
        fragments.append(contentsOf: frame.payload)
        guard frame.isFinal, let kind = opcode else { return nil }
        let payload = fragments
        fragments = []
        opcode = nil
        if kind == .binary { return .binary(payload) }
        guard WebSocketMessageAssembler.isValidUTF8(payload) else { throw .protocolViolation("text message is not UTF-8") }
        return .text(String(decoding: payload, as: UTF8.self))
    }

    /// The status code and reason of a close frame's payload (RFC 6455, sections 5.5.1 and 7.4): `nil` code for an
    /// empty payload.
    ///
    /// - Throws: ``WebSocketError/protocolViolation(_:)`` for a one-byte payload, a status a peer must not send, or a
    ///   reason that is not UTF-8.
    package static func closeStatus(of payload: [UInt8]) throws(WebSocketError) -> (code: UInt16?, reason: String) {
        guard !payload.isEmpty else { return (nil, "") }
        guard payload.count >= 2 else { throw .protocolViolation("close frame with a one-byte payload") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard isSendable(closeCode: code) else { throw .protocolViolation("close status \(code)") }
        let reason = Array(payload[2...])
        guard isValidUTF8(reason) else { throw .protocolViolation("close reason is not UTF-8") }
        return (code, String(decoding: reason, as: UTF8.self))
    }

    /// Whether a peer may send `code` in a close frame: the defined statuses other than 1004–1006 and 1015, and the
    /// ranges for libraries and applications (RFC 6455, section 7.4.2).
    static func isSendable(closeCode code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
