internal import NCMBWire

/// Builds the routes of the user endpoints that are not object endpoints (docs/wire/endpoints/users.md) and hands them
/// to the executor. Users' own fetch, save, delete and find go through ``NCMBObjectService`` on `/users`.
struct NCMBUserService: NCMBService {
    let context: NCMBContext

    /// `POST /login` `{"userName"|"mailAddress","password"}` → the user's fields with a new `sessionToken`.
    func logIn(_ credentials: JSONObject) async throws -> NCMBResponse {
        try await executor.execute(.login(.body(credentials)))
    }

    /// `GET /logout` with the session token → an empty body.
    func logOut() async throws -> NCMBResponse {
        try await executor.execute(.logout)
    }

    /// `POST /requestMailAddressUserEntry` `{"mailAddress"}` → `{"createDate"}`: the server mails a sign-up link.
    func requestMailAddressUserEntry(mailAddress: String) async throws -> NCMBResponse {
        try await executor.execute(.requestMailAddressUserEntry([StandardField.User.mailAddress.rawValue: .string(mailAddress)]))
    }

    /// `POST /requestPasswordReset` `{"mailAddress"}` → `{"createDate"}`: the server mails a password-reset link.
    func requestPasswordReset(mailAddress: String) async throws -> NCMBResponse {
        try await executor.execute(.requestPasswordReset([StandardField.User.mailAddress.rawValue: .string(mailAddress)]))
    }
}
