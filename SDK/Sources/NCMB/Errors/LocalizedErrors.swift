public import Foundation

/// Messages for people: every error type of the SDK is a `LocalizedError`, so `error.localizedDescription` reads well
/// in an alert or a log (English; wrap them for other languages).

extension NCMBApiError: LocalizedError {
    /// The server's message with its code, e.g. `No data available. (E404001)`.
    public var errorDescription: String? {
        code.isEmpty ? message : "\(message) (\(code))"
    }
}

extension NCMBApiErrorCode: LocalizedError {
    /// Which error the server reported, e.g. `The server reported noDataAvailable.`
    public var errorDescription: String? {
        self == .genericError ? "The server reported an error the SDK does not know." : "The server reported \(self)."
    }
}

extension NCMBInvalidRequestError: LocalizedError {
    /// Why the SDK refused to send the request.
    public var errorDescription: String? {
        switch self {
        case .invalidDomainName: "The domain URL is not an http or https URL with a host."
        case .emptyApplicationKey: "No application key is set: call NCMB.initialize first."
        case .emptyClientKey: "No client key is set: call NCMB.initialize first."
        case .invalidBodyJsonValue: "A value cannot be sent as JSON (a number that is not finite, or a type the SDK does not know)."
        case .cantCalculateSignature: "The request could not be signed."
        case .emptyObjectId: "The object has no objectId: save it first."
        case .automaticUserNotAvailable: "No user is signed in and automatic users are disabled."
        case .invalidACL: "The ACL is missing or malformed."
        case .emptyUserNameAndMailAddress: "A login needs a user name or a mail address."
        case .invalidClassName: "The class name is not [A-Za-z][A-Za-z0-9_]{0,99}."
        case .invalidFieldName: "A field name is not [A-Za-z][A-Za-z0-9_]{0,99}."
        case .invalidLimit: "A query limit must be between 1 and 1000."
        case .invalidSkip: "A query skip must not be negative."
        }
    }
}

extension NCMBParseError: LocalizedError {
    /// What was wrong with the response.
    public var errorDescription: String? {
        switch self {
        case .unsupportJsonFormat: "The server's response is not the JSON the request expects."
        case .unsupportResponseHeader: "The server's response is not a usable HTTP response."
        }
    }
}

extension NCMBUserError: LocalizedError {
    /// Why the user operation failed.
    public var errorDescription: String? {
        switch self {
        case .automaticUserNotAvailable: "No user is signed in and automatic users are disabled."
        }
    }
}

extension NCMBRealtimeError: LocalizedError {
    /// Why the subscription stopped.
    public var errorDescription: String? {
        switch self {
        case .unsupportedScheme(let scheme): "This platform has no WebSocket client for \(scheme) URLs."
        case .tooManyUndeliveredEvents: "The app took realtime events more slowly than they arrived; the subscription ended."
        }
    }
}

extension NCMBBatchError: LocalizedError {
    /// How many objects the server refused, and the first refusal.
    public var errorDescription: String? {
        guard let first = failures.first else { return "A batch failed." }
        let others = failures.count - 1
        let more = others > 0 ? " and \(others) more" : ""
        return "The server refused object \(first.index)\(more): \(first.error.errorDescription ?? first.error.message)"
    }
}
