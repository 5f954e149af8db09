package import NCMBWire

/// Validation of push bodies (wire spec §5.7, fixtures F76, F77, F79). Every field of the §5.7 table is checked; codes
/// chosen where NCMB is silent (documented in the README, "Push notifications"):
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
/// - `deliveryPlanNumber`, `deliveryNumber`, `status`, `error`, `openNumber` are written by the server only: sending one
///   → 403 E403005 `"<field> must not be entered."`.
/// - Any other key → E400002 `"<key> is invalid."`: a push has no custom fields, and a misspelt option must not be
///   dropped silently. `objectId`, `createDate` and `updateDate` are ignored, as for every object.
///
/// Combination rules on the resulting push (the body on create, the stored push with the body applied on update):
/// exactly one of a `deliveryTime` and `"immediateDeliveryFlag": true` (both, or neither → E400008
/// `"Either deliveryTime or immediateDeliveryFlag."`); at most one of `deliveryExpirationDate` and
/// `deliveryExpirationTime` (→ E400008 `"Either deliveryExpirationDate or deliveryExpirationTime."`); a
/// `deliveryExpirationDate` after the delivery time (or after now, for an immediate push), else E400005.
extension PushController {
    /// Field names of a push.
    package enum Field {
        /// When to send (a Date).
        package static let deliveryTime = "deliveryTime"
        /// Send now (true).
        package static let immediateDeliveryFlag = "immediateDeliveryFlag"
        /// The platforms.
        package static let target = "target"
        /// A `where` over installations.
        package static let searchCondition = "searchCondition"
        /// The custom payload.
        package static let userSettingValue = "userSettingValue"
        /// Not sent after this Date.
        package static let deliveryExpirationDate = "deliveryExpirationDate"
        /// Not sent after this long (`"N hour"`, `"N day"`).
        package static let deliveryExpirationTime = "deliveryExpirationTime"
        /// The icon badge number (iOS).
        package static let badgeSetting = "badgeSetting"
        /// How many devices the push was planned for (server-owned).
        package static let deliveryPlanNumber = "deliveryPlanNumber"
        /// How many devices it reached (server-owned).
        package static let deliveryNumber = "deliveryNumber"
        /// ``PushStatus`` (server-owned).
        package static let status = "status"
        /// Why delivery failed (server-owned).
        package static let error = "error"
        /// How many times a notification was opened (server-owned, `POST /push/{id}/openNumber`).
        package static let openNumber = "openNumber"
    }

    /// The platforms a push can target.
    package static let platforms: Set<String> = ["ios", "android"]
    /// Fields holding Dates.
    package static let dateFields: Set<String> = [Field.deliveryTime, Field.deliveryExpirationDate]
    /// Fields holding booleans.
    package static let booleanFields: Set<String> = [Field.immediateDeliveryFlag, "badgeIncrementFlag", "contentAvailable", "dialog"]
    /// Fields holding strings.
    package static let stringFields: Set<String> = ["title", "message", "richUrl", "category", "sound", "action", "android_channel_id"]
    /// Fields only the server writes.
    package static let serverOwnedFields: [String] = [
        Field.deliveryPlanNumber, Field.deliveryNumber, Field.status, Field.error, Field.openNumber,
    ]
    /// The longest `deliveryExpirationTime` per unit.
    package static let expirationTimeLimits: [String: Int] = ["hour": 24, "day": 28]

    /// Splits a push body into validated field operations (body order) and the `acl`.
    ///
    /// - Throws: The field errors listed on this extension (not the combination rules: see ``checkCombination(_:now:)``).
    package static func parsePushBody(
        _ body: JSONObject
    ) throws(APIError) -> (operations: [(FieldName, FieldOperation)], acl: AccessControlList?) {
        try FieldOperation.parseBody(body) { field, value throws(APIError) in
            guard !serverOwnedFields.contains(field.rawValue) else { throw APIError(.settingDisable, field.rawValue) }
            return value.isNull ? .delete : .set(try checkedValue(value, of: field.rawValue))
        }
    }

    /// A non-null body value of push field `field`, checked (and Dates normalised), or the error it gets.
    static func checkedValue(_ value: JSONValue, of field: String) throws(APIError) -> JSONValue {
        let invalid = APIError(.invalidType, field)
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
                guard PushController.platforms.contains(name) else { throw APIError(.invalidValue, field) }
            }
        case Field.searchCondition:
            guard case .object = value else { throw invalid }
            _ = try WhereQuery(parsing: value)
        case Field.userSettingValue:
            switch value {
            case .string: break
            case .object(let object):
                guard object["__op"] == nil, case .set(let checked) = try FieldOperation(parsing: value, field: FieldName(validating: field))
                else { throw invalid }
                return checked
            default: throw invalid
            }
        case Field.badgeSetting:
            guard case .integer(let badge) = value else { throw invalid }
            guard badge >= 0 else { throw APIError(.invalidValue, field) }
        case Field.deliveryExpirationTime:
            guard let text = value.stringValue else { throw invalid }
            try checkExpirationTime(text)
        default:
            throw invalid
        }
        return value
    }

    /// A Date value in canonical form.
    static func dateValue(_ value: JSONValue, of field: String) throws(APIError) -> JSONValue {
        guard case .object(let object) = value, object["__type"] == .string("Date") else { throw APIError(.invalidType, field) }
        guard let iso = object["iso"]?.stringValue, let date = WireDate(parsing: iso) else { throw APIError(.invalidFormat, field) }
        return TypedValue.dateJSON(date)
    }

    /// Checks `"N hour"` (1–24) or `"N day"` (1–28).
    static func checkExpirationTime(_ text: String) throws(APIError) {
        let field = Field.deliveryExpirationTime
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
            throw APIError(.correlationError, Field.deliveryTime, Field.immediateDeliveryFlag)
        }
        let dueAt = deliveryTime ?? now
        let expirationDate = date(fields[Field.deliveryExpirationDate])
        let hasExpirationTime = fields[Field.deliveryExpirationTime].map { !$0.isNull } ?? false
        if expirationDate != nil, hasExpirationTime {
            throw APIError(.correlationError, Field.deliveryExpirationDate, Field.deliveryExpirationTime)
        }
        if let expirationDate, expirationDate <= dueAt { throw APIError(.invalidValue, Field.deliveryExpirationDate) }
        return dueAt
    }

    /// The date of a stored Date value, or `nil` for anything else.
    static func date(_ value: JSONValue?) -> WireDate? {
        guard let value, case .date(let date) = TypedValue(value) else { return nil }
        return date
    }

    /// The fields of `fields` after `operations` (sets and clears only, as push bodies have no other operators).
    static func applying(_ operations: [(FieldName, FieldOperation)], to fields: JSONObject) -> JSONObject {
        var result = fields
        for (field, operation) in operations {
            if case .set(let value) = operation { result[field.rawValue] = value } else { result[field.rawValue] = .null }
        }
        return result
    }

    /// On update, choosing one delivery option drops the other, so a client switching a scheduled push to immediate (or
    /// the reverse) need not clear the old option itself: a `deliveryTime` Date without `immediateDeliveryFlag` in the
    /// body adds `"immediateDeliveryFlag": false`; `"immediateDeliveryFlag": true` without `deliveryTime` clears it.
    static func switchingDeliveryOption(_ operations: [(FieldName, FieldOperation)]) -> [(FieldName, FieldOperation)] {
        let names = Set(operations.map(\.0.rawValue))
        var result = operations
        for (field, operation) in operations {
            guard case .set(let value) = operation else { continue }
            if field.rawValue == Field.deliveryTime, !names.contains(Field.immediateDeliveryFlag),
                let flag = FieldName(Field.immediateDeliveryFlag)
            {
                result.append((flag, .set(false)))
            }
            if field.rawValue == Field.immediateDeliveryFlag, value == .bool(true), !names.contains(Field.deliveryTime),
                let time = FieldName(Field.deliveryTime)
            {
                result.append((time, .delete))
            }
        }
        return result
    }
}
