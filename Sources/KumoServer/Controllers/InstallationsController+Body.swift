package import NCMBWire

/// Validation of installation bodies (wire spec §5.6, fixtures F71–F75).
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
/// - Push deactivation (`PushSegment.deactivatedAtField`, `.deactivationReasonField`) belongs to the server: the
///   delivery service sets both when a platform rejects the token for good. Operations a client sends on them are
///   ignored rather than refused, so that SDKs which save back every field of a fetched installation (ncmb_js
///   `update()`) keep working. A `PUT` that carries `deviceToken` clears both (`Delete`), so a re-registered device is
///   reached again; a `POST` creates a fresh installation, which has nothing to clear.
extension InstallationsController {
    /// The field naming the platform: `ios` or `android`.
    package static let deviceTypeField = "deviceType"
    /// The APNs or FCM token of the device, unique per application.
    package static let deviceTokenField = "deviceToken"
    /// The push channels the device subscribes to.
    package static let channelsField = "channels"
    /// The badge number of the app icon (iOS).
    package static let badgeField = "badge"
    /// The platforms an installation can be registered for.
    package static let deviceTypes: Set<String> = ["ios", "android"]
    /// The push deactivation fields, written only by the delivery service (see above).
    package static let serverOwnedFields: Set<String> = [PushSegment.deactivatedAtField, PushSegment.deactivationReasonField]
    /// The fields that hold plain strings when present.
    package static let stringFields: Set<String> = ["timeZone", "applicationName", "appVersion", "sdkVersion", "pushType"]

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
            for field in [deviceTypeField, deviceTokenField] {
                switch body[field] {
                case nil, .null?, .string("")?: throw APIError(.required, field)
                default: break
                }
            }
        }
        let (parsed, acl) = try FieldOperation.parseBody(body)
        var operations = parsed
        for (field, operation) in operations { try check(operation, of: field.rawValue) }
        operations.removeAll { serverOwnedFields.contains($0.0.rawValue) }
        if !isCreate, operations.contains(where: { $0.0.rawValue == deviceTokenField }) {
            operations += serverOwnedFields.sorted().compactMap { name in FieldName(name).map { ($0, .delete) } }
        }
        return (operations, acl)
    }

    /// Checks one field operation against the installation rules; custom fields pass.
    static func check(_ operation: FieldOperation, of field: String) throws(APIError) {
        let invalid = APIError(.invalidType, field)
        switch field {
        case deviceTypeField:
            guard case .set(let value) = operation else { throw operation == .delete ? APIError(.required, field) : invalid }
            guard case .string(let type) = value else { throw invalid }
            guard !type.isEmpty else { throw APIError(.required, field) }
            guard deviceTypes.contains(type) else { throw APIError(.invalidValue, field) }
        case deviceTokenField:
            guard case .set(let value) = operation else { throw operation == .delete ? APIError(.required, field) : invalid }
            guard case .string(let token) = value else { throw invalid }
            guard !token.isEmpty else { throw APIError(.required, field) }
        case channelsField:
            switch operation {
            case .delete: break
            case .set(let value):
                guard let channels = value.arrayValue, channels.allSatisfy({ $0.stringValue != nil }) else { throw invalid }
            case .add(let channels), .addUnique(let channels), .remove(let channels):
                guard channels.allSatisfy({ $0.stringValue != nil }) else { throw invalid }
            default: throw invalid
            }
        case badgeField:
            switch operation {
            case .delete: break
            case .set(.integer(let badge)): guard badge >= 0 else { throw APIError(.invalidValue, field) }
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
