import KumoSeams
import Testing

/// ``RandomIdentifierGenerator``: the requested length, only characters of the alphabet, each equally likely.
@Suite struct RandomIdentifierGeneratorTests {
    let generator = RandomIdentifierGenerator()

    @Test(arguments: [0, 1, 7, 8, 9, 16, 64, 300])
    func drawsTheRequestedLengthFromTheAlphabet(length: Int) {
        for alphabet in [IdentifierAlphabet.alphanumeric, IdentifierAlphabet.hexadecimal, ["x"]] {
            let drawn = generator.randomString(length: length, alphabet: alphabet)

            #expect(drawn.count == length)
            #expect(drawn.allSatisfy { alphabet.contains($0) })
        }
    }

    @Test func everyCharacterIsAboutEquallyLikely() {
        // 62 characters (256 is no multiple of 62, so bytes are rejected): 3 226 expected draws each; 15 % is over
        // eight standard deviations, so this never fails by chance, but a biased or stuck generator fails it.
        let alphabet = IdentifierAlphabet.alphanumeric
        var counts: [Character: Int] = [:]
        for character in generator.randomString(length: 200_000, alphabet: alphabet) { counts[character, default: 0] += 1 }

        let expected = 200_000.0 / Double(alphabet.count)
        #expect(counts.count == alphabet.count)
        #expect(counts.values.allSatisfy { abs(Double($0) - expected) < expected * 0.15 })
    }

    @Test func alphabetsLargerThanAByteStillWork() {
        let alphabet = (0..<300).compactMap { Unicode.Scalar(0x4E00 + $0).map(Character.init) }

        let drawn = generator.randomString(length: 50, alphabet: alphabet)

        #expect(drawn.count == 50)
        #expect(drawn.allSatisfy { alphabet.contains($0) })
    }

    @Test func objectIdsDoNotRepeat() {
        let objectIds = (0..<10_000).map { _ in generator.objectId() }

        #expect(Set(objectIds).count == objectIds.count)
        #expect(objectIds.allSatisfy { $0.count == 16 })
    }
}
