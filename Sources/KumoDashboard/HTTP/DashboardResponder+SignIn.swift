import Foundation
import HTTPTypes
import Hummingbird
import KumoAdministration
import KumoSeams
import KumoStorage
import NCMBWire

extension DashboardResponder {
    /// The largest sign-in or setup form read.
    static var maximumFormBytes: Int { 16 * 1024 }

    /// `GET /dashboard/login`: the form with a fresh form token (cookie and hidden field).
    func loginPage(_ request: Request, client: DashboardClient, next: String?) async throws -> Response {
        let language = DashboardPages.language(acceptLanguage: request.headers[.acceptLanguage])
        if try await currentSession(request) != nil { return DashboardResponses.redirect(Self.safeNext(next)) }
        return formPage(client: client) { csrf in DashboardPages.login(language: language, csrf: csrf, next: next) }
    }

    /// `POST /dashboard/login`: form token, throttling, then the password; 303 with the session cookie, or the form
    /// again with an error (429 when throttled).
    func login(_ request: Request, client: DashboardClient) async throws -> Response {
        let language = DashboardPages.language(acceptLanguage: request.headers[.acceptLanguage])
        guard let form = try? await Self.form(request) else {
            return DashboardResponses.error(.contentTooLarge, code: "tooLarge", "The form is too large.")
        }
        let email = form["email"] ?? ""
        let next = form["next"]
        guard formTokenMatches(request, form: form), originMatches(request) else {
            return formPage(client: client, status: .forbidden) { csrf in
                DashboardPages.login(language: language, csrf: csrf, next: next, error: Self.text(language).expiredForm, email: email)
            }
        }
        // Counted before the password is hashed, so that concurrent guesses cannot all pass one check
        // (docs/decisions/0121-sign-in-and-mail-throttles.md).
        let attempt: SignInThrottle.Attempt
        switch throttle.admit(account: "admin:" + StoredAdmin.emailKey(email), address: client.address, now: environment.clock.now()) {
        case .admitted(let admitted): attempt = admitted
        case .refused(let retryAfter):
            var response = formPage(client: client, status: .tooManyRequests) { csrf in
                DashboardPages.login(language: language, csrf: csrf, next: next, error: Self.text(language).throttled, email: email)
            }
            response.headers[.retryAfter] = String(retryAfter)
            return response
        }
        let password = form["password"] ?? ""
        let admin: StoredAdmin?
        let matches: Bool
        do {
            admin = try await environment.storage.admins.admin(email: email)
            if let admin {
                matches = try await environment.passwordHasher.verify(password, hash: admin.passwordHash)
            } else {
                // The same bcrypt work for an unknown address, so that timing does not tell which addresses exist.
                _ = try await environment.passwordHasher.verify(password, hash: try await dummyHash.value(environment.passwordHasher))
                matches = false
            }
        } catch {
            throttle.abandoned(attempt)
            throw error
        }
        guard let admin, matches else {
            try await environment.admins.audit(actor: email, action: "login.failed", address: client.address)
            return formPage(client: client, status: .unauthorized) { csrf in
                DashboardPages.login(language: language, csrf: csrf, next: next, error: Self.text(language).wrongPassword, email: email)
            }
        }
        throttle.succeeded(attempt, now: environment.clock.now())
        try await environment.admins.audit(actor: admin.email, action: "login", address: client.address)
        return try await startSession(for: admin, client: client, redirectTo: Self.safeNext(next))
    }

    /// `POST /dashboard/logout`: ends the session (the form field `csrf` or the header must carry its CSRF token).
    func logout(_ request: Request, client: DashboardClient) async throws -> Response {
        guard let session = try await currentSession(request) else { return DashboardResponses.redirect("/dashboard/login") }
        let form = (try? await Self.form(request)) ?? [:]
        guard let sent = request.headers[DashboardHeaderNames.csrf] ?? form["csrf"],
            DashboardTokens.constantTimeEquals(sent, session.csrfToken), originMatches(request)
        else { return DashboardResponses.error(.forbidden, code: "csrf", "The request lacks a valid CSRF token.") }
        try await environment.storage.admins.removeSession(tokenHash: session.tokenHash)
        try await environment.admins.audit(actor: session.email, action: "logout", address: client.address)
        var response = DashboardResponses.redirect("/dashboard/login")
        response.headers[.setCookie] = DashboardCookies.setCookie(DashboardCookies.session, "", maxAge: 0, secure: client.isSecure)
        return response
    }

    /// `GET /dashboard/setup?token=…`: the first administrator's form while none exists.
    func setupPage(_ request: Request, client: DashboardClient, token: String) async throws -> Response {
        let language = DashboardPages.language(acceptLanguage: request.headers[.acceptLanguage])
        let isValid = try await environment.storage.admins.adminCount() == 0 && !token.isEmpty
        return formPage(client: client, status: isValid ? .ok : .notFound) { csrf in
            DashboardPages.setup(language: language, csrf: csrf, token: token, isValid: isValid)
        }
    }

    /// `POST /dashboard/setup`: uses the token up and creates the first administrator, then signs them in.
    func setup(_ request: Request, client: DashboardClient) async throws -> Response {
        let language = DashboardPages.language(acceptLanguage: request.headers[.acceptLanguage])
        guard let form = try? await Self.form(request) else {
            return DashboardResponses.error(.contentTooLarge, code: "tooLarge", "The form is too large.")
        }
        let token = form["token"] ?? ""
        guard formTokenMatches(request, form: form), originMatches(request) else {
            return formPage(client: client, status: .forbidden) { csrf in
                DashboardPages.setup(language: language, csrf: csrf, token: token, isValid: true, error: Self.text(language).expiredForm)
            }
        }
        let email = form["email"] ?? ""
        let password = form["password"] ?? ""
        do {
            try AdministrationAdmins.checkEmail(email)
            try AdministrationAdmins.checkPassword(password)
        } catch {
            return formPage(client: client, status: .badRequest) { csrf in
                DashboardPages.setup(language: language, csrf: csrf, token: token, isValid: true, error: error.description)
            }
        }
        let now = environment.clock.now()
        let admin = StoredAdmin(
            id: environment.identifiers.objectId(), email: email, passwordHash: try await environment.passwordHasher.hash(password),
            createDate: now)
        do {
            try await environment.storage.admins.createFirstAdmin(admin, setupTokenHash: DashboardTokens.hash(token), now: now)
        } catch StorageError.notFound {
            return formPage(client: client, status: .notFound) { csrf in
                DashboardPages.setup(language: language, csrf: csrf, token: token, isValid: false)
            }
        }
        try await environment.admins.audit(
            actor: admin.email, action: "admin.create", target: admin.email, detail: ["via": "setup"], address: client.address)
        return try await startSession(for: admin, client: client, redirectTo: "/dashboard/")
    }

    /// Stores a new session and answers 303 with its cookie (the form cookie deleted).
    private func startSession(for admin: StoredAdmin, client: DashboardClient, redirectTo location: String) async throws -> Response {
        let token = environment.identifiers.key()
        let now = environment.clock.now()
        try await environment.storage.admins.removeExpiredSessions(now: now)
        try await environment.storage.admins.createSession(
            AdminSession(
                tokenHash: DashboardTokens.hash(token), adminId: admin.id, email: admin.email, csrfToken: environment.identifiers.key(),
                createDate: now,
                expiresAt: WireDate(millisecondsSince1970: now.millisecondsSince1970 + Int64(configuration.sessionIdleSeconds) * 1000)))
        var response = DashboardResponses.redirect(location)
        response.headers.append(
            HTTPField(
                name: .setCookie, value: DashboardCookies.setCookie(DashboardCookies.session, token, maxAge: nil, secure: client.isSecure)))
        response.headers.append(
            HTTPField(name: .setCookie, value: DashboardCookies.setCookie(DashboardCookies.form, "", maxAge: 0, secure: client.isSecure)))
        return response
    }

    /// A form page with a fresh form token in its hidden field and its cookie.
    private func formPage(client: DashboardClient, status: HTTPResponse.Status = .ok, _ render: (String) -> String) -> Response {
        let csrf = environment.identifiers.key()
        var response = DashboardResponses.html(status, render(csrf))
        response.headers[.setCookie] = DashboardCookies.setCookie(
            DashboardCookies.form, csrf, maxAge: configuration.formTokenSeconds, secure: client.isSecure)
        return response
    }

    /// Whether the form's `csrf` equals the form cookie.
    private func formTokenMatches(_ request: Request, form: [String: String]) -> Bool {
        guard let cookie = DashboardCookies.value(DashboardCookies.form, in: request.headers), !cookie.isEmpty, let sent = form["csrf"]
        else { return false }
        return DashboardTokens.constantTimeEquals(cookie, sent)
    }

    /// A form body's fields (the first of each name).
    static func form(_ request: Request) async throws -> [String: String] {
        let bytes = try await collect(request, limit: maximumFormBytes)
        var fields: [String: String] = [:]
        for item in try QueryItem.parse(String(decoding: bytes, as: UTF8.self)) where fields[item.name] == nil {
            fields[item.name] = item.value
        }
        return fields
    }

    /// Where to go after signing in: a page of the dashboard with its query, never another site nor a path that leaves
    /// `/dashboard/` (docs/dashboard.md#sign-in). Refused, and `/dashboard/` instead: anything but visible ASCII (the browser
    /// sends its `next` percent-encoded), a backslash, `//` or a `.`/`..` segment (also percent-encoded) in the path.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/dashboard/"),
            next.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) && $0 != "\\" })
        else { return "/dashboard/" }
        let path = next.prefix { $0 != "?" && $0 != "#" }
        let dotSegment = path.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
            [".", ".."].contains(PercentEncoding.decode(segment) ?? String(segment))
        }
        guard !path.contains("//"), !dotSegment else { return "/dashboard/" }
        return next
    }

    /// The sign-in messages in one language.
    static func text(_ language: String) -> (expiredForm: String, throttled: String, wrongPassword: String) {
        language == "ja"
            ? ("フォームの有効期限が切れました。もう一度お試しください。", "サインインの失敗が多すぎます。しばらくしてからお試しください。", "メールアドレスまたはパスワードが違います。")
            : ("The form expired; please try again.", "Too many failed sign-ins; try again later.", "Wrong e-mail address or password.")
    }
}

/// The hash of a throw-away password, made once with the live hasher's cost: an unknown address is checked against
/// it, so that answering it costs the same bcrypt work as a wrong password.
final class DummyPasswordHash: @unchecked Sendable {
    // Unchecked: every access to `hash` holds `lock`.
    private var hash: String?
    private let lock = NSLock()

    func value(_ hasher: any AdminPasswordHasher) async throws -> String {
        if let known = lock.withLock({ hash }) { return known }
        let made = try await hasher.hash("kumo-dashboard-dummy-password")
        lock.withLock { hash = made }
        return made
    }
}
