import NCMBWire
import Testing

@Suite struct ResponseSignatureTests {
    @Test func signsAJSONBodyAfterTheRequestStringToSign() {
        let vector = RequestSignatureVector.named("R1")

        let signature = ResponseSignature.signature(
            stringToSign: vector.stringToSign, body: Array(#"{"results":[]}"#.utf8), isBinary: false,
            clientKey: vector.keys.clientKey)

        #expect(signature == "V0rhK6/gxVkdJNj/xSCr6g3EvpnkQCtzaQXVz9VMrEc=")
    }

    @Test func signsTheSignUpResponseOfTheJavaScriptFixture() {
        let vector = RequestSignatureVector.named("R17")
        let body =
            #"{"createDate":"2013-08-28T11:27:16.446Z","objectId":"epaKcaYZqsREdSMY","sessionToken":"iXDIelJRY3ULBdms281VTmc5O","userName":"Yamada Tarou","authData":null}"#

        let signature = ResponseSignature.signature(
            stringToSign: vector.stringToSign, body: Array(body.utf8), isBinary: false, clientKey: vector.keys.clientKey)

        #expect(signature == "c8mzeCvMdRDK5BgI9vC37d2CsngCYnse2Mxqnr/uF2I=")
    }

    @Test func signsAnEmptyBodyWithoutANewlineSoItEqualsTheRequestSignature() {
        let vector = RequestSignatureVector.named("R5")

        let signature = ResponseSignature.signature(
            stringToSign: vector.stringToSign, body: [], isBinary: false, clientKey: vector.keys.clientKey)

        #expect(signature == "TJVCEoV8Bgsqjrm0A8VBVeZTPZ2T1VTsM7ezgtrVu3I=")
        #expect(signature == vector.signature)
    }

    @Test func signsABinaryBodyAsLowercaseHex() {
        let vector = RequestSignatureVector.named("R29")

        let signature = ResponseSignature.signature(
            stringToSign: vector.stringToSign, body: [0x00, 0x01, 0xFE, 0xFF], isBinary: true, clientKey: vector.keys.clientKey)

        #expect(signature == "Zkayx2TmuQjqhkrQTTyVJfpb3MwBMYOMyBa1I/VAA0M=")
        #expect(ResponseSignature.message(stringToSign: "x", body: [0x00, 0x01, 0xFE, 0xFF], isBinary: true) == Array("x\n0001feff".utf8))
    }

    @Test func acceptsTheExpectedSignatureAndRejectsAnotherOne() {
        let vector = RequestSignatureVector.named("R1")
        let body = Array(#"{"results":[]}"#.utf8)

        let accepted = ResponseSignature.isValid(
            "V0rhK6/gxVkdJNj/xSCr6g3EvpnkQCtzaQXVz9VMrEc=", stringToSign: vector.stringToSign, body: body, isBinary: false,
            clientKey: vector.keys.clientKey)
        let rejected = ResponseSignature.isValid(
            "W0rhK6/gxVkdJNj/xSCr6g3EvpnkQCtzaQXVz9VMrEc=", stringToSign: vector.stringToSign, body: body, isBinary: false,
            clientKey: vector.keys.clientKey)

        #expect(accepted)
        #expect(!rejected)
    }
}
