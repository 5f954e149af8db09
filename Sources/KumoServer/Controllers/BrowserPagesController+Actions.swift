import Hummingbird
import KumoSeams
import KumoStorage
import Logging
import NCMBWire

extension BrowserPagesController {
    /// `GET …/requestMailAddressUserEntry?token=` and `GET …/requestPasswordReset?token=`: Kumo's password forms. The
    /// token is checked but not used up.
    func showForm(_ purpose: OneTimeTokenPurpose, token: String?, application: HostedApplication, path: String) async throws
        -> Response
    {
        let state = try await tokenState(token, purpose: purpose, application: application)
        guard case .valid = state, let token else { return unusable(state, application: application) }
        return form(purpose, token: token, application: application, path: path, problem: nil).response(status: .ok)
    }

    /// `GET …/mailAddressConfirm?token=`: sets `mailAddressConfirm` of the user to `true`, when the user still has the
    /// address the mail went to.
    func confirmMailAddress(token: String?, application: HostedApplication) async throws -> Response {
        let state = try await tokenState(token, purpose: .mailAddressConfirm, application: application)
        guard case .valid(let stored) = state, let userObjectId = stored.userObjectId else {
            return unusable(state, application: application)
        }
        guard try await claim(stored), try await userStillHasAddress(userObjectId, of: stored, application: application) else {
            return unusable(.invalid, application: application)
        }
        let update = ObjectUpdate(
            key: userKey(userObjectId, application), updateDate: environment.clock.now(),
            operations: [(StandardField.User.mailAddressConfirm, .set(.bool(true)))])
        do {
            _ = try await environment.storage.objects.update(update, access: .bypass)
        } catch StorageError.notFound {
            return unusable(.invalid, application: application)
        }
        environment.logger.info("mail address confirmed", metadata: ["objectId": "\(userObjectId)"])
        return success(BrowserPages.mailAddressConfirmed(), customPage: "emailConformComplete", application: application)
    }

    /// `POST …/mailAddressUser` (`password`, `NCMBToken`): creates the user of a mail-address sign-up.
    ///
    /// The new user gets a random 10-character `userName` (as anonymous users do), the address with
    /// `mailAddressConfirm: true` (following the link proved it), the password hash and the default user ACL.
    func createMailAddressUser(fields: JSONObject, application: HostedApplication, path: String) async throws -> Response {
        let token = fields["NCMBToken"]?.stringValue
        let state = try await tokenState(token, purpose: .mailAddressUserEntry, application: application)
        guard case .valid(let stored) = state, let token else { return unusable(state, application: application) }
        guard let password = fields["password"]?.stringValue, !password.isEmpty else {
            return formProblem(.mailAddressUserEntry, token: token, application: application, path: path)
        }
        guard try await claim(stored) else { return unusable(.invalid, application: application) }
        let passwordHash = try await environment.passwordHasher.hash(password)
        let operations: [(FieldName, FieldOperation)] = [
            (StandardField.User.mailAddress, .set(.string(stored.mailAddress))),
            (StandardField.User.mailAddressConfirm, .set(.bool(true))),
        ]
        var attempt = 0
        while true {
            let objectId = environment.identifiers.objectId()
            let userName = environment.identifiers.randomString(length: 10, alphabet: IdentifierAlphabet.alphanumeric)
            let user = NewObject(
                key: userKey(objectId, application), createDate: environment.clock.now(),
                operations: [(StandardField.User.userName, .set(.string(userName)))] + operations,
                acl: .defaultUser(objectId: objectId, settings: application.settings), extras: .user(passwordHash: passwordHash))
            do {
                _ = try await environment.storage.objects.create(user)
                environment.logger.info("mail address user created", metadata: ["objectId": "\(objectId)"])
                return success(
                    BrowserPages.mailAddressUserCreated(), customPage: "mailAddressUserEntryComplete", application: application)
            } catch StorageError.duplicate(let field) where field == StandardField.User.mailAddress.rawValue {
                // Someone registered the address after the mail went out.
                return alreadyRegistered(application: application)
            } catch StorageError.duplicate(let field)
                where (field == FieldName.objectId.rawValue || field == StandardField.User.userName.rawValue) && attempt == 0
            {
                attempt += 1
            }
        }
    }

    /// `POST …/requestPasswordResetUpdate` (`newPassword`, `token`; `temporaryPassword` is accepted and ignored, Kumo
    /// mails no temporary password): sets the user's new password, when the user still has the address the mail went to,
    /// and ends every session of the user.
    func updatePassword(fields: JSONObject, application: HostedApplication, path: String) async throws -> Response {
        let token = fields["token"]?.stringValue
        let state = try await tokenState(token, purpose: .passwordReset, application: application)
        guard case .valid(let stored) = state, let token, let userObjectId = stored.userObjectId else {
            return unusable(state, application: application)
        }
        guard let newPassword = fields["newPassword"]?.stringValue, !newPassword.isEmpty else {
            return formProblem(.passwordReset, token: token, application: application, path: path)
        }
        guard try await claim(stored), try await userStillHasAddress(userObjectId, of: stored, application: application) else {
            return unusable(.invalid, application: application)
        }
        let passwordHash = try await environment.passwordHasher.hash(newPassword)
        let update = ObjectUpdate(
            key: userKey(userObjectId, application), updateDate: environment.clock.now(), operations: [],
            extras: .user(passwordHash: passwordHash))
        do {
            _ = try await environment.storage.objects.update(update, access: .bypass)
        } catch StorageError.notFound {
            return unusable(.invalid, application: application)
        }
        // Whoever knew the old password is signed out: a reset ends every session of the user.
        let ended = try await environment.storage.accounts.deleteSessions(
            applicationId: application.applicationId, userObjectId: userObjectId, keepingTokenHash: nil)
        environment.logger.info("password reset", metadata: ["objectId": "\(userObjectId)", "endedSessions": "\(ended)"])
        return success(BrowserPages.passwordChanged(), customPage: "passwordModifyComplete", application: application)
    }

    // MARK: - Helpers

    /// Whether the user of a token exists and still has the address the token's mail went to: a link sent to an old
    /// address must not confirm, or reset the password of, an account that moved on.
    private func userStillHasAddress(_ userObjectId: String, of token: OneTimeToken, application: HostedApplication) async throws
        -> Bool
    {
        let credentials = try await environment.storage.accounts.credentials(
            applicationId: application.applicationId, lookup: .objectId(userObjectId))
        return credentials?.user.fields[StandardField.User.mailAddress] == .string(token.mailAddress)
    }

    private func userKey(_ objectId: String, _ application: HostedApplication) -> ObjectKey {
        ObjectKey(applicationId: application.applicationId, className: .user, objectId: objectId)
    }

    private func form(
        _ purpose: OneTimeTokenPurpose, token: String, application: HostedApplication, path: String, problem: String?
    ) -> BrowserPage {
        switch purpose {
        case .mailAddressUserEntry:
            BrowserPages.mailAddressUserEntryForm(
                applicationName: application.name, token: token, action: Self.action("mailAddressUser", from: path),
                problem: problem)
        case .passwordReset, .mailAddressConfirm:
            BrowserPages.passwordResetForm(
                applicationName: application.name, token: token, action: Self.action("requestPasswordResetUpdate", from: path),
                problem: problem)
        }
    }

    /// An empty password: Kumo's form again with a message (400), or `invalidLink` under a `customURL`. The token stays
    /// valid.
    private func formProblem(_ purpose: OneTimeTokenPurpose, token: String, application: HostedApplication, path: String)
        -> Response
    {
        if let customURL = Self.customURL(application) { return BrowserPage.redirect(to: customURL + "/invalidLink/") }
        let problem = "パスワードを入力してください。 / Please enter a password."
        return form(purpose, token: token, application: application, path: path, problem: problem).response(status: .badRequest)
    }

    private func alreadyRegistered(application: HostedApplication) -> Response {
        if let customURL = Self.customURL(application) { return BrowserPage.redirect(to: customURL + "/invalidLink/") }
        return BrowserPages.alreadyRegistered().response(status: .conflict)
    }
}
