package import NCMBWire

/// What storage reports; the server maps it to NCMB codes in one place.
package enum StorageError: Error, Sendable {
    /// A unique value is taken (→ 409 E409001 `"<field> is duplication."`).
    case duplicate(field: String)
    /// The object does not exist or the caller may not read it (→ 404 E404001).
    case notFound
    /// The caller may read the object but not write it (→ 403 E403001).
    case denied
    /// The request does not fit the stored data, e.g. Increment on a string (→ the carried NCMB error).
    case invalid(APIError)
    /// The engine cannot serve now: closed, disk full, connection lost (→ 503 E503001 / 500 E500001).
    case unavailable(String)
    /// The read ran past its time limit and was stopped (→ 429 E429001, docs/decisions/0067-work-budget.md). Trying the
    /// same read again would fail the same way.
    case timeLimitExceeded
    /// Too many expensive reads are waiting already (→ 503 E503001 with `Retry-After`,
    /// docs/decisions/0067-work-budget.md).
    case overloaded
}
