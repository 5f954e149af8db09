import NCMB
import Testing

/// RFC 6455 framing: what the client sends (masked) and what it accepts from a server.
@Suite struct WebSocketFrameTests {
    /// A parser as the client uses it: unmasked frames, payloads up to `limit` bytes.
    func clientParser(limit: Int = 1 << 20) -> WebSocketFrameParser {
        WebSocketFrameParser(maximumFrameSize: limit)
    }

    /// Parses `bytes` fed in one piece.
    func frames(_ bytes: [UInt8], limit: Int = 1 << 20) throws -> [WebSocketFrame] {
        var parser = clientParser(limit: limit)
        parser.append(bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try parser.nextFrame() { frames.append(frame) }
        return frames
    }

    // MARK: Encoding

    @Test func aMaskedTextFrameMatchesTheExampleOfRFC6455() {
        let frame = WebSocketFrame(opcode: .text, payload: Array("Hello".utf8))

        let bytes = frame.encoded(maskingKey: 0x37FA_213D)

        // RFC 6455, section 5.7: "A single-frame masked text message".
        #expect(bytes == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }

    @Test func anUnmaskedTextFrameMatchesTheExampleOfRFC6455() {
        let bytes = WebSocketFrame(opcode: .text, payload: Array("Hello".utf8)).encoded(maskingKey: nil)

        #expect(bytes == [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    }

    @Test(arguments: [(0, 2), (125, 2), (126, 4), (65_535, 4), (65_536, 10)])
    func payloadLengthsUseTheShortestEncoding(length: Int, headerLength: Int) throws {
        let payload = [UInt8](repeating: 0x61, count: length)

        let masked = WebSocketFrame(opcode: .binary, payload: payload).encoded(maskingKey: 0x0102_0304)
        let unmasked = WebSocketFrame(opcode: .binary, payload: payload).encoded(maskingKey: nil)

        #expect(masked.count == headerLength + 4 + length)
        #expect(unmasked.count == headerLength + length)
        #expect(masked[1] & 0x80 == 0x80)
        #expect(try frames(unmasked) == [WebSocketFrame(opcode: .binary, payload: payload)])
    }

    @Test func aMaskedFrameReadsBackOnTheServerSide() throws {
        let frame = WebSocketFrame(isFinal: false, opcode: .text, payload: Array("subscribe ü".utf8))
        var server = WebSocketFrameParser(maximumFrameSize: 1024, expectsMaskedFrames: true)

        server.append(frame.encoded(maskingKey: 0xDEAD_BEEF))

        #expect(try server.nextFrame() == frame)
        #expect(try server.nextFrame() == nil)
    }

    @Test func aClosePayloadHoldsTheCodeAndAReasonCutToFitAControlFrame() {
        let payload = WebSocketFrame.closePayload(code: 1001, reason: String(repeating: "x", count: 300))

        #expect(payload.count == 125)
        #expect(Array(payload.prefix(2)) == [0x03, 0xE9])
    }

    // MARK: Decoding

    @Test func framesArrivingByteByByteAreReadWhenComplete() throws {
        let first = WebSocketFrame(opcode: .text, payload: Array("one".utf8)).encoded(maskingKey: nil)
        let second = WebSocketFrame(opcode: .ping, payload: [1, 2]).encoded(maskingKey: nil)
        var parser = clientParser()
        var read: [WebSocketFrame] = []

        for byte in first + second {
            parser.append([byte])
            while let frame = try parser.nextFrame() { read.append(frame) }
        }

        #expect(read == [WebSocketFrame(opcode: .text, payload: Array("one".utf8)), WebSocketFrame(opcode: .ping, payload: [1, 2])])
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func aMaskedFrameFromTheServerIsAProtocolViolation() {
        let bytes = WebSocketFrame(opcode: .text, payload: [0x61]).encoded(maskingKey: 1)

        #expect(throws: WebSocketError.protocolViolation("masked frame from the server")) { try frames(bytes) }
    }

    @Test(arguments: [UInt8(0x40), 0x20, 0x10])
    func reservedBitsAreAProtocolViolation(bit: UInt8) {
        #expect(throws: WebSocketError.protocolViolation("reserved bits set without an extension")) {
            try frames([0x81 | bit, 0x00])
        }
    }

    @Test(arguments: [UInt8(0x3), 0x7, 0xB, 0xF])
    func unknownOpcodesAreAProtocolViolation(opcode: UInt8) {
        #expect(throws: WebSocketError.protocolViolation("unknown opcode \(opcode)")) { try frames([0x80 | opcode, 0x00]) }
    }

    @Test func aFragmentedControlFrameIsAProtocolViolation() {
        #expect(throws: WebSocketError.protocolViolation("fragmented control frame")) { try frames([0x09, 0x00]) }
    }

    @Test func aControlFrameLongerThan125BytesIsAProtocolViolation() {
        let bytes = WebSocketFrame(opcode: .ping, payload: [UInt8](repeating: 0, count: 126)).encoded(maskingKey: nil)

        #expect(throws: WebSocketError.protocolViolation("control frame longer than 125 bytes")) { try frames(bytes) }
    }

    @Test func aLengthWithItsTopBitSetIsAProtocolViolation() {
        let bytes: [UInt8] = [0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0]

        #expect(throws: WebSocketError.protocolViolation("payload length with its most significant bit set")) { try frames(bytes) }
    }

    @Test func anOversizedFrameIsRefusedFromItsHeaderBeforeItsPayloadArrives() {
        // A header announcing 1 GiB, with no payload at all: refused at once, nothing buffered for it.
        let header: [UInt8] = [0x82, 127, 0, 0, 0, 0, 0x40, 0, 0, 0]
        var parser = clientParser(limit: 1024)
        parser.append(header)

        #expect(throws: WebSocketError.messageTooLarge) { try parser.nextFrame() }
    }

    @Test func aFrameOfExactlyTheLimitIsAccepted() throws {
        let bytes = WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 7, count: 1024)).encoded(maskingKey: nil)

        #expect(try frames(bytes, limit: 1024).map(\.payload.count) == [1024])
        #expect(throws: WebSocketError.messageTooLarge) { try frames(bytes, limit: 1023) }
    }

    @Test func anIncompleteFrameWaitsForMoreBytes() throws {
        let bytes = WebSocketFrame(opcode: .text, payload: [UInt8](repeating: 0x61, count: 300)).encoded(maskingKey: nil)
        var parser = clientParser()

        parser.append(bytes.prefix(3))
        let early = try parser.nextFrame()
        parser.append(bytes.dropFirst(3))
        let complete = try parser.nextFrame()

        #expect(early == nil)
        #expect(complete?.payload.count == 300)
    }
}
