import Hummingbird
import KumoSeams
import KumoStorage
package import NCMBWire

/// Serves the unsigned browser endpoints under `/2013-09-01/applications/{applicationId}/…`
/// (docs/wire/endpoints/browser-pages.md): small HTML pages and form posts for mail confirmation, mail-address user
/// entry and password reset.
///
/// The application comes from the path, there is no session, and one-time tokens are single use: a form post claims
/// its token (deletes it) before it acts, so a link works once even under concurrent posts. When the application sets
/// `settings.mail.customURL`, outcomes are `303` redirects to the application's pages (`{customUrl}/emailConformComplete/`,
/// `…/mailAddressUserEntryComplete/`, `…/passwordModifyComplete/`, `…/invalidLink/`); otherwise Kumo answers its own
/// pages: 200 on success, 400 for an invalid link, 403 for an expired one (E403004), 404 for an unknown application.
package struct BrowserPagesController: Sendable {
    let environment: ServerEnvironment
    let configuration: KumoConfiguration
    /// Serves public files (`/applications/{applicationId}/publicFiles/{fileName}`).
    let files: FilesController

    /// Serves one browser page of the application `applicationId` (no signature; the application comes from the path).
    ///
    /// - Parameter path: the raw request path, which form actions are relative to.
    /// - Returns: the page, redirect or file as a finished response; an unknown application gets Kumo's 404 page.
    package func handle(_ page: ApplicationPage, applicationId: String, path: String) async throws -> APIResult {
        guard let application = try await environment.storage.applications.application(applicationId: applicationId) else {
            // A public file answers JSON like any API refusal (docs/decisions/0037-public-files.md).
            if case .publicFile = page { return .response(Response.json(.notFound, KumoError(.noDataAvailable).responseBody)) }
            return .response(BrowserPages.unknownApplication())
        }
        let response =
            switch page {
            case .mailAddressConfirm(let token): try await confirmMailAddress(token: token, application: application)
            case .mailAddressUser(let fields): try await createMailAddressUser(fields: fields, application: application, path: path)
            case .requestPasswordResetUpdate(let fields): try await updatePassword(fields: fields, application: application, path: path)
            case .publicFile(let fileName): try await files.publicFile(fileName: fileName, application: application)
            case .mailAddressUserEntryForm(let token):
                try await showForm(.mailAddressUserEntry, token: token, application: application, path: path)
            case .passwordResetForm(let token): try await showForm(.passwordReset, token: token, application: application, path: path)
            }
        return .response(response)
    }

    // MARK: - Tokens

    /// What a link's token turned out to be.
    enum TokenState {
        /// Known, of the right purpose, not expired.
        case valid(OneTimeToken)
        /// Unknown, used already, or issued for another purpose or application.
        case invalid
        /// Known but past its expiry (E403004).
        case expired
    }

    /// Looks a token up without using it.
    func tokenState(_ token: String?, purpose: OneTimeTokenPurpose, application: HostedApplication) async throws -> TokenState {
        guard let token, !token.isEmpty, token.utf8.count <= 256 else { return .invalid }
        let tokenHash = SessionTokens.hash(token)
        guard let stored = try await environment.storage.accounts.token(tokenHash: tokenHash, applicationId: application.applicationId),
            stored.purpose == purpose, stored.applicationId == application.applicationId
        else { return .invalid }
        guard stored.expiresAt > environment.clock.now() else {
            try await environment.storage.accounts.deleteToken(tokenHash: tokenHash, applicationId: application.applicationId)
            return .expired
        }
        return .valid(stored)
    }

    /// Uses a valid token up; `false` when another request used it first.
    func claim(_ token: OneTimeToken) async throws -> Bool {
        try await environment.storage.accounts.deleteToken(tokenHash: token.tokenHash, applicationId: token.applicationId)
    }

    // MARK: - Outcomes

    /// Success: a redirect to `{customUrl}/{completePage}/`, or Kumo's own page.
    func success(_ page: BrowserPage, customPage: String, application: HostedApplication) -> Response {
        if let customURL = Self.customURL(application) { return BrowserPage.redirect(to: customURL + "/\(customPage)/") }
        return page.response(status: .ok)
    }

    /// A link that cannot be used: a redirect to `{customUrl}/invalidLink/`, or Kumo's 400 (invalid) or 403 (expired,
    /// E403004) page.
    func unusable(_ state: TokenState, application: HostedApplication) -> Response {
        if let customURL = Self.customURL(application) { return BrowserPage.redirect(to: customURL + "/invalidLink/") }
        if case .expired = state { return BrowserPages.expiredLink().response(status: .forbidden) }
        return BrowserPages.invalidLink().response(status: .badRequest)
    }

    /// The application's `customURL` without trailing slashes, or `nil` when it has none.
    static func customURL(_ application: HostedApplication) -> String? {
        guard let customURL = application.settings.mail.customURL, !customURL.isEmpty else { return nil }
        var url = Substring(customURL)
        while url.hasSuffix("/") { url = url.dropLast() }
        return String(url)
    }

    /// A form `action` that resolves next to `path` (`…/applications/{id}/{page}`), with or without a trailing slash.
    static func action(_ page: String, from path: String) -> String {
        path.hasSuffix("/") ? "../\(page)" : page
    }
}
