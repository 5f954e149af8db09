import KumoSeams
import KumoStorage
import Logging
import NCMBWire

extension UsersController {
    /// `POST /users` with `authData` (docs/wire/endpoints/users.md, F39–F43): logs in the user linked to the provider
    /// id (200), or creates one with a random 10-character `userName` (201). Only `authData` and `acl` of the body are
    /// read.
    func authDataSignUpOrLogin(_ authData: JSONObject, body: JSONObject, application: HostedApplication) async throws
        -> APIResult
    {
        guard authData.count == 1, let (provider, value) = authData.pairs.first else {
            throw KumoError(.invalidType, StandardField.User.authData)
        }
        let acl = try body["acl"].map { value throws(APIError) in try AccessControlList(parsing: value) }
        let link = try await verifiedLink(provider: provider, value: value, application: application)
        var attempt = 0
        while true {
            if let credentials = try await environment.storage.accounts.credentials(
                applicationId: application.applicationId, lookup: .unique(link.uniqueValue))
            {
                return .json(200, try await openSession(for: credentials.user, application: application))
            }
            do {
                return try await createLinkedUser(link, acl: acl, application: application)
            } catch StorageError.duplicate(let field) where field == StandardField.User.authData.rawValue && attempt == 0 {
                // Another request linked the same id a moment ago: log in as the user it created.
                attempt += 1
            }
        }
    }

    /// Checks an `authData` entry's shape, that the provider is enabled, and (except for `anonymous`) the provider's
    /// verification (401 E401003 on rejection).
    func verifiedLink(provider: String, value: JSONValue, application: HostedApplication) async throws -> AuthDataLink {
        let link = try AuthDataLink(provider: provider, value: value, settings: application.settings)
        if provider != "anonymous", case .object(let entry) = link.entry {
            try await environment.authDataVerifier.verify(
                provider: provider, authData: entry, settings: application.settings.authProvider(provider))
        }
        return link
    }

    /// Creates a user linked to `link`, with a random user name (drawn again when taken) and no password.
    private func createLinkedUser(_ link: AuthDataLink, acl: AccessControlList?, application: HostedApplication) async throws
        -> APIResult
    {
        var attempt = 0
        while true {
            let userName = environment.identifiers.randomString(length: 10, alphabet: IdentifierAlphabet.alphanumeric)
            let operations: [(FieldName, FieldOperation)] = [
                (StandardField.User.userName, .set(.string(userName))),
                (StandardField.User.authData, .set(.object([link.provider: link.entry]))),
            ]
            do {
                let (user, sessionToken) = try await insertUser(
                    operations: operations, acl: acl, passwordHash: nil, application: application)
                environment.logger.info(
                    "user signed up with authData", metadata: ["objectId": "\(user.objectId)", "provider": "\(link.provider)"])
                return .json(201, UserRendering.authDataSignUp(user, sessionToken: sessionToken))
            } catch StorageError.duplicate(let field) where field == StandardField.User.userName.rawValue && attempt < 4 {
                attempt += 1
            }
        }
    }
}
