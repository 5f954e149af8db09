/// Reads WebSocket frames from the bytes of a connection as they arrive (RFC 6455, section 5.2).
///
/// Append what the socket read, then take frames until ``nextFrame()`` returns `nil`. A frame header is checked as soon
/// as it is complete, so an oversized frame is refused before its payload is buffered: the parser never holds more than
/// one frame of at most ``maximumFrameSize`` bytes plus what was appended after it.
package struct WebSocketFrameParser: Sendable {
    /// The largest payload accepted in one frame.
    package let maximumFrameSize: Int
    /// Whether frames must be masked: `true` on a server, `false` on a client, which must refuse masked frames
    /// (RFC 6455, section 5.1).
    package let expectsMaskedFrames: Bool
    /// Bytes received and not yet returned as frames, from ``start``.
    private var buffer: [UInt8] = []
    /// The index in ``buffer`` of the first byte not yet consumed.
    private var start = 0

    /// Creates a parser.
    package init(maximumFrameSize: Int, expectsMaskedFrames: Bool = false) {
        self.maximumFrameSize = maximumFrameSize
        self.expectsMaskedFrames = expectsMaskedFrames
    }

    /// The number of bytes appended and not yet returned in a frame.
    package var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes read from the connection.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, unmasked; `nil` until enough bytes have arrived.
    ///
    /// - Throws: ``WebSocketError/protocolViolation(_:)`` for reserved bits, an unknown opcode, a fragmented or
    ///   oversized control frame, a masking bit the peer must not send, or a 64-bit length with its top bit set;
    ///   ``WebSocketError/messageTooLarge`` for a frame longer than ``maximumFrameSize``. After an error the connection
    ///   must be closed: the parser's position is undefined.
    package mutating func nextFrame() throws(WebSocketError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw .protocolViolation("reserved bits set without an extension") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw .protocolViolation("unknown opcode \(first & 0x0F)")
        }
        let isFinal = first & 0x80 != 0
        let isMasked = second & 0x80 != 0
        guard isMasked == expectsMaskedFrames else {
            throw .protocolViolation(isMasked ? "masked frame from the server" : "unmasked frame from the client")
        }
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for index in 2..<10 { length = length << 8 | UInt64(buffer[start + index]) }
            guard length & (1 << 63) == 0 else { throw .protocolViolation("payload length with its most significant bit set") }
            headerLength = 10
        }
        if opcode.isControl {
            guard isFinal else { throw .protocolViolation("fragmented control frame") }
            guard length <= UInt64(WebSocketFrame.maximumControlPayload) else {
                throw .protocolViolation("control frame longer than 125 bytes")
            }
        }
        guard length <= UInt64(maximumFrameSize) else { throw .messageTooLarge }
        let maskLength = isMasked ? 4 : 0
        let payloadLength = Int(length)
        guard available >= headerLength + maskLength + payloadLength else { return nil }
        let payloadStart = start + headerLength + maskLength
        var payload = Array(buffer[payloadStart..<(payloadStart + payloadLength)])
        if isMasked {
            let key = buffer[(start + headerLength)..<(start + headerLength + 4)].map { $0 }
            for index in payload.indices { payload[index] ^= key[index & 3] }
        }
        start = payloadStart + payloadLength
        return WebSocketFrame(isFinal: isFinal, opcode: opcode, payload: payload)
    }
}
