package import KumoStorage

/// The built-in mail texts (Japanese, then English) and the placeholder filling of templates.
package enum MailTemplates {
    /// The text Kumo sends for `purpose` when the application has no template of its own.
    package static func builtIn(_ purpose: OneTimeTokenPurpose) -> MailTemplate {
        switch purpose {
        case .mailAddressUserEntry:
            MailTemplate(
                subject: "{applicationName}: 会員登録のご案内 / Complete your sign-up",
                body: """
                    {mailAddress} 様

                    {applicationName} への会員登録のお申し込みを受け付けました。
                    次のリンクを開いてパスワードを設定してください。

                    To finish signing up to {applicationName}, open this link and choose a password:

                    {link}

                    お心当たりのない場合はこのメールを破棄してください。
                    If you did not ask for this, ignore this mail.

                    """)
        case .passwordReset:
            MailTemplate(
                subject: "{applicationName}: パスワード再設定のご案内 / Reset your password",
                body: """
                    {mailAddress} 様

                    {applicationName} のパスワード再設定のお申し込みを受け付けました。
                    次のリンクを開いて新しいパスワードを設定してください。

                    To set a new password for {applicationName}, open this link:

                    {link}

                    お心当たりのない場合はこのメールを破棄してください。パスワードは変更されません。
                    If you did not ask for this, ignore this mail: your password stays unchanged.

                    """)
        case .mailAddressConfirm:
            MailTemplate(
                subject: "{applicationName}: メールアドレスの確認 / Confirm your mail address",
                body: """
                    {mailAddress} 様

                    {applicationName} に登録されたメールアドレスを確認するため、次のリンクを開いてください。

                    To confirm this mail address for {applicationName}, open this link:

                    {link}

                    お心当たりのない場合はこのメールを破棄してください。
                    If you did not ask for this, ignore this mail.

                    """)
        }
    }

    /// `template` with every `{name}` whose name is a key of `values` replaced, in one pass: a value that itself holds
    /// `{link}` is copied as it is, never expanded. Unknown placeholders stay as written.
    package static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        result.reserveCapacity(template.utf8.count)
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return result
    }
}
