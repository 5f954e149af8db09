/// Every NCMB error code (docs/wire/errors.md), named as ncmb_swift's `NCMBApiErrorCode` names them.
///
/// The raw value is the wire code; the HTTP status is digits 2–4 of it.
package enum APIErrorCode: String, Sendable, CaseIterable, Hashable {
    case invalidResponseSignature = "E100001"
    case badRequest = "E400000"
    case invalidJson = "E400001"
    case invalidType = "E400002"
    case required = "E400003"
    case invalidFormat = "E400004"
    case invalidValue = "E400005"
    case notExist = "E400006"
    case invalidFormatSpecificLine = "E400007"
    case correlationError = "E400008"
    case invalidLength = "E400009"
    case unauthorized = "E401000"
    case authenticationErrorByHeaderIncorrect = "E401001"
    case authenticationErrorWithIdPassIncorrect = "E401002"
    case oAuthAuthenticationError = "E401003"
    case noSettlementForAFreePlan = "E401004"
    case forbidden = "E403000"
    case noAccessWithACL = "E403001"
    case unauthorizedOperations = "E403002"
    case operationThatAreProhibited = "E403003"
    case oneTimeTokenExpired = "E403004"
    case settingDisable = "E403005"
    case invalidGeoPointValue = "E403006"
    case noDataAvailable = "E404001"
    case noneService = "E404002"
    case noneField = "E404003"
    case noneDeviceToken = "E404004"
    case noSuchApplication = "E404005"
    case noSuchUser = "E404006"
    case methodNotAllowed = "E405001"
    case methodNotAllowedUnsigned = "E405002"
    case duplication = "E409001"
    case fileSizeLimitError = "E413001"
    case requestEntityTooLarge = "E413002"
    case requestsThreadLimitError = "E413003"
    case requestUriTooLarge = "E414000"
    case unsupportedMediaType = "E415001"
    case passedLimit = "E429001"
    case tooManyRequests = "E429002"
    case systemError = "E500001"
    case storageError = "E502001"
    case mailFailure = "E502002"
    case databaseError = "E502003"
    case serviceUnavailable = "E503001"

    /// The wire code, e.g. `E404001`.
    package var code: String { rawValue }

    /// The HTTP status: digits 2–4 of the code (`E404001` → 404). `E100001` is client-side only and maps to 0.
    package var status: Int {
        let digits = rawValue.dropFirst().prefix(3)
        guard let status = Int(digits), status >= 200 else { return 0 }
        return status
    }

    /// Whether responses with this code carry `X-NCMB-Response-Signature` (docs/wire/signature.md#response-signature,
    /// docs/decisions/0007-response-signature-everywhere.md).
    package var isResponseSigned: Bool {
        switch self {
        case .noneService, .noSuchApplication, .methodNotAllowedUnsigned, .unsupportedMediaType: false
        default: true
        }
    }

    /// The message template with `{0}` and `{1}` placeholders (docs/wire/errors.md).
    package var messageTemplate: String {
        switch self {
        case .invalidResponseSignature: "Authentication error by response signature incorrect."
        case .badRequest: "Bad Request."
        case .invalidJson: "JSON is invalid format."
        case .invalidType: "{0} is invalid."
        case .required: "{0} is empty."
        case .invalidFormat: "{0} is invalid format."
        case .invalidValue: "{0} is not a valid value."
        case .notExist: "{0} does not exist."
        case .invalidFormatSpecificLine: "{0} is invalid format[lineNo:{1}]."
        case .correlationError: "Either {0} or {1}."
        case .invalidLength: "{0} size must be between {1} and {2}."
        case .unauthorized: "Unauthorized."
        case .authenticationErrorByHeaderIncorrect: "Authentication error by header incorrect."
        case .authenticationErrorWithIdPassIncorrect: "Authentication error with ID/PASS incorrect."
        case .oAuthAuthenticationError: "OAuth {0} authentication error."
        case .noSettlementForAFreePlan: "No settlement for a free plan."
        case .forbidden: "Forbidden."
        case .noAccessWithACL: "No access with ACL."
        case .unauthorizedOperations: "Unauthorized operations."
        case .operationThatAreProhibited: "Operation that are prohibited."
        case .oneTimeTokenExpired: "One time token expired."
        case .settingDisable: "{0} must not be entered."
        case .invalidGeoPointValue: "Invalid GeoPoint value."
        case .noDataAvailable: "No data available."
        case .noneService: "None service."
        case .noneField: "None field."
        case .noneDeviceToken: "None device token."
        case .noSuchApplication: "No such application."
        case .noSuchUser: "No such user."
        case .methodNotAllowed: "Method not allowed."
        case .methodNotAllowedUnsigned: "Method not allowed."
        case .duplication: "{0} is duplication."
        case .fileSizeLimitError: "File size Limit error."
        case .requestEntityTooLarge: "Request entity too large."
        case .requestsThreadLimitError: "Requests thread limit error."
        case .requestUriTooLarge: "Request URI too large."
        case .unsupportedMediaType: "Unsupported media type."
        case .passedLimit: "Passed limit."
        case .tooManyRequests: "Too many requests."
        case .systemError: "System error."
        case .storageError: "Storage error."
        case .mailFailure: "Mail failure."
        case .databaseError: "Database error."
        case .serviceUnavailable: "Service unavailable."
        }
    }

    /// The message with `{n}` replaced by `arguments[n]`; a missing argument is written as `XXX`, as NCMB's fixtures do.
    package func message(_ arguments: [String] = []) -> String {
        var result = ""
        var characters = messageTemplate[...]
        while let open = characters.firstIndex(of: "{") {
            result += characters[..<open]
            let afterOpen = characters.index(after: open)
            guard afterOpen < characters.endIndex, let digit = characters[afterOpen].wholeNumberValue,
                case let close = characters.index(after: afterOpen), close < characters.endIndex, characters[close] == "}"
            else {
                result.append("{")
                characters = characters[afterOpen...]
                continue
            }
            result += digit < arguments.count ? arguments[digit] : "XXX"
            characters = characters[characters.index(after: close)...]
        }
        result += characters
        return result
    }
}
