import KumoMemberwise
package import NCMBWire

/// One object as an import writes it: objectId, dates and ACL kept, fields stored as given (already validated and
/// normalised by the caller; relation fields hold their marker, members come with ``BulkRelation``).
package struct BulkObject: Sendable, Hashable {
    /// The class.
    package var className: ClassName
    /// The objectId to keep.
    package var objectId: String
    /// The creation date to keep.
    package var createDate: WireDate
    /// The last change to keep.
    package var updateDate: WireDate
    /// The ACL to keep.
    package var acl: AccessControlList
    /// The fields, system fields excluded.
    package var fields: JSONObject
    /// For a user: the bcrypt hash of its password carried by a `kumo export --include-secrets`, stored with the row
    /// (replacing the stored one when the object replaces a stored user); `nil` leaves the password as it is.
    package var passwordHash: String?

    /// Creates an object.
    package init(className: ClassName, objectId: String, createDate: WireDate, updateDate: WireDate, acl: AccessControlList, fields: JSONObject) {
        self.className = className
        self.objectId = objectId
        self.createDate = createDate
        self.updateDate = updateDate
        self.acl = acl
        self.fields = fields
    }
}

/// What a bulk write does with an objectId the class already holds.
package enum BulkConflictMode: String, Sendable, Hashable, CaseIterable {
    /// Keep the stored object; the imported one is skipped (re-running an import continues where it stopped).
    case skip
    /// Overwrite the stored object's fields, dates and ACL (an upsert); its relation members and password stay.
    case replace
    /// Stop: the whole write fails (``BulkWriteError/conflict(index:)``).
    case fail
}

/// What became of one object of a bulk write.
package enum BulkOutcome: Sendable, Hashable {
    /// Written as a new object.
    case inserted
    /// Written over the stored object of the same objectId.
    case replaced
    /// Not written: the class already holds the objectId (``BulkConflictMode/skip``).
    case skipped
    /// Not written, with the NCMB error a REST write of it would have met (a duplicate unique value, a GeoPoint field).
    case failed(APIError)
}

/// Why a whole bulk write failed.
package enum BulkWriteError: Error, Sendable, Hashable {
    /// The object at `index` has an objectId its class already holds, in ``BulkConflictMode/fail`` mode.
    case conflict(index: Int)
}

/// Members to add to one relation field of one object.
@PackageMemberwiseInit
package struct BulkRelation: Sendable, Hashable {
    /// The owner's class.
    package var className: ClassName
    /// The owner's objectId.
    package var objectId: String
    /// The relation field (`belongUser` and `belongRole` for roles).
    package var field: FieldName
    /// The members' class.
    package var targetClassName: ClassName
    /// The members' objectIds.
    package var targetObjectIds: [String]
}

/// One stored relation row, as an export reads it.
package struct RelationMember: Sendable, Hashable {
    /// The owner's objectId.
    package var objectId: String
    /// The relation field.
    package var field: String
    /// The member's class.
    package var targetClassName: String
    /// The member's objectId.
    package var targetObjectId: String
}

/// An error a write unit's own code threw (not the engine's), carried through an engine's error mapping unchanged: the
/// unit is rolled back and the engine rethrows `underlying` (a transactional batch's NCMB error, a bulk write's
/// conflict or dry run).
package struct UnitFailure: Error {
    /// What the unit threw.
    package let underlying: any Error

    /// Carries `underlying`.
    package init(_ underlying: any Error) {
        self.underlying = underlying
    }
}
