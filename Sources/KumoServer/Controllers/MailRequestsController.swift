import Hummingbird
import KumoMemberwise
import KumoSeams
import KumoStorage
import Logging
package import NCMBWire

/// Serves `POST /requestMailAddressUserEntry` and `POST /requestPasswordReset`
/// (docs/wire/endpoints/users.md#mail-flows): issues a one-time token and mails a link to the browser pages
/// (`BrowserPagesController`).
@PackageMemberwiseInit
package struct MailRequestsController: Sendable {
    let environment: ServerEnvironment
    let configuration: KumoConfiguration
    /// The mail throttle (docs/decisions/0121-sign-in-and-mail-throttles.md).
    let throttles: AccountThrottles

    /// `POST /requestMailAddressUserEntry` → 201 `{"createDate"}` (F46).
    ///
    /// - Throws: 400 E400003 `"mailAddress is empty."` when missing or `null` (F48); 400 E400004
    ///   `"mailAddress is invalid format."` for `""`, another type or a malformed address; 429 E429002 past the mail
    ///   throttle; 409 E409001 `"mailAddress is duplication."` when a user already has it (F47); 502 E502002 when the
    ///   mail could not be sent.
    package func requestMailAddressUserEntry(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let mailAddress = try Self.mailAddress(in: body, whenMissing: .required)
        try throttles.admitMail(to: mailAddress, from: context.clientAddress, now: environment.clock.now())
        guard try await user(withMailAddress: mailAddress, application: application) == nil else {
            throw KumoError(.duplication, StandardField.User.mailAddress)
        }
        let createDate = try await AccountMailer(environment: environment, configuration: configuration)
            .sendMailAddressUserEntry(application: application, mailAddress: mailAddress)
        return .json(201, .object(["createDate": .string(createDate.formatted)]))
    }

    /// `POST /requestPasswordReset` → 201 `{"createDate"}` (F49).
    ///
    /// An address no user has also answers 201 and sends nothing, so that this endpoint does not tell which addresses
    /// are registered (NCMB's answer for that case is not documented).
    ///
    /// - Throws: 400 E400006 `"mailAddress does not exist."` when missing or `null` (F51); 400 E400004
    ///   `"mailAddress is invalid format."` for `""`, another type or a malformed address (F50); 429 E429002 past the
    ///   mail throttle; 502 E502002 when the mail could not be sent.
    package func requestPasswordReset(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let mailAddress = try Self.mailAddress(in: body, whenMissing: .notExist)
        // Counted for every address, registered or not, so that the throttle does not tell which are.
        try throttles.admitMail(to: mailAddress, from: context.clientAddress, now: environment.clock.now())
        guard let user = try await user(withMailAddress: mailAddress, application: application) else {
            context.logger.debug("password reset asked for an address no user has")
            return .json(201, .object(["createDate": .string(environment.clock.now().formatted)]))
        }
        let createDate = try await AccountMailer(environment: environment, configuration: configuration)
            .sendPasswordReset(application: application, userObjectId: user.objectId, mailAddress: mailAddress)
        return .json(201, .object(["createDate": .string(createDate.formatted)]))
    }

    /// The body's `mailAddress`: `whenMissing` when it is missing or `null`, E400004 `"mailAddress is invalid format."`
    /// for `""`, another type or a malformed address.
    private static func mailAddress(in body: JSONObject, whenMissing: APIErrorCode) throws(KumoError) -> String {
        switch body[StandardField.User.mailAddress] {
        case nil, .null?: throw KumoError(whenMissing, StandardField.User.mailAddress)
        case .string(let text)? where MailAddress.isValid(text): return text
        case _?: throw KumoError(.invalidFormat, StandardField.User.mailAddress)
        }
    }

    private func user(withMailAddress mailAddress: String, application: HostedApplication) async throws -> StoredObject? {
        let lookup = UserLookup.unique(UniqueValue(field: StandardField.User.mailAddress.rawValue, value: mailAddress))
        return try await environment.storage.accounts.credentials(applicationId: application.applicationId, lookup: lookup)?.user
    }
}
