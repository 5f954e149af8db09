import NCMBWire
import Testing

@Suite struct NCMBHeaderNameTests {
    @Test func spellsEveryHeaderAsTheWireSpecDoes() {
        let names = [
            NCMBHeaderName.applicationKey, NCMBHeaderName.signature, NCMBHeaderName.timestamp, NCMBHeaderName.sessionToken,
            NCMBHeaderName.sdkVersion, NCMBHeaderName.osVersion, NCMBHeaderName.responseSignature,
        ]

        #expect(
            names == [
                "X-NCMB-Application-Key", "X-NCMB-Signature", "X-NCMB-Timestamp", "X-NCMB-Apps-Session-Token",
                "X-NCMB-SDK-Version", "X-NCMB-OS-Version", "X-NCMB-Response-Signature",
            ])
    }
}
