import NCMB
import NCMBWire
import Testing

@Suite struct NCMBApiErrorCodeTests {
    // MARK: Tests

    @Test func everyWireCodeHasItsOwnCase() {
        let cases = APIErrorCode.allCases.map { NCMBApiErrorCode(code: $0.code) }

        #expect(!cases.contains(.genericError))
        #expect(Set(cases.map { "\($0)" }).count == APIErrorCode.allCases.count)
    }

    @Test(arguments: [
        ("E400002", NCMBApiErrorCode.invalidType), ("E401001", .authenticationErrorByHeaderIncorrect),
        ("E403001", .noAccessWithACL), ("E404001", .noDataAvailable), ("E404005", .noSuchApplication),
        ("E405002", .methodNotAllowedUnsigned), ("E409001", .duplication), ("E502003", .databaseError),
    ])
    func wireCodesMapToTheNCMBSwiftCaseNames(code: String, expected: NCMBApiErrorCode) {
        #expect(NCMBApiErrorCode(code: code) == expected)
    }

    @Test(arguments: ["", "E999999", "e404001", "404"])
    func unknownCodesAreGenericErrors(code: String) {
        #expect(NCMBApiErrorCode(code: code) == .genericError)
    }

    @Test func anErrorWithoutACodeDescribesItselfByItsMessage() {
        let error = NCMBApiError(code: "", message: "HTTP status 502 without an NCMB error body.")

        #expect(error.description == "HTTP status 502 without an NCMB error body.")
    }
}
