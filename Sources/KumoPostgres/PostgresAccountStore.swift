import KumoStorage
import NCMBWire

/// `AccountStore` on Postgres: sessions, credentials, one-time tokens and role membership.
struct PostgresAccountStore: AccountStore {
    func createSession(_ grant: SessionGrant, applicationId: String, userObjectId: String) async throws {
        throw StorageError.unavailable("not implemented")
    }

    func session(tokenHash: String, applicationId: String, now: WireDate) async throws -> ActiveSession? {
        throw StorageError.unavailable("not implemented")
    }

    func deleteSession(tokenHash: String, applicationId: String) async throws -> Bool {
        throw StorageError.unavailable("not implemented")
    }

    func deleteExpired(now: WireDate) async throws -> Int { throw StorageError.unavailable("not implemented") }

    func credentials(applicationId: String, lookup: UserLookup) async throws -> UserCredentials? {
        throw StorageError.unavailable("not implemented")
    }

    func createToken(_ token: OneTimeToken) async throws { throw StorageError.unavailable("not implemented") }

    func token(tokenHash: String, applicationId: String) async throws -> OneTimeToken? {
        throw StorageError.unavailable("not implemented")
    }

    func deleteToken(tokenHash: String, applicationId: String) async throws -> Bool {
        throw StorageError.unavailable("not implemented")
    }

    func roleNames(applicationId: String, userObjectId: String) async throws -> Set<String> {
        throw StorageError.unavailable("not implemented")
    }
}
