package import KumoStorage
import NCMBWire

extension KumoError {
    /// Translates a storage failure into the NCMB answer
    /// (docs/style.md#8-one-error-vocabulary-per-side-mapped-to-ncmb-codes;
    /// docs/decisions/0003-existence-is-not-leaked.md).
    package init(_ error: StorageError) {
        switch error {
        case .duplicate(let field): self.init(.duplication, field)
        case .notFound: self.init(.noDataAvailable)
        case .denied: self.init(.noAccessWithACL)
        case .invalid(let apiError): self.init(apiError)
        case .unavailable(let reason): self.init(.serviceUnavailable, underlying: reason)
        case .timeLimitExceeded: self.init(.passedLimit, underlying: "the read ran past its time limit")
        case .overloaded:
            self.init(.serviceUnavailable, underlying: "too many expensive reads waiting")
            retryAfterSeconds = 1
        }
    }

    /// Translates any error thrown below a controller: known kinds keep their code, the rest become E500001.
    package static func from(_ error: any Error) -> KumoError {
        switch error {
        case let error as KumoError: error
        case let error as APIError: KumoError(error)
        case let error as StorageError: KumoError(error)
        default: KumoError(.systemError, underlying: String(describing: error))
        }
    }
}
