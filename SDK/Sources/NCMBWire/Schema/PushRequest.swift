/// A push notification (docs/wire/endpoints/push.md) parsed once into the value that validation, authorization, storage
/// and delivery share.
///
/// The server reads the body of `POST /push` and `PUT /push/{objectId}` with ``init(body:)``: a body that does not
/// parse is refused with its NCMB error (rules: `PushRequest+Rules.swift`), so the class-permission check of what the
/// ``searchCondition`` reads always sees the condition that is stored. Delivery reads the stored push with
/// ``init(storedFields:)``, by the same field rules, and resolves the same ``searchCondition``; a stored push that does
/// not parse is not sent.
package struct PushRequest: Sendable {
    /// The field operations in body order: each field set to its checked value (Dates in canonical form), or cleared by
    /// `null`.
    package let operations: [(FieldName, FieldOperation)]
    /// The body's `acl`, when it has one.
    package let acl: AccessControlList?
    /// The parsed `searchCondition`, a `where` over installations; `nil` when the push has none (or the body clears it).
    package let searchCondition: WhereQuery?
    /// The values the push sets, by field name (cleared fields are absent).
    package let values: JSONObject

    private init(operations: [(FieldName, FieldOperation)], acl: AccessControlList?, searchCondition: WhereQuery?) {
        self.operations = operations
        self.acl = acl
        self.searchCondition = searchCondition
        var values = JSONObject()
        for (field, operation) in operations {
            if case .set(let value) = operation { values[field] = value }
        }
        self.values = values
    }

    /// Reads the body of `POST /push` or `PUT /push/{objectId}`.
    ///
    /// `null` clears a field (leaves it unset on create). `objectId`, `createDate` and `updateDate` are ignored, as for
    /// every object.
    ///
    /// - Throws: the field errors of `PushRequest+Rules.swift`: E403005 for a server-owned field, E400002 for an
    ///   unknown key, an operator or a value of the wrong kind, E400004 and E400005 for malformed values, the errors of
    ///   the `where` for a `searchCondition`; E400001/E400002 for the `acl`. The combination rules are checked apart
    ///   (``checkCombination(_:now:)``), on the push the body creates or changes.
    package init(body: JSONObject) throws(APIError) {
        var condition: WhereQuery?
        let (operations, acl) = try FieldOperation.parseBody(body) { field, value throws(APIError) in
            guard !PushRequest.serverOwnedFields.contains(field) else { throw APIError(.settingDisable, field.rawValue) }
            guard !value.isNull else { return .delete }
            return .set(try PushRequest.checkedValue(value, of: field, searchCondition: &condition))
        }
        self.init(operations: operations, acl: acl, searchCondition: condition)
    }

    /// Reads a stored push for its delivery, by the rules of a body: the server-owned fields (`status`, `error`…) and
    /// the system fields are skipped, `null` values are absent, and a `searchCondition` kept as JSON text (as imported
    /// pushes may hold it) is read as the object it spells.
    ///
    /// - Throws: the first field that does not parse, with its error.
    package init(storedFields fields: JSONObject) throws(FieldError) {
        var condition: WhereQuery?
        var operations: [(FieldName, FieldOperation)] = []
        for (key, value) in fields where !FieldName.systemFields.contains(key) && !value.isNull {
            do throws(APIError) {
                let field = try FieldName(validating: key)
                guard !PushRequest.serverOwnedFields.contains(field) else { continue }
                var input = value
                if field == StandardField.Push.searchCondition, case .string(let text) = value {
                    guard let parsed = try? JSONValue(parsing: Array(text.utf8)) else { throw APIError(.invalidFormat, key) }
                    input = parsed
                }
                operations.append((field, .set(try PushRequest.checkedValue(input, of: field, searchCondition: &condition))))
            } catch {
                throw FieldError(field: key, error: error)
            }
        }
        self.init(operations: operations, acl: nil, searchCondition: condition)
    }

    /// A stored push field that does not parse.
    package struct FieldError: Error, Sendable, Hashable {
        /// The field's name.
        package let field: String
        /// The error a body with that value would get.
        package let error: APIError

        /// Creates the error of `field`.
        package init(field: String, error: APIError) {
            self.field = field
            self.error = error
        }

        /// Why the push cannot be delivered, e.g. `searchCondition is invalid: $bogus is invalid.`
        package var reason: String { "\(field) is invalid: \(error.message)" }
    }
}

extension PushRequest {
    /// The platforms of `target`, in ``platforms`` order; both when the push names none (`[]`, ncmb_swift's default, or no
    /// `target`).
    package var targetPlatforms: [String] {
        let named = values[StandardField.Push.target]?.arrayValue?.compactMap(\.stringValue) ?? []
        let platforms = PushRequest.platforms.filter { named.contains($0) }
        return platforms.isEmpty ? PushRequest.platforms : platforms
    }

    /// When to send: the `deliveryTime`, or `nil` for an immediate push.
    package var deliveryTime: WireDate? { PushRequest.date(values[StandardField.Push.deliveryTime]) }

    /// When the push stops being worth delivering, or `nil` for never: `deliveryExpirationDate`, else
    /// `deliveryExpirationTime` counted from `deliveryTime`, or from `createDate` for an immediate push.
    package func expirationDate(createDate: WireDate) -> WireDate? {
        if let date = PushRequest.date(values[StandardField.Push.deliveryExpirationDate]) { return date }
        guard let text = values[StandardField.Push.deliveryExpirationTime]?.stringValue,
            let duration = PushRequest.milliseconds(ofExpirationTime: text)
        else { return nil }
        let start = deliveryTime ?? createDate
        return WireDate(millisecondsSince1970: start.millisecondsSince1970 + duration)
    }

    /// The length of a `deliveryExpirationTime` (`"3 hour"`, `"1 day"`; plurals are read too) in milliseconds, or `nil`
    /// when unreadable.
    package static func milliseconds(ofExpirationTime text: String) -> Int64? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, let count = Int64(words[0]), count > 0, count <= 366 else { return nil }
        let hour: Int64 = 3_600_000
        switch words[1].lowercased() {
        case "hour", "hours": return count * hour
        case "day", "days": return count * 24 * hour
        default: return nil
        }
    }
}
