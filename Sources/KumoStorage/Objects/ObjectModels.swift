import KumoMemberwise
package import NCMBWire

/// Addresses one object: application, class and objectId.
@PackageMemberwiseInit
package struct ObjectKey: Sendable, Hashable {
    /// The owning application.
    package var applicationId: String
    /// The class.
    package var className: ClassName
    /// The object.
    package var objectId: String
}

/// An object to insert, with server-owned fields already chosen by the caller.
@PackageMemberwiseInit
package struct NewObject: Sendable, Hashable {
    /// Where it goes and its new objectId.
    package var key: ObjectKey
    /// Creation time; also the first `updateDate`.
    package var createDate: WireDate
    /// The operations of the body, in body order; applied to an empty object (docs/wire/endpoints/objects.md).
    package var operations: [(FieldName, FieldOperation)]
    /// The ACL to store.
    package var acl: AccessControlList
    /// What a user or a push writes beside its fields in the same transaction; ``NewObjectExtras/none`` for any other
    /// class, and ignored on one (docs/decisions/0153-typed-write-extras.md).
    package var extras: NewObjectExtras = .none

    /// For a user: the bcrypt hash of the password, stored beside the object and never in its fields.
    package var passwordHash: String? {
        guard key.className == .user, case .user(let passwordHash, _) = extras else { return nil }
        return passwordHash
    }

    /// For a user: a session to open in the same transaction (sign-up answers with its token).
    package var session: SessionGrant? {
        guard key.className == .user, case .user(_, let session) = extras else { return nil }
        return session
    }

    /// For a push: when its delivery job becomes due; the job is created in the same transaction (`PushJobStore`).
    package var pushDueAt: WireDate? {
        guard key.className == .push, case .push(let dueAt) = extras else { return nil }
        return dueAt
    }

    package static func == (lhs: NewObject, rhs: NewObject) -> Bool {
        lhs.key == rhs.key && lhs.createDate == rhs.createDate && lhs.acl == rhs.acl && lhs.extras == rhs.extras
            && sameOperations(lhs.operations, rhs.operations)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A change to an existing object.
@PackageMemberwiseInit
package struct ObjectUpdate: Sendable, Hashable {
    /// The object.
    package var key: ObjectKey
    /// The new `updateDate`.
    package var updateDate: WireDate
    /// The operations of the body, in body order.
    package var operations: [(FieldName, FieldOperation)]
    /// A replacement ACL, when the body has `acl`.
    package var acl: AccessControlList?
    /// What a user or a push changes beside its fields in the same transaction; ``ObjectUpdateExtras/none`` for any
    /// other class, and ignored on one (docs/decisions/0153-typed-write-extras.md).
    package var extras: ObjectUpdateExtras = .none

    /// For a user: a new password hash (PUT with `password`, password reset); `nil` keeps the stored one.
    package var passwordHash: String? {
        guard key.className == .user, case .user(let passwordHash) = extras else { return nil }
        return passwordHash
    }

    /// For a push: the new due time of its delivery job, when it has one that has not been attempted yet.
    package var pushDueAt: WireDate? {
        guard key.className == .push, case .push(let dueAt) = extras else { return nil }
        return dueAt
    }

    package static func == (lhs: ObjectUpdate, rhs: ObjectUpdate) -> Bool {
        lhs.key == rhs.key && lhs.updateDate == rhs.updateDate && lhs.acl == rhs.acl && lhs.extras == rhs.extras
            && sameOperations(lhs.operations, rhs.operations)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// Whether two bodies' operations are the same, in the same order (tuples are not `Equatable`).
private func sameOperations(_ lhs: [(FieldName, FieldOperation)], _ rhs: [(FieldName, FieldOperation)]) -> Bool {
    lhs.elementsEqual(rhs) { $0.0 == $1.0 && $0.1 == $1.1 }
}

/// An object as stored, ready to render.
@PackageMemberwiseInit
package struct StoredObject: Sendable, Hashable {
    /// The objectId.
    package var objectId: String
    /// When it was created.
    package var createDate: WireDate
    /// When it was last changed.
    package var updateDate: WireDate
    /// Its ACL.
    package var acl: AccessControlList
    /// The user fields, possibly still in their stored encoding until first read (``StoredFields``).
    package var storedFields: StoredFields

    /// The user fields in stored order; relation fields show as Relation markers, included pointers as objects.
    package var fields: JSONObject {
        get { storedFields.object }
        set { storedFields = StoredFields(newValue) }
    }

    /// Creates a stored object.
    package init(objectId: String, createDate: WireDate, updateDate: WireDate, acl: AccessControlList, fields: JSONObject) {
        self.init(objectId: objectId, createDate: createDate, updateDate: updateDate, acl: acl, storedFields: StoredFields(fields))
    }

    package static func == (lhs: StoredObject, rhs: StoredObject) -> Bool {
        lhs.objectId == rhs.objectId && lhs.createDate == rhs.createDate && lhs.updateDate == rhs.updateDate && lhs.acl == rhs.acl
            && lhs.fields == rhs.fields
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(objectId)
        hasher.combine(updateDate)
    }

    /// The wire form: `objectId`, `createDate`, `updateDate`, `acl`, then the fields (fixtures F02, F18).
    package var json: JSONObject {
        var object = JSONObject()
        let fields = fields
        object.reserveCapacity(4 + fields.count)
        object["objectId"] = .string(objectId)
        object["createDate"] = .string(createDate.formatted)
        object["updateDate"] = .string(updateDate.formatted)
        object["acl"] = acl.json
        for (key, value) in fields where !FieldName.systemFields.contains(key) { object[key] = value }
        return object
    }
}

/// A query over one class.
@PackageMemberwiseInit
package struct FindRequest: Sendable, Hashable {
    /// The owning application.
    package var applicationId: String
    /// The class.
    package var className: ClassName
    /// The query parameters, already validated.
    package var parameters: QueryParameters
}

/// The answer to a `FindRequest`.
@PackageMemberwiseInit
package struct FoundObjects: Sendable, Hashable {
    /// The page of readable objects.
    package var objects: [StoredObject]
    /// The count of all readable matches, when `count=1` was asked.
    package var count: Int?
}
