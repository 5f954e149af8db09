private typealias Field = StandardField.Push

/// The field rules of a push (docs/wire/endpoints/push.md, fixtures F76, F77, F79). Every field of the
/// docs/wire/endpoints/push.md table is checked; codes chosen where NCMB is silent (documented in the README, "Push
/// notifications"):
///
/// - `null` leaves a field unset on create and clears it on update. Operators (`{"__op":…}`) are refused (E400002).
/// - `deliveryTime`, `deliveryExpirationDate`: a Date, else E400002 `"<field> is invalid."`; a Date whose `iso` does not
///   parse → E400004 `"<field> is invalid format."`.
/// - `immediateDeliveryFlag`, `badgeIncrementFlag`, `contentAvailable`, `dialog`: booleans, else E400002.
/// - `target`: an array of `"ios"` / `"android"`, else E400002 (not an array of strings) or E400005
///   `"target is not a valid value."` (another platform). `[]` (ncmb_swift's default) means both platforms.
/// - `searchCondition`: an object read as a `where` over installations: errors are those of the same `where` in a query.
/// - `title`, `message`, `richUrl`, `category`, `sound`, `action`, `android_channel_id` (sent by ncmb_android): strings.
/// - `userSettingValue`: an object or a string.
/// - `badgeSetting`: an integer, else E400002; negative → E400005.
/// - `deliveryExpirationTime`: `"N hour"` or `"N day"`, else E400004; N outside 1–24 hours or 1–28 days → E400005.
/// - `deliveryPlanNumber`, `deliveryNumber`, `status`, `error`, `openNumber`, `sender` are written by the server only: sending one
///   → 403 E403005 `"<field> must not be entered."`.
/// - Any other key → E400002 `"<key> is invalid."`: a push has no custom fields, and a misspelt option must not be
///   dropped silently.
///
/// Combination rules on the resulting push (the body on create, the stored push with the body applied on update):
/// exactly one of a `deliveryTime` and `"immediateDeliveryFlag": true` (both, or neither → E400008
/// `"Either deliveryTime or immediateDeliveryFlag."`); at most one of `deliveryExpirationDate` and
/// `deliveryExpirationTime` (→ E400008 `"Either deliveryExpirationDate or deliveryExpirationTime."`); a
/// `deliveryExpirationDate` after the delivery time (or after now, for an immediate push), else E400005.
extension PushRequest {
    /// The platforms a push can target, in the order a segment lists them.
    package static let platforms = ["ios", "android"]
    /// Fields holding Dates.
    static let dateFields: Set<FieldName> = [Field.deliveryTime, Field.deliveryExpirationDate]
    /// Fields holding booleans.
    static let booleanFields: Set<FieldName> = [Field.immediateDeliveryFlag, Field.badgeIncrementFlag, Field.contentAvailable, Field.dialog]
    /// Fields holding strings.
    static let stringFields: Set<FieldName> = [
        Field.title, Field.message, Field.richUrl, Field.category, Field.sound, Field.action, Field.androidChannelId,
    ]
    /// Fields only the server writes.
    package static let serverOwnedFields: Set<FieldName> = [
        Field.deliveryPlanNumber, Field.deliveryNumber, Field.status, Field.error, Field.openNumber, Field.sender,
    ]
    /// The longest `deliveryExpirationTime` per unit.
    static let expirationTimeLimits: [String: Int] = ["hour": 24, "day": 28]

    /// A non-null value of push field `field`, checked (and Dates normalised), or the error it gets; a
    /// `searchCondition` is parsed into `searchCondition`.
    static func checkedValue(_ value: JSONValue, of field: FieldName, searchCondition: inout WhereQuery?) throws(APIError)
        -> JSONValue
    {
        let invalid = APIError(.invalidType, field.rawValue)
        switch field {
        case _ where dateFields.contains(field):
            return try dateValue(value, of: field)
        case _ where booleanFields.contains(field):
            guard case .bool = value else { throw invalid }
        case _ where stringFields.contains(field):
            guard case .string = value else { throw invalid }
        case Field.target:
            guard let platforms = value.arrayValue else { throw invalid }
            for platform in platforms {
                guard let name = platform.stringValue else { throw invalid }
                guard PushRequest.platforms.contains(name) else { throw APIError(.invalidValue, field.rawValue) }
            }
        case Field.searchCondition:
            guard case .object = value else { throw invalid }
            searchCondition = try WhereQuery(parsing: value)
        case Field.userSettingValue:
            switch value {
            case .string: break
            case .object(let object):
                guard object["__op"] == nil, case .set(let checked) = try FieldOperation(parsing: value, field: field) else { throw invalid }
                return checked
            default: throw invalid
            }
        case Field.badgeSetting:
            guard case .integer(let badge) = value else { throw invalid }
            guard badge >= 0 else { throw APIError(.invalidValue, field.rawValue) }
        case Field.deliveryExpirationTime:
            guard let text = value.stringValue else { throw invalid }
            try checkExpirationTime(text)
        default:
            throw invalid
        }
        return value
    }

    /// A Date value in canonical form.
    static func dateValue(_ value: JSONValue, of field: FieldName) throws(APIError) -> JSONValue {
        guard case .object(let object) = value, object["__type"] == .string("Date") else { throw APIError(.invalidType, field.rawValue) }
        guard let iso = object["iso"]?.stringValue, let date = WireDate(parsing: iso) else {
            throw APIError(.invalidFormat, field.rawValue)
        }
        return TypedValue.dateJSON(date)
    }

    /// Checks `"N hour"` (1–24) or `"N day"` (1–28).
    static func checkExpirationTime(_ text: String) throws(APIError) {
        let field = Field.deliveryExpirationTime.rawValue
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 2, let unitLimit = expirationTimeLimits[String(words[1])], !words[0].isEmpty,
            words[0].allSatisfy({ $0.isASCII && $0.isNumber })
        else { throw APIError(.invalidFormat, field) }
        guard let count = Int(words[0]), count >= 1, count <= unitLimit else { throw APIError(.invalidValue, field) }
    }

    /// Checks the combination rules on the fields a push has (or will have) and returns when it is due: its
    /// `deliveryTime`, or `now` for an immediate push.
    package static func checkCombination(_ fields: JSONObject, now: WireDate) throws(APIError) -> WireDate {
        let deliveryTime = date(fields[Field.deliveryTime])
        let isImmediate = fields[Field.immediateDeliveryFlag] == .bool(true)
        guard (deliveryTime != nil) != isImmediate else {
            throw APIError(.correlationError, Field.deliveryTime.rawValue, Field.immediateDeliveryFlag.rawValue)
        }
        let dueAt = deliveryTime ?? now
        let expirationDate = date(fields[Field.deliveryExpirationDate])
        let hasExpirationTime = fields[Field.deliveryExpirationTime].map { !$0.isNull } ?? false
        if expirationDate != nil, hasExpirationTime {
            throw APIError(.correlationError, Field.deliveryExpirationDate.rawValue, Field.deliveryExpirationTime.rawValue)
        }
        if let expirationDate, expirationDate <= dueAt { throw APIError(.invalidValue, Field.deliveryExpirationDate.rawValue) }
        return dueAt
    }

    /// The date of a stored Date value, or `nil` for anything else.
    static func date(_ value: JSONValue?) -> WireDate? {
        guard let value, case .date(let date) = TypedValue(value) else { return nil }
        return date
    }

    /// The fields of `fields` after `operations` (sets and clears only, as push bodies have no other operators).
    package static func applying(_ operations: [(FieldName, FieldOperation)], to fields: JSONObject) -> JSONObject {
        var result = fields
        for (field, operation) in operations {
            if case .set(let value) = operation { result[field] = value } else { result[field] = .null }
        }
        return result
    }

    /// The operations of an update: choosing one delivery option drops the other, so a client switching a scheduled
    /// push to immediate (or the reverse) need not clear the old option itself: a `deliveryTime` Date without
    /// `immediateDeliveryFlag` in the body adds `"immediateDeliveryFlag": false`; `"immediateDeliveryFlag": true` without
    /// `deliveryTime` clears it.
    package var updateOperations: [(FieldName, FieldOperation)] {
        let names = Set(operations.map(\.0))
        var result = operations
        for (field, operation) in operations {
            guard case .set(let value) = operation else { continue }
            if field == Field.deliveryTime, !names.contains(Field.immediateDeliveryFlag) {
                result.append((Field.immediateDeliveryFlag, .set(false)))
            }
            if field == Field.immediateDeliveryFlag, value == .bool(true), !names.contains(Field.deliveryTime) {
                result.append((Field.deliveryTime, .delete))
            }
        }
        return result
    }
}
