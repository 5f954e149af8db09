import Hummingbird
import KumoSeams
import NCMBWire

/// The texts of Kumo's own browser pages (Japanese, then English), for applications without a `customURL`.
enum BrowserPages {
    /// The password form of a mail-address sign-up; posts `password` and `NCMBToken`.
    static func mailAddressUserEntryForm(applicationName: String, token: String, action: String, problem: String?) -> BrowserPage {
        BrowserPage(
            title: "会員登録 / Sign up",
            paragraphs: [
                "\(applicationName) で使うパスワードを決めてください。",
                "Choose the password you will use with \(applicationName).",
            ] + (problem.map { [$0] } ?? []),
            form: BrowserPage.Form(
                action: action, hiddenFields: [(name: "NCMBToken", value: token)], passwordFieldName: "password",
                submitLabel: "登録する / Sign up"))
    }

    /// The new-password form of a password reset; posts `newPassword` and `token`.
    static func passwordResetForm(applicationName: String, token: String, action: String, problem: String?) -> BrowserPage {
        BrowserPage(
            title: "パスワード再設定 / Reset password",
            paragraphs: [
                "\(applicationName) の新しいパスワードを入力してください。",
                "Enter your new password for \(applicationName).",
            ] + (problem.map { [$0] } ?? []),
            form: BrowserPage.Form(
                action: action, hiddenFields: [(name: "token", value: token)], passwordFieldName: "newPassword",
                submitLabel: "変更する / Change password"))
    }

    /// After `mailAddressConfirm`.
    static func mailAddressConfirmed() -> BrowserPage {
        BrowserPage(
            title: "メールアドレスを確認しました / Mail address confirmed",
            paragraphs: ["メールアドレスの確認が完了しました。", "Your mail address is confirmed. You can close this page."])
    }

    /// After a mail-address sign-up.
    static func mailAddressUserCreated() -> BrowserPage {
        BrowserPage(
            title: "登録が完了しました / Sign-up complete",
            paragraphs: [
                "会員登録が完了しました。アプリからメールアドレスとパスワードでログインしてください。",
                "You are signed up. Log in from the app with your mail address and password.",
            ])
    }

    /// After a password reset.
    static func passwordChanged() -> BrowserPage {
        BrowserPage(
            title: "パスワードを変更しました / Password changed",
            paragraphs: ["パスワードを変更しました。", "Your password is changed. Log in from the app with the new password."])
    }

    /// A token that is unknown, used or for another page (400).
    static func invalidLink() -> BrowserPage {
        BrowserPage(
            title: "無効なリンクです / Invalid link",
            paragraphs: [
                "このリンクは無効か、すでに使用されています。もう一度お申し込みください。",
                "This link is not valid or was used already. Please ask for a new mail.",
            ])
    }

    /// A token past its expiry (403, E403004).
    static func expiredLink() -> BrowserPage {
        BrowserPage(
            title: "リンクの有効期限が切れています / Link expired",
            paragraphs: [
                "このリンクの有効期限が切れています。もう一度お申し込みください。",
                "This link has expired. Please ask for a new mail. (E403004)",
            ])
    }

    /// The address was registered after the sign-up mail went out (409).
    static func alreadyRegistered() -> BrowserPage {
        BrowserPage(
            title: "登録済みのメールアドレスです / Already registered",
            paragraphs: [
                "このメールアドレスはすでに登録されています。", "This mail address is already registered. Log in or reset your password.",
            ])
    }

    /// An unknown applicationId (404).
    static func unknownApplication() -> Response {
        BrowserPage(title: "ページが見つかりません / Not found", paragraphs: ["このアプリケーションは存在しません。", "No such application."])
            .response(status: .notFound)
    }

    /// Any other failure, with the NCMB code for support.
    static func failure(_ error: KumoError) -> BrowserPage {
        BrowserPage(
            title: "エラー / Error",
            paragraphs: ["処理を完了できませんでした。", "The request could not be completed. (\(error.code.code) \(error.message))"])
    }
}
