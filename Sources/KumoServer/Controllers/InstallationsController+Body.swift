package import NCMBWire

private typealias Field = StandardField.Installation

/// Validation of installation bodies (docs/wire/endpoints/installations.md, fixtures F71–F75).
///
/// Codes chosen where NCMB is silent:
/// - On create, `deviceType` and `deviceToken` are required: missing, `null` or `""` → 400 E400003 `"<field> is empty."`.
///   On update they may be absent, but never cleared (`null`, `{"__op":"Delete"}` or `""` → E400003).
/// - `deviceType` not a string → E400002 `"deviceType is invalid."`; a string other than `ios` or `android` → E400005
///   `"deviceType is not a valid value."` (an enumeration, not a format: NCMB's E400005 is 有効な値でない).
/// - `deviceToken`, `timeZone`, `applicationName`, `appVersion`, `sdkVersion`, `pushType`: strings (or `null`, except
///   the token), else E400002 `"<field> is invalid."`.
/// - `channels`: an array of strings, `null`, or `Add` / `AddUnique` / `Remove` of strings, else E400002.
/// - `badge`: an integer, `null` or an integer `Increment`, else E400002; a negative integer → E400005
///   `"badge is not a valid value."`.
/// - Custom fields and `acl` follow the rules of any object (`FieldOperation.parseBody`).
/// - Push deactivation (`pushDeactivatedAt`, `pushDeactivationReason`) belongs to the server: the
///   delivery service sets both when a platform rejects the token for good. Operations a client sends on them are
///   ignored rather than refused, so that SDKs which save back every field of a fetched installation (ncmb_js
///   `update()`) keep working. A `PUT` that carries `deviceToken` clears both (`Delete`), so a re-registered device is
///   reached again; a `POST` creates a fresh installation, which has nothing to clear.
extension InstallationsController {
    /// The push deactivation fields, written only by the delivery service (see above), in the order a new token clears
    /// them.
    package static let serverOwnedFields: [FieldName] = [Field.pushDeactivatedAt, Field.pushDeactivationReason]
    /// The fields that hold plain strings when present.
    static let stringFields: Set<FieldName> = [Field.timeZone, Field.applicationName, Field.appVersion, Field.sdkVersion, Field.pushType]

    /// Splits an installation body into field operations and the `acl`, enforcing the installation field rules.
    ///
    /// - Parameters:
    ///   - body: The decoded request body.
    ///   - isCreate: Whether this is a `POST`, which requires `deviceType` and `deviceToken`.
    /// - Throws: The errors listed on this extension, and those of `FieldOperation.parseBody`.
    package static func parseInstallationBody(
        _ body: JSONObject, isCreate: Bool
    ) throws(APIError) -> (operations: [(FieldName, FieldOperation)], acl: AccessControlList?) {
        if isCreate {
            for field in [Field.deviceType, Field.deviceToken] {
                switch body[field] {
                case nil, .null?, .string("")?: throw APIError(.required, field.rawValue)
                default: break
                }
            }
        }
        let (parsed, acl) = try FieldOperation.parseBody(body)
        var operations = parsed
        for (field, operation) in operations { try check(operation, of: field) }
        operations.removeAll { serverOwnedFields.contains($0.0) }
        if !isCreate, operations.contains(where: { $0.0 == Field.deviceToken }) {
            operations += serverOwnedFields.map { ($0, .delete) }
        }
        return (operations, acl)
    }

    /// Checks one field operation against the installation rules; custom fields pass.
    static func check(_ operation: FieldOperation, of field: FieldName) throws(APIError) {
        let invalid = APIError(.invalidType, field.rawValue)
        let required = APIError(.required, field.rawValue)
        switch field {
        case Field.deviceType:
            guard case .set(let value) = operation else { throw operation == .delete ? required : invalid }
            guard case .string(let type) = value else { throw invalid }
            guard !type.isEmpty else { throw required }
            guard PushRequest.platforms.contains(type) else { throw APIError(.invalidValue, field.rawValue) }
        case Field.deviceToken:
            guard case .set(let value) = operation else { throw operation == .delete ? required : invalid }
            guard case .string(let token) = value else { throw invalid }
            guard !token.isEmpty else { throw required }
        case Field.channels:
            switch operation {
            case .delete: break
            case .set(let value):
                guard let channels = value.arrayValue, channels.allSatisfy({ $0.stringValue != nil }) else { throw invalid }
            case .add(let channels), .addUnique(let channels), .remove(let channels):
                guard channels.allSatisfy({ $0.stringValue != nil }) else { throw invalid }
            default: throw invalid
            }
        case Field.badge:
            switch operation {
            case .delete: break
            case .set(.integer(let badge)): guard badge >= 0 else { throw APIError(.invalidValue, field.rawValue) }
            case .increment(.integer): break
            default: throw invalid
            }
        case _ where stringFields.contains(field):
            switch operation {
            case .delete, .set(.string): break
            default: throw invalid
            }
        default:
            break
        }
    }
}
