import Foundation
internal import NCMBWire

/// Anonymous users: users signed up with `authData.anonymous.id`, a UUID, and no password.
///
/// ``NCMBUser/automaticCurrentUser()`` signs them up.
public class NCMBAnonymousUtils {
    /// The `authData` key of anonymous users.
    static let anonymousProvider = "anonymous"

    private init() {}

    /// Whether `user` is an anonymous user: linked to `anonymous` and without a password.
    ///
    /// - Parameter user: The user to check.
    /// - Returns: `true` for an anonymous user, `false` otherwise.
    public class func isLinked(user: NCMBUser) -> Bool {
        guard let authData = user.authData, authData[anonymousProvider] != nil else { return false }
        return user.password == nil
    }

    /// A new user whose `authData` is `{"anonymous":{"id":"<UUID>"}}`, bound to `context`.
    static func makeAnonymousUser(context: NCMBContext) -> NCMBUser {
        let user = NCMBUser(context: context)
        user.state.withLock { state in
            let credentials: JSONValue = ["id": .string(context.newUUID().uuidString)]
            state.assign(.success([anonymousProvider: credentials]), to: NCMBUser.Field.authData.rawValue)
        }
        return user
    }
}
