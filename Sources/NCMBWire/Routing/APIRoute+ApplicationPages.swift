/// An unsigned browser-facing endpoint under `/2013-09-01/applications/{applicationId}/` (wire spec §5.10).
///
/// The form endpoints carry their fields as an object of strings, read from an `application/x-www-form-urlencoded` body
/// (a JSON object body is accepted as well).
package enum ApplicationPage: Sendable, Hashable {
    /// `GET …/mailAddressConfirm?token={t}`; the token is `nil` when the query has none.
    case mailAddressConfirm(token: String?)
    /// `POST …/mailAddressUser` with the form fields `password` and `NCMBToken`.
    case mailAddressUser(JSONObject)
    /// `POST …/requestPasswordResetUpdate` with the form fields `temporaryPassword`, `newPassword` and `token`.
    case requestPasswordResetUpdate(JSONObject)
    /// `GET …/publicFiles/{fileName}`: the raw file, when public files are enabled.
    case publicFile(fileName: String)
}
