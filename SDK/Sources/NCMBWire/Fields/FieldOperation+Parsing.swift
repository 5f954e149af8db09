extension FieldOperation {
    /// Reads what a POST or PUT body asks for one field (docs/wire/field-types.md#update-operators,
    /// docs/decisions/0011-extensions.md).
    ///
    /// `null` and `{"__op":"Delete"}` clear the field; `{"__op":…}` objects become operators; any other value is set as
    /// it is, after every typed value (`__type`) in it, at any depth, has been checked. A Relation marker as the whole
    /// value declares the field a relation (``relationMarker(_:field:)``). Dates are rewritten with the
    /// canonical 3-digit `iso` and Pointers and GeoPoints keep only their wire keys.
    ///
    /// - Parameters:
    ///   - value: The field's value in the body.
    ///   - field: The field, named in error messages.
    /// - Throws: E400002 `"<field> is invalid."` for a malformed operator, Pointer, Relation marker or unknown `__type`;
    ///   E400004 `"<field> is invalid format."` for a Date whose `iso` does not parse; E403006 for a malformed GeoPoint.
    package init(parsing value: JSONValue, field: FieldName) throws(APIError) {
        guard case .object(let object) = value, let operation = object["__op"] else {
            if value.isNull {
                self = .delete
            } else if let relation = try FieldOperation.relationMarker(value, field: field) {
                self = .set(relation.json)
            } else {
                self = .set(try FieldOperation.checkedValue(value, field: field))
            }
            return
        }
        let invalid = APIError(.invalidType, field.rawValue)
        switch operation.stringValue {
        case "Delete":
            self = .delete
        case "Increment":
            guard let amount = object["amount"], amount.isNumber else { throw invalid }
            self = .increment(amount)
        case "Add":
            self = .add(try FieldOperation.objects(of: object, field: field))
        case "AddUnique":
            self = .addUnique(try FieldOperation.objects(of: object, field: field))
        case "Remove":
            self = .remove(try FieldOperation.objects(of: object, field: field))
        case "AddRelation":
            self = .addRelation(try FieldOperation.pointers(of: object, field: field))
        case "RemoveRelation":
            self = .removeRelation(try FieldOperation.pointers(of: object, field: field))
        default:
            throw invalid
        }
    }

    /// Splits a POST or PUT body into field operations and the `acl`, keeping the body's order.
    ///
    /// `objectId`, `createDate` and `updateDate` are ignored, as some clients send them back
    /// (docs/wire/client-behaviours.md, item 11).
    ///
    /// - Parameter body: The decoded request body.
    /// - Returns: One operation per field, in body order, and the ACL when the body has an `acl` key.
    /// - Throws: E400002 `"<key> is invalid."` for a key that is not a valid field name, `"acl is invalid."` for a
    ///   malformed ACL, and the errors of ``init(parsing:field:)``.
    package static func parseBody(
        _ body: JSONObject
    ) throws(APIError) -> (operations: [(FieldName, FieldOperation)], acl: AccessControlList?) {
        try parseBody(body) { field, value throws(APIError) in try FieldOperation(parsing: value, field: field) }
    }

    /// ``parseBody(_:)`` with the operation of each (validated) field decided by `operation`: a class with its own field
    /// rules (push) keeps the shared handling of the system fields and the `acl`.
    package static func parseBody(
        _ body: JSONObject, operation: (FieldName, JSONValue) throws(APIError) -> FieldOperation
    ) throws(APIError) -> (operations: [(FieldName, FieldOperation)], acl: AccessControlList?) {
        var operations: [(FieldName, FieldOperation)] = []
        var acl: AccessControlList?
        for (key, value) in body {
            switch key {
            case FieldName.objectId.rawValue, FieldName.createDate.rawValue, FieldName.updateDate.rawValue:
                continue
            case FieldName.acl.rawValue:
                acl = try AccessControlList(parsing: value)
            default:
                let field = try FieldName(validating: key)
                operations.append((field, try operation(field, value)))
            }
        }
        return (operations, acl)
    }

    /// The Relation marker `{"__type":"Relation","className":…}` a body may set a field to, declaring an empty relation
    /// (what `NCMBRelation(className:)` sends and what exports contain; docs/decisions/0058-empty-relation-marker.md), or
    /// `nil` when the value is not a Relation marker. Only a field's whole value may be one: markers nested in arrays or
    /// objects stay refused.
    ///
    /// - Throws: E400002 `"<field> is invalid."` for a marker with another key or without a valid class name.
    private static func relationMarker(_ value: JSONValue, field: FieldName) throws(APIError) -> Relation? {
        guard case .object(let object) = value, object["__type"] == "Relation" else { return nil }
        guard object.count == 2, let name = object["className"]?.stringValue, let className = ClassName(name) else {
            throw APIError(.invalidType, field.rawValue)
        }
        return Relation(className: className)
    }

    /// The `objects` array of an `Add`, `AddUnique` or `Remove` operator, with its typed values checked.
    private static func objects(of operation: JSONObject, field: FieldName) throws(APIError) -> [JSONValue] {
        guard let objects = operation["objects"]?.arrayValue else { throw APIError(.invalidType, field.rawValue) }
        var checked: [JSONValue] = []
        checked.reserveCapacity(objects.count)
        for element in objects { checked.append(try checkedValue(element, field: field)) }
        return checked
    }

    /// The `objects` of an `AddRelation` or `RemoveRelation` operator: at least one Pointer, all of one class.
    private static func pointers(of operation: JSONObject, field: FieldName) throws(APIError) -> [Pointer] {
        let invalid = APIError(.invalidType, field.rawValue)
        guard let objects = operation["objects"]?.arrayValue, !objects.isEmpty else { throw invalid }
        var pointers: [Pointer] = []
        pointers.reserveCapacity(objects.count)
        for element in objects {
            guard let pointer = Pointer(json: element), pointer.className == pointers.first?.className ?? pointer.className
            else { throw invalid }
            pointers.append(pointer)
        }
        return pointers
    }

    /// A body value with its typed values checked and normalised, or the error a body gets for it.
    private static func checkedValue(_ value: JSONValue, field: FieldName) throws(APIError) -> JSONValue {
        try value.checkingTypedValues(normalizes: true, field: field, invalidDate: .invalidFormat)
    }
}

/// Why a value holding `__type` objects is not acceptable in a body or a query operand.
enum TypedValueProblem: Error, Sendable, Hashable {
    /// A Date whose `iso` is missing or does not parse.
    case invalidDate
    /// A GeoPoint with a missing, non-numeric or out-of-range coordinate.
    case invalidGeoPoint
    /// A Pointer without a valid `className` and a non-empty `objectId`.
    case invalidPointer
    /// A Relation marker, an unknown `__type` or a `__type` that is not a string.
    case forbiddenType
}

extension JSONValue {
    /// ``checkingTypedValues(normalizes:)`` for the value of `field`, its problems thrown as that field's errors: a Date
    /// that does not parse → `invalidDate` with the field's name (E400004 in a body, E400002 in a query), a bad GeoPoint
    /// → E403006 `"Invalid GeoPoint value."`, anything else → E400002 `"<field> is invalid."`.
    func checkingTypedValues(normalizes: Bool, field: FieldName, invalidDate: APIErrorCode) throws(APIError) -> JSONValue {
        try checkingTypedValues(normalizes: normalizes, fieldText: field.rawValue, invalidDate: invalidDate)
    }

    /// ``checkingTypedValues(normalizes:field:invalidDate:)`` for a field named by its text (a dotted path of a query).
    func checkingTypedValues(normalizes: Bool, fieldText: String, invalidDate: APIErrorCode) throws(APIError) -> JSONValue {
        do throws(TypedValueProblem) {
            return try checkingTypedValues(normalizes: normalizes)
        } catch {
            switch error {
            case .invalidDate: throw APIError(invalidDate, fieldText)
            case .invalidGeoPoint: throw APIError(.invalidGeoPointValue)
            case .invalidPointer, .forbiddenType: throw APIError(.invalidType, fieldText)
            }
        }
    }

    /// Checks every object with a `__type` key in this value, at any depth.
    ///
    /// Date, GeoPoint and Pointer are the types a client may send; a Relation marker is only ever shown by the server.
    ///
    /// - Parameter normalizes: Whether to rewrite Dates with the canonical `iso` and drop extra keys of typed values;
    ///   bodies are normalised, query operands stay as sent.
    /// - Returns: The value, normalised when asked.
    func checkingTypedValues(normalizes: Bool) throws(TypedValueProblem) -> JSONValue {
        switch self {
        case .array(let elements):
            var checked: [JSONValue] = []
            checked.reserveCapacity(elements.count)
            for element in elements { checked.append(try element.checkingTypedValues(normalizes: normalizes)) }
            return .array(checked)
        case .object(let object):
            guard let type = object["__type"] else {
                var checked = JSONObject()
                for (key, element) in object { checked[key] = try element.checkingTypedValues(normalizes: normalizes) }
                return .object(checked)
            }
            return try JSONValue.checkingTypedObject(object, type: type, normalizes: normalizes)
        default:
            return self
        }
    }

    /// Checks one object that has a `__type` key.
    private static func checkingTypedObject(
        _ object: JSONObject, type: JSONValue, normalizes: Bool
    ) throws(TypedValueProblem) -> JSONValue {
        switch type.stringValue {
        case "Date":
            guard let iso = object["iso"]?.stringValue, let date = WireDate(parsing: iso) else { throw .invalidDate }
            return normalizes ? TypedValue.dateJSON(date) : .object(object)
        case "GeoPoint":
            guard GeoPoint(json: .object(object)) != nil, let latitude = object["latitude"], let longitude = object["longitude"]
            else { throw .invalidGeoPoint }
            return normalizes ? ["__type": "GeoPoint", "latitude": latitude, "longitude": longitude] : .object(object)
        case "Pointer":
            guard let pointer = Pointer(json: .object(object)) else { throw .invalidPointer }
            return normalizes ? pointer.json : .object(object)
        default:
            throw .forbiddenType
        }
    }
}
