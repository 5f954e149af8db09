import KumoSeams

/// The two server-rendered pages: sign-in and first-administrator setup (docs/dashboard.md#sign-in). Everything else
/// is the app shell (`Assets/index.html`). No inline script or style: the Content-Security-Policy forbids both.
package enum DashboardPages {
    /// The texts of the pages in one language.
    struct Texts {
        let language: String
        let title: String
        let heading: String
        let email: String
        let password: String
        let signIn: String
        let setupHeading: String
        let setupIntroduction: String
        let create: String
        let invalidSetup: String

        static let english = Texts(
            language: "en", title: "Kumo Dashboard", heading: "Sign in to Kumo", email: "E-mail address", password: "Password",
            signIn: "Sign in", setupHeading: "Create the first administrator",
            setupIntroduction: "This one-time link creates the first administrator of this Kumo server.", create: "Create administrator",
            invalidSetup: "This setup link is no longer valid. Restart kumo serve for a new one, or use kumo admins create.")
        static let japanese = Texts(
            language: "ja", title: "Kumo ダッシュボード", heading: "Kumo にサインイン", email: "メールアドレス", password: "パスワード",
            signIn: "サインイン", setupHeading: "最初の管理者を作成", setupIntroduction: "この一度だけ使えるリンクで、この Kumo サーバーの最初の管理者を作成します。",
            create: "管理者を作成", invalidSetup: "このセットアップリンクは無効です。kumo serve を再起動して新しいリンクを得るか、kumo admins create を使ってください。")

        static func of(_ language: String) -> Texts { language == "ja" ? japanese : english }
    }

    /// The sign-in form: `email`, `password`, the hidden `csrf` and `next`.
    package static func login(language: String, csrf: String, next: String?, error: String? = nil, email: String = "") -> String {
        let texts = Texts.of(language)
        let form = """
            <form method="post" action="/dashboard/login">
            <input type="hidden" name="csrf" value="\(HTMLText.escape(csrf))">
            <input type="hidden" name="next" value="\(HTMLText.escape(next ?? "/dashboard/"))">
            <label for="email">\(HTMLText.escape(texts.email))</label>
            <input id="email" name="email" type="email" autocomplete="username" required autofocus value="\(HTMLText.escape(email))">
            <label for="password">\(HTMLText.escape(texts.password))</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit">\(HTMLText.escape(texts.signIn))</button>
            </form>
            """
        return page(texts, heading: texts.heading, error: error, body: form)
    }

    /// The setup form: `email`, `password`, the hidden `token` and `csrf`; without a valid token, a message.
    package static func setup(language: String, csrf: String, token: String, isValid: Bool, error: String? = nil) -> String {
        let texts = Texts.of(language)
        guard isValid else { return page(texts, heading: texts.setupHeading, error: texts.invalidSetup, body: "") }
        let form = """
            <p>\(HTMLText.escape(texts.setupIntroduction))</p>
            <form method="post" action="/dashboard/setup">
            <input type="hidden" name="csrf" value="\(HTMLText.escape(csrf))">
            <input type="hidden" name="token" value="\(HTMLText.escape(token))">
            <label for="email">\(HTMLText.escape(texts.email))</label>
            <input id="email" name="email" type="email" autocomplete="username" required autofocus>
            <label for="password">\(HTMLText.escape(texts.password))</label>
            <input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
            <button type="submit">\(HTMLText.escape(texts.create))</button>
            </form>
            """
        return page(texts, heading: texts.setupHeading, error: error, body: form)
    }

    private static func page(_ texts: Texts, heading: String, error: String?, body: String) -> String {
        let alert = error.map { "<p class=\"error\" role=\"alert\">\(HTMLText.escape($0))</p>\n" } ?? ""
        return """
            <!doctype html>
            <html lang="\(texts.language)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(texts.title))</title>
            <link rel="stylesheet" href="/dashboard/assets/styles.css">
            </head>
            <body class="signin">
            <main>
            <h1>\(HTMLText.escape(heading))</h1>
            \(alert)\(body)
            </main>
            </body>
            </html>

            """
    }

    /// The language of `Accept-Language`: `ja` when Japanese is preferred over English, else `en`.
    package static func language(acceptLanguage: String?) -> String {
        guard let acceptLanguage else { return "en" }
        var best: (language: String, quality: Double)?
        for entry in acceptLanguage.split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters() }
            guard let tag = parts.first?.lowercased() else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let language = tag.hasPrefix("ja") ? "ja" : tag.hasPrefix("en") ? "en" : nil
            guard let language, quality > (best?.quality ?? 0) else { continue }
            best = (language, quality)
        }
        return best?.language ?? "en"
    }
}

extension Substring {
    /// The text without surrounding spaces.
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
