/// Input the SDK rejects before it sends a request.
///
/// - Note: Kumo adds ``invalidClassName``, ``invalidFieldName``, ``invalidLimit`` and ``invalidSkip``, which ncmb_swift
///   left to the server. A `switch` over this type that lists every ncmb_swift case needs a `default:` or these cases.
public enum NCMBInvalidRequestError: Error {
    /// The domain URL given to ``NCMB/initialize(applicationKey:clientKey:domainURL:apiVersion:)`` is not an `http` or
    /// `https` URL with a host.
    case invalidDomainName
    /// No application key has been set.
    case emptyApplicationKey
    /// No client key has been set.
    case emptyClientKey
    /// A field value cannot be sent as JSON: a number that is not finite, or a value of a type the SDK does not know.
    case invalidBodyJsonValue
    /// The request could not be signed.
    case cantCalculateSignature
    /// The object has no `objectId` yet: it must be saved first (also for objects used as pointer targets).
    case emptyObjectId
    /// The automatic (anonymous) user is not available.
    case automaticUserNotAvailable
    /// The ACL is malformed.
    case invalidACL
    /// A login named neither a user name nor a mail address.
    ///
    /// - Note: Kept for source compatibility with ncmb_swift; Kumo's login methods take the user name or mail address
    ///   as a non-optional argument, so none of them throws it.
    case emptyUserNameAndMailAddress
    /// The class name is not `[A-Za-z][A-Za-z0-9_]{0,99}` (docs/wire/README.md,
    /// docs/decisions/0012-names-and-sizes.md).
    case invalidClassName
    /// A field name (of a value, a condition or a sort key) is not `[A-Za-z][A-Za-z0-9_]{0,99}`.
    case invalidFieldName
    /// A query `limit` is outside 1…1000.
    case invalidLimit
    /// A query `skip` is negative.
    case invalidSkip
}
