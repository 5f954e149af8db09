import KumoSeams
import KumoStorage
import Logging
package import NCMBWire

extension UsersController {
    /// `POST /login` and `GET /login` (docs/wire/endpoints/users.md, F31–F35): `userName` or `mailAddress` plus
    /// `password`.
    ///
    /// Unknown users, users without a password and wrong passwords all answer 401 E401002 after the same bcrypt work,
    /// so that neither the answer nor its timing tells which user names exist. With `confirmsMailAddress`, logging in by
    /// mail address needs a confirmed address. Every attempt is counted by the sign-in throttle before its password is
    /// hashed, known user or not; past a limit the answer is 429 E429002 with `Retry-After` and no hash is computed
    /// (docs/decisions/0121-sign-in-and-mail-throttles.md).
    package func login(_ route: LoginRoute, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let fields = route.fields
        let lookup: UniqueValue
        if let userName = Self.nonEmptyText(fields[StandardField.User.userName]) {
            lookup = UniqueValue(field: StandardField.User.userName.rawValue, value: userName)
        } else if let mailAddress = Self.nonEmptyText(fields[StandardField.User.mailAddress]) {
            lookup = UniqueValue(field: StandardField.User.mailAddress.rawValue, value: mailAddress)
        } else {
            throw KumoError(.required, StandardField.User.userName)
        }
        let password = try UserBody.requiredText(fields[StandardField.User.password], key: StandardField.User.password)
        let credentials = try await environment.storage.accounts.credentials(
            applicationId: application.applicationId, lookup: .unique(lookup))
        // A known user is counted by objectId (whether named by userName or mailAddress), an unknown one by what was typed.
        let account =
            application.applicationId + "/" + (credentials.map { "user:" + $0.user.objectId } ?? "\(lookup.field):\(lookup.value)")
        let attempt = try throttles.admitSignIn(account: account, address: context.clientAddress, now: environment.clock.now())
        let matches: Bool
        do {
            if let passwordHash = credentials?.passwordHash {
                matches = try await environment.passwordHasher.verify(password, hash: passwordHash)
            } else {
                await timingShield.verifyAgainstNothing(password)
                matches = false
            }
        } catch {
            // Not judged (the hashing pool is full): not a failure.
            throttles.signIn.abandoned(attempt)
            throw error
        }
        guard let credentials, matches else {
            if let credentials { environment.logger.info("login refused", metadata: ["objectId": "\(credentials.user.objectId)"]) }
            throw KumoError(.authenticationErrorWithIdPassIncorrect)
        }
        if lookup.field == StandardField.User.mailAddress.rawValue, application.settings.mail.confirmsMailAddress,
            credentials.user.fields[StandardField.User.mailAddressConfirm] != true
        {
            throttles.signIn.abandoned(attempt)
            throw KumoError(.authenticationErrorWithIdPassIncorrect, underlying: "mail address not confirmed")
        }
        throttles.signIn.succeeded(attempt, now: environment.clock.now())
        return .json(200, try await openSession(for: credentials.user, application: application))
    }

    /// Opens a session for an authenticated user and renders the login answer.
    func openSession(for user: StoredObject, application: HostedApplication) async throws -> JSONValue {
        let sessionToken: String
        do {
            sessionToken = try await SessionIssuer(environment: environment).openSession(
                application: application, userObjectId: user.objectId)
        } catch StorageError.notFound {
            // Deleted between the password check and now.
            throw KumoError(.authenticationErrorWithIdPassIncorrect, underlying: "user deleted during login")
        }
        environment.logger.info("user logged in", metadata: ["objectId": "\(user.objectId)"])
        return UserRendering.login(user, sessionToken: sessionToken)
    }

    /// A string value that is not empty, else `nil`.
    static func nonEmptyText(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value, !text.isEmpty else { return nil }
        return text
    }
}
