import KumoSeams
import KumoStorage
import Logging
import NCMBWire

extension UsersController {
    /// `POST /users` with `userName` and `password` (docs/wire/endpoints/users.md, F28–F30): stores the user, its
    /// password hash and a first session in one transaction and answers 201 with the session token.
    func signUp(body: JSONObject, application: HostedApplication) async throws -> APIResult {
        let userName = try UserBody.requiredText(body[StandardField.User.userName], key: StandardField.User.userName)
        let password = try UserBody.requiredText(body[StandardField.User.password], key: StandardField.User.password)
        let mailAddress = try UserBody.mailAddress(body[StandardField.User.mailAddress])
        // `"authData":null` (some SDKs send it) links nothing.
        var fields = UserBody.removing(UserBody.unstoredKeys.union([StandardField.User.authData]), from: body)
        fields[StandardField.User.userName] = .string(userName)
        let sendsConfirmation = mailAddress != nil && application.settings.mail.confirmsMailAddress
        if sendsConfirmation { fields[StandardField.User.mailAddressConfirm] = false }
        let (operations, acl) = try FieldOperation.parseBody(fields)
        let passwordHash = try await environment.passwordHasher.hash(password)
        let (user, sessionToken) = try await insertUser(
            operations: operations, acl: acl, passwordHash: passwordHash, application: application)
        environment.logger.info("user signed up", metadata: ["objectId": "\(user.objectId)"])
        if sendsConfirmation, let mailAddress {
            await sendMailAddressConfirmation(application: application, userObjectId: user.objectId, mailAddress: mailAddress)
        }
        return .json(201, UserRendering.signUp(user, sessionToken: sessionToken))
    }

    /// Inserts a new user with a fresh objectId (the default ACL names it), its password hash and a first session, in
    /// one storage transaction. Retries once when the objectId collides.
    func insertUser(
        operations: [(FieldName, FieldOperation)], acl: AccessControlList?, passwordHash: String?,
        application: HostedApplication
    ) async throws -> (user: StoredObject, sessionToken: String) {
        let issuer = SessionIssuer(environment: environment)
        let createDate = environment.clock.now()
        var sessionToken = ""
        let user = try await environment.createWithFreshObjectId { objectId in
            let (token, grant) = issuer.newSession(settings: application.settings)
            sessionToken = token
            return NewObject(
                key: userKey(application, objectId), createDate: createDate, operations: operations,
                acl: acl ?? .defaultUser(objectId: objectId, settings: application.settings),
                extras: .user(passwordHash: passwordHash, session: grant))
        }
        return (user, sessionToken)
    }

    /// Mails the confirmation link of a new address. A failed mail does not undo the sign-up (the user exists and holds
    /// a session); it is logged, and the user can ask again by changing the address. Past the mail throttle's limit for
    /// the address no mail goes out, which is logged the same way.
    func sendMailAddressConfirmation(application: HostedApplication, userObjectId: String, mailAddress: String) async {
        do {
            // Counted against the recipient like the mail requests (docs/decisions/0121-sign-in-and-mail-throttles.md).
            try throttles.admitMail(to: mailAddress, from: nil, now: environment.clock.now())
            try await AccountMailer(environment: environment, configuration: configuration).sendMailAddressConfirmation(
                application: application, userObjectId: userObjectId, mailAddress: mailAddress)
        } catch {
            environment.logger.error(
                "mail address confirmation not sent",
                metadata: ["objectId": "\(userObjectId)", "error": "\(KumoError.from(error).description)"])
        }
    }
}
