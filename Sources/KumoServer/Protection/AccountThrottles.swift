package import KumoSeams
package import NCMBWire

/// How many account mails Kumo sends (docs/decisions/0121-sign-in-and-mail-throttles.md). `nil` turns a limit off.
package struct MailRequestLimits: Sendable, Hashable {
    /// Mails to one address in the window, whoever asks: 5.
    package var perRecipient: Int? = 5
    /// Mail requests (`requestPasswordReset`, `requestMailAddressUserEntry`) one client address may make in the window: 20.
    package var perAddress: Int? = 20
    /// The window: 1 hour.
    package var windowSeconds = 60 * 60

    /// The defaults.
    package init() {}
}

/// The throttles of the account routes, shared by the controllers of one server
/// (docs/decisions/0121-sign-in-and-mail-throttles.md):
///
/// - `login` (`GET` and `POST`): ``SignInThrottle``, counted before the password is hashed;
/// - the mails to an address (`requestPasswordReset`, `requestMailAddressUserEntry`, and the confirmation mail of a
///   sign-up or address change): per recipient and per client address, counted before anything is looked up or sent.
///
/// Refusals are 429 `{"code":"E429002","error":"Too many requests."}` with `Retry-After`, as the rate limits answer.
package final class AccountThrottles: Sendable {
    /// The sign-in throttle of `login`.
    package let signIn: SignInThrottle
    /// The mail throttle.
    let mail: AttemptThrottle
    let mailLimits: MailRequestLimits

    /// Creates the throttles of `configuration`.
    package init(configuration: KumoConfiguration) {
        signIn = SignInThrottle(limits: configuration.signInLimits)
        mailLimits = configuration.mailRequestLimits
        mail = AttemptThrottle(windowSeconds: configuration.mailRequestLimits.windowSeconds)
    }

    /// Counts a sign-in attempt before its password is checked.
    ///
    /// - Throws: 429 E429002 with `Retry-After` when a limit is full.
    func admitSignIn(account: String, address: String?, now: WireDate) throws(KumoError) -> SignInThrottle.Attempt {
        switch signIn.admit(account: account, address: address, now: now) {
        case .admitted(let attempt): return attempt
        case .refused(let seconds): throw KumoError.tooManyRequests(retryAfter: seconds)
        }
    }

    /// Counts a mail to `recipient` asked from the client `address` (`nil` when no client asked directly: a sign-up's
    /// confirmation counts against the recipient only).
    ///
    /// - Throws: 429 E429002 with `Retry-After` when a limit is full.
    func admitMail(to recipient: String, from address: String?, now: WireDate) throws(KumoError) {
        var limits: [AttemptThrottle.Limit] = []
        if let maximum = mailLimits.perRecipient { limits.append(.init("recipient:" + recipient.lowercased(), maximum: maximum)) }
        if let address, let maximum = mailLimits.perAddress {
            limits.append(.init("address:" + ClientAddressKey.key(address), maximum: maximum))
        }
        guard !limits.isEmpty else { return }
        if case .refused(let seconds) = mail.reserve(limits, now: now) { throw KumoError.tooManyRequests(retryAfter: seconds) }
    }
}
