import KumoMemberwise
package import NCMBWire

/// How large a stored object may be (docs/decisions/0112-linear-writes-planned-outside-the-writer.md): at most
/// ``maximumFields`` fields and ``maximumEncodedBytes`` bytes of stored JSON. Every create, update, batch and import is
/// checked against them before anything is written; a write past either answers 413 E413002 `Request entity too large.`,
/// NCMB's code for a document over its size limit.
///
/// NCMB published a 16 MB document limit and no field limit; Kumo keeps the document limit for what an object becomes
/// after updates too (a body is limited on its own), and bounds the fields so that no per-field work (the location
/// field rule, a dashboard listing the class's columns) can grow without bound.
@PackageMemberwiseInit
package struct ObjectLimits: Sendable, Hashable {
    /// The most fields (system fields not counted) an object may hold.
    package var maximumFields: Int
    /// The most bytes the object's fields may take as stored JSON.
    package var maximumEncodedBytes: Int

    /// 10,000 fields and 16 MiB: what `kumo serve` uses unless configured otherwise.
    package static let standard = ObjectLimits(maximumFields: 10_000, maximumEncodedBytes: 16 * 1024 * 1024)

    /// The refusal of an object past a limit: 413 E413002.
    package static var refusal: StorageError { .invalid(APIError(.requestEntityTooLarge)) }

    /// Checks a field count.
    ///
    /// - Throws: ``refusal`` past ``maximumFields``.
    package func check(fieldCount: Int) throws(StorageError) {
        guard fieldCount <= maximumFields else { throw ObjectLimits.refusal }
    }

    /// Checks the size of stored fields.
    ///
    /// - Throws: ``refusal`` past ``maximumEncodedBytes``.
    package func check(encodedBytes: Int) throws(StorageError) {
        guard encodedBytes <= maximumEncodedBytes else { throw ObjectLimits.refusal }
    }

    /// Checks, before any stored value is read, that the operations of one write name no more distinct fields than an
    /// object may hold (system fields not counted): such a write can only end past the limit.
    ///
    /// - Throws: ``refusal`` when they do.
    package func check(operations: [(FieldName, FieldOperation)]) throws(StorageError) {
        guard operations.count > maximumFields else { return }
        var fields: Set<String> = []
        for (field, _) in operations where !field.isSystemField {
            fields.insert(field.rawValue)
            if fields.count > maximumFields { throw ObjectLimits.refusal }
        }
    }
}
