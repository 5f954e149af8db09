import NCMBWire

extension KumoError {
    /// The NCMB error body `{"code","error"}` with the code's HTTP status (docs/wire/conventions.md,
    /// docs/wire/errors.md); also what the connection handlers of `KumoTransport` answer framing errors with.
    package var responseBody: [UInt8] { ErrorBody(code: code.code, error: message).json.serializedBytes() }
}
