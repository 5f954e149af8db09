import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Helpers of the browser-page tests.
enum BrowserPageTests {
    /// The path and query of the first link in a mail body (the part after the origin).
    static func target(ofLinkIn mail: MailMessage) throws -> String {
        let line = try #require(mail.body.split(separator: "\n").first { $0.hasPrefix("http://") || $0.hasPrefix("https://") })
        let afterScheme = try #require(line.range(of: "://"))
        let slash = try #require(line[afterScheme.upperBound...].firstIndex(of: "/"))
        return String(line[slash...])
    }

    /// The token of a link target.
    static func token(of target: String) throws -> String {
        let range = try #require(target.range(of: "token="))
        return String(target[range.upperBound...].prefix { $0 != "&" })
    }

    /// Creates a user with a mail address and a password straight in storage; returns its objectId.
    static func createUser(
        in application: TestApplication, objectId: String = "MailUser00000001", mailAddress: String, password: String = "old password"
    ) async throws -> String {
        let key = ObjectKey(applicationId: application.application.applicationId, className: .user, objectId: objectId)
        _ = try await application.storage.objects.create(
            NewObject(
                key: key, createDate: application.clock.now(),
                operations: [
                    (try FieldName(validating: "userName"), .set(.string("user-\(objectId)"))),
                    (try FieldName(validating: "mailAddress"), .set(.string(mailAddress))),
                ],
                acl: .defaultUser(objectId: objectId, settings: application.application.settings),
                extras: .user(passwordHash: try await application.environment.passwordHasher.hash(password))))
        return objectId
    }

    /// The stored user with its password hash.
    static func credentials(in application: TestApplication, objectId: String) async throws -> UserCredentials? {
        try await application.storage.accounts.credentials(
            applicationId: application.application.applicationId, lookup: .objectId(objectId))
    }
}

extension TestRequester {
    /// An unsigned browser GET.
    func browse(_ target: String) async throws -> TestResponse {
        try await send(.get, target, signed: false)
    }

    /// An unsigned browser form post (`application/x-www-form-urlencoded`).
    func submit(_ target: String, _ fields: [(String, String)]) async throws -> TestResponse {
        let body = fields.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
        return try await send(.post, target, body: body, headers: ["Content-Type": "application/x-www-form-urlencoded"], signed: false)
    }
}
