import KumoMemberwise
import KumoSeams
package import KumoStorage
import Logging
package import NCMBWire

/// Writes and sends the mails of the account flows (docs/wire/endpoints/users.md#mail-flows,
/// docs/wire/endpoints/browser-pages.md): each mail carries a link with a new one-time token, stored only as its
/// SHA-256 hash and valid for `settings.mail.tokenLifetimeSeconds`.
///
/// Links go to the application's `customURL` in NCMB's form
/// (`{customURL}?link={api}&version=2013-09-01&applicationId={id}&token={t}`), or, without one, to Kumo's own pages
/// (`{publicURL}/2013-09-01/applications/{applicationId}/{api}?token={t}`, served by `BrowserPagesController`).
@PackageMemberwiseInit
package struct AccountMailer: Sendable {
    let environment: ServerEnvironment
    let configuration: KumoConfiguration

    /// Mails a link that confirms `mailAddress` of an existing user (sign-up with `confirmsMailAddress` on).
    ///
    /// - Throws: `KumoError(.mailFailure)` (502 E502002) when the transport refuses the mail; storage errors.
    package func sendMailAddressConfirmation(application: HostedApplication, userObjectId: String, mailAddress: String)
        async throws
    {
        try await send(.mailAddressConfirm, application: application, userObjectId: userObjectId, mailAddress: mailAddress)
    }

    /// Mails a link to the page where the owner of `mailAddress` chooses a password, which creates the user
    /// (`POST /requestMailAddressUserEntry`).
    /// - Returns: when the link was issued (the `createDate` of the answer).
    @discardableResult
    package func sendMailAddressUserEntry(application: HostedApplication, mailAddress: String) async throws -> WireDate {
        try await send(.mailAddressUserEntry, application: application, userObjectId: nil, mailAddress: mailAddress)
    }

    /// Mails a link to the page where the user sets a new password (`POST /requestPasswordReset`).
    /// - Returns: when the link was issued (the `createDate` of the answer).
    @discardableResult
    package func sendPasswordReset(application: HostedApplication, userObjectId: String, mailAddress: String) async throws
        -> WireDate
    {
        try await send(.passwordReset, application: application, userObjectId: userObjectId, mailAddress: mailAddress)
    }

    /// The link a mail of `purpose` carries for `token` (docs/wire/endpoints/browser-pages.md).
    package func link(purpose: OneTimeTokenPurpose, application: HostedApplication, token: String) -> String {
        let api = purpose.linkName
        if let customURL = application.settings.mail.customURL, !customURL.isEmpty {
            let separator = customURL.contains("?") ? "&" : "?"
            return customURL + separator + "link=\(api)&version=\(APIRouter.apiVersion)&applicationId="
                + PercentEncoding.encode(application.applicationId) + "&token=" + PercentEncoding.encode(token)
        }
        let page = APIRouter.print(.applicationPage(applicationId: application.applicationId, purpose.page(token: token)))
        return Self.trimmingTrailingSlashes(configuration.publicURL) + page.target
    }

    @discardableResult
    private func send(_ purpose: OneTimeTokenPurpose, application: HostedApplication, userObjectId: String?, mailAddress: String)
        async throws -> WireDate
    {
        guard MailAddress.isValid(mailAddress, allowsLocalDomain: true) else {
            throw KumoError(.invalidFormat, StandardField.User.mailAddress)
        }
        let token = SessionTokens.newOneTimeToken(environment.identifiers)
        let tokenHash = SessionTokens.hash(token)
        let now = environment.clock.now()
        let lifetime = Int64(max(application.settings.mail.tokenLifetimeSeconds, 1))
        let expiresAt = WireDate(millisecondsSince1970: now.millisecondsSince1970 + lifetime * 1000)
        try await environment.storage.accounts.createToken(
            OneTimeToken(
                tokenHash: tokenHash, applicationId: application.applicationId, purpose: purpose, mailAddress: mailAddress,
                userObjectId: userObjectId, createDate: now, expiresAt: expiresAt))
        let template = application.settings.mail.templates[purpose.rawValue] ?? MailTemplates.builtIn(purpose)
        let values = [
            "link": link(purpose: purpose, application: application, token: token), "mailAddress": mailAddress,
            "applicationName": application.name,
        ]
        let message = MailMessage(
            from: application.settings.mail.senderAddress, to: mailAddress,
            subject: MailTemplates.fill(template.subject, values), body: MailTemplates.fill(template.body, values))
        do {
            try await environment.mailer.send(message)
            environment.metrics.mailHandedOver(purpose: purpose.rawValue, sent: true)
        } catch {
            environment.metrics.mailHandedOver(purpose: purpose.rawValue, sent: false)
            // The link never left: drop its token so that nothing usable stays behind.
            _ = try? await environment.storage.accounts.deleteToken(tokenHash: tokenHash, applicationId: application.applicationId)
            environment.logger.error(
                "mail transport failed",
                metadata: ["purpose": "\(purpose.rawValue)", "applicationId": "\(application.applicationId)", "error": "\(error)"])
            throw KumoError(.mailFailure, underlying: "\(error)")
        }
        return now
    }

    private static func trimmingTrailingSlashes(_ url: String) -> String {
        var url = Substring(url)
        while url.hasSuffix("/") { url = url.dropLast() }
        return String(url)
    }
}

extension OneTimeTokenPurpose {
    /// The `link` value of NCMB's mail links (docs/wire/endpoints/browser-pages.md), which is also the name of Kumo's
    /// own page for it.
    package var linkName: String {
        switch self {
        case .mailAddressUserEntry: "requestMailAddressUserEntry"
        case .passwordReset: "requestPasswordReset"
        case .mailAddressConfirm: "mailAddressConfirm"
        }
    }

    /// The browser page a mail of this purpose links to, when the application has no `customURL`: Kumo's own form, or
    /// NCMB's confirmation endpoint.
    func page(token: String) -> ApplicationPage {
        switch self {
        case .mailAddressUserEntry: .mailAddressUserEntryForm(token: token)
        case .passwordReset: .passwordResetForm(token: token)
        case .mailAddressConfirm: .mailAddressConfirm(token: token)
        }
    }
}
