import NCMBWire
import Testing

@Suite struct APIErrorCodeTests {
    @Test(arguments: APIErrorCode.allCases.filter { $0 != .invalidResponseSignature })
    func takesTheStatusFromDigitsTwoToFourOfTheCode(code: APIErrorCode) {
        #expect(String(code.status) == String(code.code.dropFirst().prefix(3)))
    }

    @Test func givesNoStatusToTheClientSideSignatureError() {
        #expect(APIErrorCode.invalidResponseSignature.status == 0)
    }

    @Test(arguments: [
        (APIErrorCode.noDataAvailable, 404), (.invalidJson, 400), (.noAccessWithACL, 403), (.invalidGeoPointValue, 403),
        (.duplication, 409), (.systemError, 500), (.serviceUnavailable, 503), (.unauthorized, 401),
    ])
    func mapsWellKnownCodesToTheirStatus(code: APIErrorCode, status: Int) {
        #expect(code.status == status)
    }

    @Test(arguments: [
        (APIError(.invalidType, "where"), "E400002", "where is invalid."),
        (APIError(.invalidValue, "limit"), "E400005", "limit is not a valid value."),
        (APIError(.required, "password"), "E400003", "password is empty."),
        (APIError(.invalidFormat, "when"), "E400004", "when is invalid format."),
        (APIError(.invalidJson), "E400001", "JSON is invalid format."),
        (APIError(.correlationError, "deliveryTime", "immediateDeliveryFlag"), "E400008", "Either deliveryTime or immediateDeliveryFlag."),
        (APIError(.invalidLength, "name", "1", "10"), "E400009", "name size must be between 1 and 10."),
        (APIError(.invalidFormatSpecificLine, "file", "3"), "E400007", "file is invalid format[lineNo:3]."),
        (APIError(.oAuthAuthenticationError, "twitter"), "E401003", "OAuth twitter authentication error."),
        (APIError(.duplication, "userName"), "E409001", "userName is duplication."),
        (APIError(.settingDisable, "apple"), "E403005", "apple must not be entered."),
        (APIError(.noDataAvailable), "E404001", "No data available."),
        (APIError(.invalidGeoPointValue), "E403006", "Invalid GeoPoint value."),
        (APIError(.operationThatAreProhibited), "E403003", "Operation that are prohibited."),
    ])
    func rendersTheWireBody(error: APIError, code: String, message: String) {
        #expect(error.body == ErrorBody(code: code, error: message))
    }

    @Test func writesXXXForAMissingArgument() {
        #expect(APIError(.invalidType).message == "XXX is invalid.")
        #expect(APIError(.correlationError, "a").message == "Either a or XXX.")
    }

    @Test func doesNotExpandBracesInsideArguments() {
        #expect(APIError(.invalidType, "{x}").message == "{x} is invalid.")
    }

    @Test func printsTheBodyWithCodeFirst() {
        #expect(APIError(.noDataAvailable).body.json.serializedString() == #"{"code":"E404001","error":"No data available."}"#)
    }

    @Test func readsABodyBackFromJSON() {
        let json: JSONValue = ["code": "E404001", "error": "No data available."]

        #expect(ErrorBody(json: json) == ErrorBody(code: "E404001", error: "No data available."))
        #expect(ErrorBody(json: ["code": 1]) == nil)
    }

    @Test(arguments: [APIErrorCode.noneService, .noSuchApplication, .methodNotAllowedUnsigned, .unsupportedMediaType])
    func leavesTheFourExemptCodesUnsigned(code: APIErrorCode) {
        #expect(!code.isResponseSigned)
    }

    @Test func signsEveryCodeButTheFourExemptOnes() {
        let exempt: Set<APIErrorCode> = [.noneService, .noSuchApplication, .methodNotAllowedUnsigned, .unsupportedMediaType]

        let unsigned = APIErrorCode.allCases.filter { !$0.isResponseSigned }

        #expect(Set(unsigned) == exempt)
    }

    @Test func hasUniqueWireCodes() {
        #expect(Set(APIErrorCode.allCases.map(\.code)).count == APIErrorCode.allCases.count)
    }
}
