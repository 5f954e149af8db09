internal import NCMBWire

/// The NCMB error codes the server reports, one case per code (docs/wire/errors.md), plus ``genericError``.
///
/// - Note: Kumo adds ``methodNotAllowedUnsigned`` (`E405002`) and ``databaseError`` (`E502003`), which ncmb_swift maps
///   to ``genericError``.
public enum NCMBApiErrorCode: Error {
    /// `E100001`: the response signature does not match.
    case invalidResponseSignature
    /// `E400000`: Bad Request.
    case badRequest
    /// `E400001`: JSON is invalid format.
    case invalidJson
    /// `E400002`: a value or name is invalid.
    case invalidType
    /// `E400003`: a required value is empty.
    case required
    /// `E400004`: a value has an invalid format.
    case invalidFormat
    /// `E400005`: a value is not valid (for example a query `limit`).
    case invalidValue
    /// `E400006`: a value does not exist.
    case notExist
    /// `E400007`: an import line has an invalid format.
    case invalidFormatSpecificLine
    /// `E400008`: two values contradict each other.
    case correlationError
    /// `E400009`: a value has an invalid length.
    case invalidLength
    /// `E401000`: Unauthorized.
    case unauthorized
    /// `E401001`: bad signature, missing headers, or an invalid or expired session token.
    case authenticationErrorByHeaderIncorrect
    /// `E401002`: wrong user name, mail address or password.
    case authenticationErrorWithIdPassIncorrect
    /// `E401003`: an SNS authentication failed.
    case oAuthAuthenticationError
    /// `E401004`: No settlement for a free plan.
    case noSettlementForAFreePlan
    /// `E403000`: Forbidden.
    case forbidden
    /// `E403001`: the ACL does not allow the operation.
    case noAccessWithACL
    /// `E403002`: Unauthorized operations.
    case unauthorizedOperations
    /// `E403003`: the operation is prohibited (for example a standard class name under `/classes`).
    case operationThatAreProhibited
    /// `E403004`: a one-time token expired.
    case oneTimeTokenExpired
    /// `E403005`: a value must not be entered.
    case settingDisable
    /// `E403006`: an invalid GeoPoint value or geo query.
    case invalidGeoPointValue
    /// `E404001`: no such object, or one the caller may not read.
    case noDataAvailable
    /// `E404002`: the service is not available.
    case noneService
    /// `E404003`: None field.
    case noneField
    /// `E404004`: None device token.
    case noneDeviceToken
    /// `E404005`: unknown application key.
    case noSuchApplication
    /// `E404006`: No such user.
    case noSuchUser
    /// `E405001`: the method is not allowed on the path.
    case methodNotAllowed
    /// `E405002`: the method is not allowed (unsigned response).
    case methodNotAllowedUnsigned
    /// `E409001`: a unique value is already taken.
    case duplication
    /// `E413001`: the file is too large.
    case fileSizeLimitError
    /// `E413002`: the request body is too large.
    case requestEntityTooLarge
    /// `E413003`: too many requests in one batch.
    case requestsThreadLimitError
    /// `E414000`: the request URI is too long.
    case requestUriTooLarge
    /// `E415001`: the content type is not supported.
    case unsupportedMediaType
    /// `E429001`: a usage limit was passed.
    case passedLimit
    /// `E429002`: too many concurrent requests.
    case tooManyRequests
    /// `E500001`: System error.
    case systemError
    /// `E502001`: Storage error.
    case storageError
    /// `E502002`: Mail failure.
    case mailFailure
    /// `E502003`: Database error.
    case databaseError
    /// `E503001`: Service unavailable.
    case serviceUnavailable
    /// Any code this SDK does not know, or an error response without a code.
    case genericError
}

extension NCMBApiErrorCode {
    /// The case for a wire code such as `E404001`; ``genericError`` for an unknown code.
    package init(code: String) {
        guard let wireCode = APIErrorCode(rawValue: code) else {
            self = .genericError
            return
        }
        self.init(wireCode)
    }

    /// The case for a wire module code; every wire code has one, so a new wire code stops this from compiling.
    init(_ code: APIErrorCode) {
        switch code {
        case .invalidResponseSignature: self = .invalidResponseSignature
        case .badRequest: self = .badRequest
        case .invalidJson: self = .invalidJson
        case .invalidType: self = .invalidType
        case .required: self = .required
        case .invalidFormat: self = .invalidFormat
        case .invalidValue: self = .invalidValue
        case .notExist: self = .notExist
        case .invalidFormatSpecificLine: self = .invalidFormatSpecificLine
        case .correlationError: self = .correlationError
        case .invalidLength: self = .invalidLength
        case .unauthorized: self = .unauthorized
        case .authenticationErrorByHeaderIncorrect: self = .authenticationErrorByHeaderIncorrect
        case .authenticationErrorWithIdPassIncorrect: self = .authenticationErrorWithIdPassIncorrect
        case .oAuthAuthenticationError: self = .oAuthAuthenticationError
        case .noSettlementForAFreePlan: self = .noSettlementForAFreePlan
        case .forbidden: self = .forbidden
        case .noAccessWithACL: self = .noAccessWithACL
        case .unauthorizedOperations: self = .unauthorizedOperations
        case .operationThatAreProhibited: self = .operationThatAreProhibited
        case .oneTimeTokenExpired: self = .oneTimeTokenExpired
        case .settingDisable: self = .settingDisable
        case .invalidGeoPointValue: self = .invalidGeoPointValue
        case .noDataAvailable: self = .noDataAvailable
        case .noneService: self = .noneService
        case .noneField: self = .noneField
        case .noneDeviceToken: self = .noneDeviceToken
        case .noSuchApplication: self = .noSuchApplication
        case .noSuchUser: self = .noSuchUser
        case .methodNotAllowed: self = .methodNotAllowed
        case .methodNotAllowedUnsigned: self = .methodNotAllowedUnsigned
        case .duplication: self = .duplication
        case .fileSizeLimitError: self = .fileSizeLimitError
        case .requestEntityTooLarge: self = .requestEntityTooLarge
        case .requestsThreadLimitError: self = .requestsThreadLimitError
        case .requestUriTooLarge: self = .requestUriTooLarge
        case .unsupportedMediaType: self = .unsupportedMediaType
        case .passedLimit: self = .passedLimit
        case .tooManyRequests: self = .tooManyRequests
        case .systemError: self = .systemError
        case .storageError: self = .storageError
        case .mailFailure: self = .mailFailure
        case .databaseError: self = .databaseError
        case .serviceUnavailable: self = .serviceUnavailable
        }
    }
}
