import KumoStorage
import NCMBWire

/// One object of an export, checked and ready to write: the object with its objectId, dates, ACL and fields kept, and
/// the relation members it lists (added in the second pass, once every object exists).
struct ExportRecord: Sendable {
    /// The object to write.
    var object: BulkObject
    /// Relation members the record lists (a Relation marker with `objects`, or an `AddRelation` operator).
    var relations: [BulkRelation]
    /// For a user: whether the export held a (NCMB-encrypted, unusable) password.
    var hadPassword: Bool
    /// For a user: the mail address, which a password reset can go to.
    var mailAddress: String?
}

/// Why an object of an export cannot be imported; the import reports it and goes on with the next object.
struct ExportRecordFailure: Error, Sendable, Hashable {
    /// The objectId, when the object has a readable one.
    var objectId: String?
    /// What is wrong, e.g. `"acl is invalid."`.
    var reason: String
}

/// Turns the JSON objects of one class's export file into ``ExportRecord``s (docs/migrating-from-ncmb.md, "What an
/// export may contain").
///
/// Rules: `objectId`, `createDate`, `updateDate` and `acl` are kept (a missing objectId gets a new one, missing dates
/// the import's time, a missing ACL the application's default, or for users public read and the user's own write);
/// every other key is a field, validated and normalised as a REST body would be. A Relation marker declares a relation
/// and may list its members in `objects`; `{"__op":"AddRelation","objects":[…]}` does the same. Users lose `password`
/// (NCMB exported it encrypted: unusable) and `sessionToken`; `authData` stays.
struct ExportRecordMapper: Sendable {
    /// The class of the file.
    let className: ClassName
    /// The ACL of an object that has none (not users).
    let defaultACL: AccessControlList
    /// The date of an object that has none.
    let now: WireDate
    /// Makes an objectId for an object without one.
    let newObjectId: @Sendable () -> String

    /// The record of one element.
    func record(_ element: JSONValue) throws(ExportRecordFailure) -> ExportRecord {
        guard case .object(let source) = element else { throw ExportRecordFailure(objectId: nil, reason: "not a JSON object") }
        let objectId = try Self.objectId(source["objectId"]) ?? newObjectId()
        func failure(_ reason: String) -> ExportRecordFailure { ExportRecordFailure(objectId: objectId, reason: reason) }
        guard let createDate = Self.date(source["createDate"], default: now) else { throw failure("createDate is invalid format.") }
        guard let updateDate = Self.date(source["updateDate"], default: createDate) else {
            throw failure("updateDate is invalid format.")
        }
        let acl: AccessControlList
        do throws(APIError) {
            acl = try source["acl"].map(AccessControlList.init(parsing:)) ?? defaultACL(objectId: objectId)
        } catch {
            throw failure(error.message)
        }
        var fields = JSONObject()
        fields.reserveCapacity(source.count)
        var relations: [BulkRelation] = []
        var hadPassword = false
        for (key, value) in source where !FieldName.systemFields.contains(key) {
            if className == .user, key == StandardField.User.password.rawValue || key == StandardField.User.sessionToken.rawValue {
                hadPassword = hadPassword || key == StandardField.User.password.rawValue
                continue
            }
            let field: FieldName
            do throws(APIError) {
                field = try FieldName(validating: key)
            } catch {
                throw failure(error.message)
            }
            let (stored, members) = try fieldValue(value, field: field, objectId: objectId)
            fields[key] = stored
            if let members, !members.targetObjectIds.isEmpty { relations.append(members) }
        }
        try checkStandardFields(fields, objectId: objectId)
        let mailAddress = className == .user ? fields[StandardField.User.mailAddress.rawValue]?.stringValue : nil
        return ExportRecord(
            object: BulkObject(
                className: className, objectId: objectId, createDate: createDate, updateDate: updateDate, acl: acl, fields: fields),
            relations: relations, hadPassword: hadPassword, mailAddress: mailAddress)
    }

    /// The stored value of one field and the relation members it lists.
    private func fieldValue(
        _ value: JSONValue, field: FieldName, objectId: String
    ) throws(ExportRecordFailure) -> (JSONValue, BulkRelation?) {
        let invalid = ExportRecordFailure(objectId: objectId, reason: APIError(.invalidType, field).message)
        if case .object(let object) = value {
            if object["__type"] == "Relation" {
                guard let name = object["className"]?.stringValue, let target = ClassName(name) else { throw invalid }
                let pointers = try members(object["objects"], of: target, invalid: invalid)
                try checkRelationTarget(field: field, target: target, invalid: invalid)
                return (Relation(className: target).json, relation(field: field, objectId: objectId, target: target, pointers))
            }
            if object["__op"] == "AddRelation" {
                let pointers = try members(object["objects"], of: nil, invalid: invalid)
                guard let target = pointers.first?.className else { throw invalid }
                try checkRelationTarget(field: field, target: target, invalid: invalid)
                return (Relation(className: target).json, relation(field: field, objectId: objectId, target: target, pointers))
            }
        }
        let operation: FieldOperation
        do throws(APIError) {
            operation = try FieldOperation(parsing: value, field: field)
        } catch {
            throw ExportRecordFailure(objectId: objectId, reason: error.message)
        }
        switch operation {
        case .set(let stored): return (stored, nil)
        case .delete: return (.null, nil)
        default: throw ExportRecordFailure(objectId: objectId, reason: "\(field.rawValue) holds an operator, not a value.")
        }
    }

    /// The Pointers of a relation's member list (absent: none), all of `target`'s class when given, else of one class.
    private func members(_ value: JSONValue?, of target: ClassName?, invalid: ExportRecordFailure) throws(ExportRecordFailure) -> [Pointer] {
        guard let value, !value.isNull else { return [] }
        guard let elements = value.arrayValue else { throw invalid }
        var pointers: [Pointer] = []
        pointers.reserveCapacity(elements.count)
        for element in elements {
            guard let pointer = Pointer(json: element), pointer.className == (target ?? pointers.first?.className ?? pointer.className)
            else { throw invalid }
            pointers.append(pointer)
        }
        return pointers
    }

    private func relation(field: FieldName, objectId: String, target: ClassName, _ pointers: [Pointer]) -> BulkRelation? {
        guard !pointers.isEmpty else { return nil }
        var seen = Set<String>()
        let ids = pointers.map(\.objectId).filter { seen.insert($0).inserted }
        return BulkRelation(className: className, objectId: objectId, field: field, targetClassName: target, targetObjectIds: ids)
    }

    /// A role's `belongUser` relates users and its `belongRole` roles.
    private func checkRelationTarget(field: FieldName, target: ClassName, invalid: ExportRecordFailure) throws(ExportRecordFailure) {
        guard className == .role else { return }
        if field == StandardField.Role.belongUser, target != .user { throw invalid }
        if field == StandardField.Role.belongRole, target != .role { throw invalid }
    }

    /// What the standard classes need: a role its name, a file its name.
    private func checkStandardFields(_ fields: JSONObject, objectId: String) throws(ExportRecordFailure) {
        let required: FieldName? =
            switch className.rawValue {
            case ClassName.role.rawValue: StandardField.Role.roleName
            case ClassName.file.rawValue: StandardField.File.fileName
            default: nil
            }
        guard let required else { return }
        guard case .string(let text)? = fields[required.rawValue], !text.isEmpty else {
            throw ExportRecordFailure(objectId: objectId, reason: APIError(.required, required).message)
        }
    }

    /// The ACL of an object without one: the application's default, or for a user public read and its own write (as
    /// NCMB creates users).
    private func defaultACL(objectId: String) -> AccessControlList {
        guard className == .user else { return defaultACL }
        return AccessControlList([
            AccessControlList.publicKey: AccessControlList.Permission(read: true),
            objectId: AccessControlList.Permission(read: true, write: true),
        ])
    }

    /// A usable objectId: a non-empty string of at most 64 characters, none of them `/` or a control character.
    private static func objectId(_ value: JSONValue?) throws(ExportRecordFailure) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, !text.isEmpty, text.count <= 64,
            text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0 != "/" && $0.value != 0x7F })
        else { throw ExportRecordFailure(objectId: value.stringValue, reason: APIError(.invalidType, "objectId").message) }
        return text
    }

    /// A system date: the REST string, or a Date value some tools write; `default` when absent.
    private static func date(_ value: JSONValue?, default fallback: WireDate) -> WireDate? {
        switch value {
        case nil, .null?: return fallback
        case .string(let text)?: return WireDate(parsing: text)
        case .object(let object)?:
            guard object["__type"] == "Date", let iso = object["iso"]?.stringValue else { return nil }
            return WireDate(parsing: iso)
        default: return nil
        }
    }
}
