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

/// A page Kumo serves itself, beside NCMB's browser endpoints, for applications that set no `customURL`: the forms
/// that NCMB's customer-hosted pages would show (wire spec §5.10). Mails link here as
/// `/2013-09-01/applications/{applicationId}/{link}?token={t}`, `{link}` being the `link` value of NCMB's mail links.
///
/// `APIRouter.match(_:)` does not return these (they are not part of the NCMB API); `APIRouter.matchKumoPage(_:)` does.
package enum KumoPage: Sendable, Hashable {
    /// `GET …/requestMailAddressUserEntry?token={t}`: the password form that creates a mail-address user; it posts to
    /// `…/mailAddressUser` with `password` and `NCMBToken`.
    case mailAddressUserEntryForm(token: String?)
    /// `GET …/requestPasswordReset?token={t}`: the new-password form; it posts to `…/requestPasswordResetUpdate` with
    /// `newPassword` and `token`.
    case passwordResetForm(token: String?)
}

extension APIEndpoint {
    /// `GET /applications/{applicationId}/requestMailAddressUserEntry`, unsigned: Kumo's sign-up password form.
    package static let mailAddressUserEntryForm = APIEndpoint("applications.mailAddressUserEntryForm", isSigned: false)
    /// `GET /applications/{applicationId}/requestPasswordReset`, unsigned: Kumo's new-password form.
    package static let passwordResetForm = APIEndpoint("applications.passwordResetForm", isSigned: false)
}
