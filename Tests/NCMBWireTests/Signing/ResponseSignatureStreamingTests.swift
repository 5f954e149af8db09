import NCMBWire
import Testing

@Suite struct ResponseSignatureStreamingTests {
    static let stringToSign = RequestSignatureVector.named("R29").stringToSign
    static let clientKey = RequestSignatureVector.named("R29").keys.clientKey

    /// The one-shot signature of `body` in hex form, the reference the stream must match.
    static func expected(_ body: [UInt8]) -> String {
        ResponseSignature.signature(stringToSign: stringToSign, body: body, isBinary: true, clientKey: clientKey)
    }

    /// The streamed signature of `body` cut into chunks of `chunkLength` bytes.
    static func streamed(_ body: [UInt8], chunkLength: Int) -> String {
        var stream = ResponseSignature.BinaryStream(stringToSign: stringToSign, clientKey: clientKey)
        var start = 0
        while start < body.count {
            let end = min(start + chunkLength, body.count)
            stream.append(body[start..<end])
            start = end
        }
        return stream.signature()
    }

    @Test func signsTheFourByteVectorP4() {
        var stream = ResponseSignature.BinaryStream(stringToSign: Self.stringToSign, clientKey: Self.clientKey)
        stream.append([0x00, 0x01, 0xFE, 0xFF])

        #expect(stream.signature() == "Zkayx2TmuQjqhkrQTTyVJfpb3MwBMYOMyBa1I/VAA0M=")
    }

    @Test(arguments: [1, 3, 4096, 16 * 1024, 16 * 1024 + 1, 100_000])
    func equalsTheOneShotSignatureWhateverTheChunkLength(chunkLength: Int) {
        let body = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }

        #expect(Self.streamed(body, chunkLength: chunkLength) == Self.expected(body))
    }

    @Test func anEmptyBodyAddsNoNewlineSoItEqualsTheRequestSignature() {
        var stream = ResponseSignature.BinaryStream(stringToSign: Self.stringToSign, clientKey: Self.clientKey)
        stream.append([UInt8]())

        #expect(stream.signature() == Self.expected([]))
        #expect(stream.signature() == RequestSignatureVector.named("R29").signature)
    }

    @Test func emptyChunksBetweenBytesChangeNothing() {
        var stream = ResponseSignature.BinaryStream(stringToSign: Self.stringToSign, clientKey: Self.clientKey)
        stream.append([UInt8]())
        stream.append([0x00, 0x01])
        stream.append([UInt8]())
        stream.append([0xFE, 0xFF])

        #expect(stream.signature() == Self.expected([0x00, 0x01, 0xFE, 0xFF]))
    }
}
