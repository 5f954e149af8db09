import NCMB
import Testing

/// RFC 6455 messages: fragments joined, bounded, text checked; close statuses read.
@Suite struct WebSocketMessageAssemblerTests {
    var assembler = WebSocketMessageAssembler(maximumMessageSize: 16)

    /// Feeds `frames` and returns every completed message.
    mutating func messages(_ frames: [WebSocketFrame]) throws -> [WebSocketMessage] {
        var messages: [WebSocketMessage] = []
        for frame in frames { if let message = try assembler.append(frame) { messages.append(message) } }
        return messages
    }

    // MARK: Tests

    @Test mutating func aTextMessageInThreeFragmentsIsJoined() throws {
        let frames = [
            WebSocketFrame(isFinal: false, opcode: .text, payload: Array("Hel".utf8)),
            WebSocketFrame(isFinal: false, opcode: .continuation, payload: Array("lo ".utf8)),
            WebSocketFrame(isFinal: true, opcode: .continuation, payload: Array("ü".utf8)),
        ]

        #expect(try messages(frames) == [.text("Hello ü")])
    }

    @Test mutating func aCharacterSplitAcrossFragmentsIsJoinedBeforeItIsChecked() throws {
        let bytes = Array("ü".utf8)
        let frames = [
            WebSocketFrame(isFinal: false, opcode: .text, payload: [bytes[0]]),
            WebSocketFrame(isFinal: true, opcode: .continuation, payload: [bytes[1]]),
        ]

        #expect(try messages(frames) == [.text("ü")])
    }

    @Test mutating func binaryMessagesArePassedAsBytes() throws {
        #expect(try messages([WebSocketFrame(opcode: .binary, payload: [0, 255])]) == [.binary([0, 255])])
    }

    @Test mutating func aContinuationOutsideAMessageIsAProtocolViolation() {
        #expect(throws: WebSocketError.protocolViolation("continuation frame outside a message")) {
            try messages([WebSocketFrame(opcode: .continuation, payload: [0x61])])
        }
    }

    @Test mutating func aNewMessageInsideAFragmentedOneIsAProtocolViolation() {
        let frames = [
            WebSocketFrame(isFinal: false, opcode: .text, payload: [0x61]),
            WebSocketFrame(opcode: .text, payload: [0x62]),
        ]

        #expect(throws: WebSocketError.protocolViolation("new message before the last one ended")) { try messages(frames) }
    }

    @Test mutating func aMessageLargerThanTheLimitAcrossFragmentsIsRefused() {
        let frames = [
            WebSocketFrame(isFinal: false, opcode: .text, payload: [UInt8](repeating: 0x61, count: 10)),
            WebSocketFrame(isFinal: true, opcode: .continuation, payload: [UInt8](repeating: 0x61, count: 7)),
        ]

        #expect(throws: WebSocketError.messageTooLarge) { try messages(frames) }
    }

    @Test mutating func aMessageOfExactlyTheLimitIsAccepted() throws {
        let text = String(repeating: "a", count: 16)

        #expect(try messages([WebSocketFrame(opcode: .text, payload: Array(text.utf8))]) == [.text(text)])
    }

    @Test(arguments: [[UInt8(0xC3)], [0xFF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80]])
    mutating func textThatIsNotUTF8IsAProtocolViolation(bytes: [UInt8]) {
        #expect(throws: WebSocketError.protocolViolation("text message is not UTF-8")) {
            try messages([WebSocketFrame(opcode: .text, payload: bytes)])
        }
    }

    @Test mutating func controlFramesAreNotMessages() {
        #expect(throws: WebSocketError.protocolViolation("control frame given to the message assembler")) {
            try messages([WebSocketFrame(opcode: .ping)])
        }
    }

    // MARK: Close frames

    @Test func anEmptyClosePayloadHasNoStatus() throws {
        let status = try WebSocketMessageAssembler.closeStatus(of: [])

        #expect(status.code == nil)
        #expect(status.reason == "")
    }

    @Test func aClosePayloadGivesItsStatusAndReason() throws {
        let status = try WebSocketMessageAssembler.closeStatus(of: WebSocketFrame.closePayload(code: 4001, reason: "slow consumer"))

        #expect(status.code == 4001)
        #expect(status.reason == "slow consumer")
    }

    @Test func aOneByteClosePayloadIsAProtocolViolation() {
        #expect(throws: WebSocketError.protocolViolation("close frame with a one-byte payload")) {
            try WebSocketMessageAssembler.closeStatus(of: [0x03])
        }
    }

    @Test(arguments: [UInt16(999), 1004, 1005, 1006, 1015, 1016, 2999, 5000])
    func statusesAPeerMustNotSendAreAProtocolViolation(code: UInt16) {
        #expect(throws: WebSocketError.protocolViolation("close status \(code)")) {
            try WebSocketMessageAssembler.closeStatus(of: WebSocketFrame.closePayload(code: code))
        }
    }

    @Test func aCloseReasonThatIsNotUTF8IsAProtocolViolation() {
        #expect(throws: WebSocketError.protocolViolation("close reason is not UTF-8")) {
            try WebSocketMessageAssembler.closeStatus(of: [0x03, 0xE8, 0xFF])
        }
    }
}
