/// A response the SDK could not read.
public enum NCMBParseError: Error {
    /// The body is not the JSON the endpoint returns (not JSON, not an object, or missing a required key).
    case unsupportJsonFormat
    /// The response has no usable HTTP status line or headers.
    case unsupportResponseHeader
}
