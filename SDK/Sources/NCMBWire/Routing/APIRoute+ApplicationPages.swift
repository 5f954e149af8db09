/// An unsigned browser-facing endpoint under `/2013-09-01/applications/{applicationId}/`
/// (docs/wire/endpoints/browser-pages.md).
///
/// The form endpoints carry their fields as an object of strings, read from an `application/x-www-form-urlencoded` body
/// (a JSON object body is accepted as well).
///
/// Beside NCMB's endpoints are the pages Kumo serves itself for applications that set no `customURL`: the forms that
/// NCMB's customer-hosted pages would show. Mails link to them as
/// `/2013-09-01/applications/{applicationId}/{link}?token={t}`, `{link}` being the `link` value of NCMB's mail links.
package enum ApplicationPage: Sendable, Hashable {
    /// `GET …/mailAddressConfirm?token={t}`; the token is `nil` when the query has none.
    case mailAddressConfirm(token: String?)
    /// `POST …/mailAddressUser` with the form fields `password` and `NCMBToken`.
    case mailAddressUser(JSONObject)
    /// `POST …/requestPasswordResetUpdate` with the form fields `temporaryPassword`, `newPassword` and `token`.
    case requestPasswordResetUpdate(JSONObject)
    /// `GET …/publicFiles/{fileName}`: the raw file, when public files are enabled.
    case publicFile(fileName: String)
    /// Kumo's `GET …/requestMailAddressUserEntry?token={t}`: the password form that creates a mail-address user; it
    /// posts to `…/mailAddressUser` with `password` and `NCMBToken`.
    case mailAddressUserEntryForm(token: String?)
    /// Kumo's `GET …/requestPasswordReset?token={t}`: the new-password form; it posts to `…/requestPasswordResetUpdate`
    /// with `newPassword` and `token`.
    case passwordResetForm(token: String?)

    /// The declarations of the browser pages, in the order of `APIEndpoint.all`.
    static let declarations: [RouteDeclaration] = [
        .mailAddressConfirm, .mailAddressUser, .requestPasswordResetUpdate, .publicFile, .mailAddressUserEntryForm, .passwordResetForm,
    ]

    /// The declaration of this page and the values it prints.
    func declared(applicationId: String) -> (declaration: RouteDeclaration, values: RouteValues) {
        let path = ["applicationId": applicationId]
        switch self {
        case .mailAddressConfirm(let token): return (.mailAddressConfirm, RouteValues(path: path, query: Self.tokenItems(token)))
        case .mailAddressUser(let fields): return (.mailAddressUser, RouteValues(path: path, body: fields))
        case .requestPasswordResetUpdate(let fields): return (.requestPasswordResetUpdate, RouteValues(path: path, body: fields))
        case .publicFile(let fileName):
            return (.publicFile, RouteValues(path: ["applicationId": applicationId, "fileName": fileName]))
        case .mailAddressUserEntryForm(let token):
            return (.mailAddressUserEntryForm, RouteValues(path: path, query: Self.tokenItems(token)))
        case .passwordResetForm(let token): return (.passwordResetForm, RouteValues(path: path, query: Self.tokenItems(token)))
        }
    }

    private static func tokenItems(_ token: String?) -> [QueryItem] {
        token.map { [QueryItem(name: "token", value: $0)] } ?? []
    }
}

extension RouteDeclaration {
    /// `GET /applications/{applicationId}/mailAddressConfirm?token={t}`.
    static let mailAddressConfirm = RouteDeclaration(
        .get, "applications/{applicationId}/mailAddressConfirm", name: "applications.mailAddressConfirm", signing: .unsigned,
        query: .items
    ) { input throws(APIError) in
        .applicationPage(applicationId: try input.parameter("applicationId"), .mailAddressConfirm(token: input.firstQueryValue("token")))
    }

    /// `POST /applications/{applicationId}/mailAddressUser` with `password` and `NCMBToken`.
    static let mailAddressUser = RouteDeclaration(
        .post, "applications/{applicationId}/mailAddressUser", name: "applications.mailAddressUser", signing: .unsigned, body: .form
    ) { input throws(APIError) in
        .applicationPage(applicationId: try input.parameter("applicationId"), .mailAddressUser(input.body))
    }

    /// `POST /applications/{applicationId}/requestPasswordResetUpdate` with `newPassword` and `token`.
    static let requestPasswordResetUpdate = RouteDeclaration(
        .post, "applications/{applicationId}/requestPasswordResetUpdate", name: "applications.requestPasswordResetUpdate",
        signing: .unsigned, body: .form
    ) { input throws(APIError) in
        .applicationPage(applicationId: try input.parameter("applicationId"), .requestPasswordResetUpdate(input.body))
    }

    /// `GET /applications/{applicationId}/publicFiles/{fileName}`.
    static let publicFile = RouteDeclaration(
        .get, "applications/{applicationId}/publicFiles/{fileName}", name: "applications.publicFile", signing: .unsigned
    ) { input throws(APIError) in
        .applicationPage(applicationId: try input.parameter("applicationId"), .publicFile(fileName: try input.safeName("fileName")))
    }

    /// Kumo's `GET /applications/{applicationId}/requestMailAddressUserEntry?token={t}`: the sign-up password form.
    static let mailAddressUserEntryForm = RouteDeclaration(
        .get, "applications/{applicationId}/requestMailAddressUserEntry", name: "applications.mailAddressUserEntryForm",
        signing: .unsigned, query: .items
    ) { input throws(APIError) in
        .applicationPage(
            applicationId: try input.parameter("applicationId"), .mailAddressUserEntryForm(token: input.firstQueryValue("token")))
    }

    /// Kumo's `GET /applications/{applicationId}/requestPasswordReset?token={t}`: the new-password form.
    static let passwordResetForm = RouteDeclaration(
        .get, "applications/{applicationId}/requestPasswordReset", name: "applications.passwordResetForm", signing: .unsigned,
        query: .items
    ) { input throws(APIError) in
        .applicationPage(applicationId: try input.parameter("applicationId"), .passwordResetForm(token: input.firstQueryValue("token")))
    }
}
