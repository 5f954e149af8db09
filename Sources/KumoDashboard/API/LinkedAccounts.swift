import KumoStorage
import NCMBWire

/// The users page's "Linked accounts" (docs/dashboard.md#users): which SNS accounts each listed user is linked to.
///
/// NCMB shows a user's `authData` to that user alone, so the find answer the dashboard passes on has none. The
/// dashboard adds, beside the results, `"linkedAccounts":{"<objectId>":[{"provider","id"}]}`: the provider's name and
/// the account id it gave, never the tokens beside them; an `anonymous` link shows no id, since that id is the login
/// itself.
struct LinkedAccounts: Sendable {
    let storage: any StorageBackend

    /// The find answer of `users` with `linkedAccounts` added for its results (unchanged when it has none).
    func adding(to answer: JSONValue, applicationId: String) async throws -> JSONValue {
        guard var object = answer.objectValue, let results = object["results"]?.arrayValue else { return answer }
        let objectIds = results.compactMap { $0.objectValue?["objectId"]?.stringValue }
        guard !objectIds.isEmpty else { return answer }
        let condition: JSONValue = ["objectId": ["$in": .array(objectIds.map(JSONValue.string))]]
        let parameters = try QueryParameters(queryItems: [
            ("where", condition.serializedString()), ("keys", StandardField.User.authData.rawValue), ("limit", String(objectIds.count)),
        ])
        let found = try await storage.objects.find(
            FindRequest(applicationId: applicationId, className: .user, parameters: parameters), access: .bypass)
        var linked = JSONObject()
        for user in found.objects {
            guard case .object(let authData)? = user.fields[StandardField.User.authData.rawValue] else { continue }
            linked[user.objectId] = .array(authData.pairs.map { provider, entry in Self.summary(provider: provider, entry: entry) })
        }
        object["linkedAccounts"] = .object(linked)
        return .object(object)
    }

    /// `{"provider","id"}` of one link; `{"provider"}` alone for `anonymous` or an entry without an id.
    static func summary(provider: String, entry: JSONValue) -> JSONValue {
        guard provider != "anonymous", let id = UniqueKeys.authDataId(entry) else { return ["provider": .string(provider)] }
        return ["provider": .string(provider), "id": .string(id)]
    }
}
