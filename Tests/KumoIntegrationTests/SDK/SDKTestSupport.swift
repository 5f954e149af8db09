import Foundation
import KumoStorage
import KumoTestSupport
import NCMB

/// Runs `body` with the SDK bound to a fresh in-process Kumo server (real SQLite, pinned clock, incrementing ids).
///
/// Objects and queries created inside `body` send their requests to that server through ``InProcessTransport``.
func withSDK(
    domainURL: String = "http://localhost:8080/", settings: ApplicationSettings = ApplicationSettings(),
    _ body: @escaping @Sendable (TestRequester) async throws -> Void
) async throws {
    try await TestApplication.with(settings: settings) { application in
        try await application.test { requester in
            try await NCMBContext.$current.withValue(.inProcess(requester, domainURL: domainURL)) {
                try await body(requester)
            }
        }
    }
}

/// Signs up a new user with the password `secret`; the user becomes the current user.
@discardableResult
func signUpUser(_ userName: String) async throws -> NCMBUser {
    let user = NCMBUser()
    user.userName = userName
    user.password = "secret"
    try await user.signUp()
    return user
}

/// Creates and saves an object of `className` with `fields`.
@discardableResult
func saveObject(_ className: String, _ fields: [String: any Sendable]) async throws -> NCMBObject {
    let object = NCMBObject(className: className)
    for key in fields.keys.sorted() { object[key] = fields[key] }
    try await object.save()
    return object
}

/// A point on the Earth's surface, for geo queries.
func point(_ latitude: Double, _ longitude: Double) -> NCMBGeoPoint { NCMBGeoPoint(latitude: latitude, longitude: longitude) }
