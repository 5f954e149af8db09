import Hummingbird
import KumoStorage
import NCMBWire

/// `POST /apps/{app}/users/{objectId}/passwordReset` and `DELETE /apps/{app}/users/{objectId}/sessions`
/// (docs/dashboard.md#users). Searching, creating, editing and deleting users is the objects API on `users`.
struct UsersController: Sendable {
    let environment: DashboardEnvironment

    func handle(
        _ request: DashboardAPIRoute.UsersRequest, application: HostedApplication, call: DashboardAPI.Call
    ) async throws -> Response {
        switch request {
        case .passwordReset(let objectId): return try await passwordReset(objectId: objectId, application: application, call: call)
        case .endSessions(let objectId): return try await endSessions(objectId: objectId, application: application, call: call)
        }
    }

    /// Sends the user's password-reset mail through NCMB's own `POST /requestPasswordReset` with their `mailAddress`,
    /// so the mail, its template and its link are exactly what the app's own request would send.
    private func passwordReset(objectId: String, application: HostedApplication, call: DashboardAPI.Call) async throws -> Response {
        let user = await environment.perform(.objects(.users, .get(objectId: objectId)), application: application)
        guard DashboardAnswers.succeeded(user) else { return DashboardAnswers.ncmb(user) }
        guard let mailAddress = DashboardAnswers.object(user)[StandardField.User.mailAddress.rawValue]?.stringValue, !mailAddress.isEmpty
        else {
            return DashboardResponses.error(.badRequest, code: "mailAddress", "The user has no mailAddress to send the mail to.")
        }
        let sent = await environment.perform(
            .requestPasswordReset([StandardField.User.mailAddress.rawValue: .string(mailAddress)]), application: application)
        guard DashboardAnswers.succeeded(sent) else { return DashboardAnswers.ncmb(sent) }
        await environment.audit(
            call, "user.passwordReset", application: application, target: objectId, detail: ["mailAddress": .string(mailAddress)])
        return DashboardResponses.json(.ok, ["mailAddress": .string(mailAddress)])
    }

    /// Ends every session of the user: their session tokens stop working at once.
    private func endSessions(objectId: String, application: HostedApplication, call: DashboardAPI.Call) async throws -> Response {
        let user = await environment.perform(.objects(.users, .get(objectId: objectId)), application: application)
        guard DashboardAnswers.succeeded(user) else { return DashboardAnswers.ncmb(user) }
        let ended = try await environment.storage.accounts.deleteSessions(
            applicationId: application.applicationId, userObjectId: objectId, keepingTokenHash: nil)
        await environment.audit(
            call, "user.endSessions", application: application, target: objectId, detail: ["ended": .integer(Int64(ended))])
        return DashboardResponses.json(.ok, ["ended": .integer(Int64(ended))])
    }
}

/// `GET /apps/{app}/roles/{objectId}/members?limit=&skip=` (docs/dashboard.md#roles): the users (`belongUser`) and
/// child roles (`belongRole`) of a role, each an NCMB find with `$relatedTo`. Members change through the objects API
/// with `AddRelation`/`RemoveRelation`.
struct RolesController: Sendable {
    let environment: DashboardEnvironment

    /// The most members of each kind one page lists.
    static let maximumPage = 1000

    func members(_ request: DashboardAPIRoute.RoleMembersRequest, application: HostedApplication) async throws -> Response {
        return try await DashboardAnswers.withPage(limit: request.limit, skip: request.skip, maximum: Self.maximumPage) { limit, skip in
            let role = await environment.perform(.objects(.roles, .get(objectId: request.objectId)), application: application)
            guard DashboardAnswers.succeeded(role) else { return DashboardAnswers.ncmb(role) }
            var answer = JSONObject()
            for (name, collection, key) in [("users", ClassReference.users, "belongUser"), ("roles", .roles, "belongRole")] {
                let related: JSONValue = [
                    "$relatedTo": [
                        "object": ["__type": "Pointer", "className": "role", "objectId": .string(request.objectId)], "key": .string(key),
                    ]
                ]
                let parameters: QueryParameters
                do throws(APIError) {
                    parameters = try QueryParameters(queryItems: [
                        ("where", related.serializedString()), ("limit", String(limit)), ("skip", String(skip)), ("count", "1"),
                    ])
                } catch {
                    return DashboardAnswers.ncmb(error)
                }
                let found = await environment.perform(.objects(collection, .find(parameters)), application: application)
                guard DashboardAnswers.succeeded(found) else { return DashboardAnswers.ncmb(found) }
                answer[name] = .object(DashboardAnswers.object(found))
            }
            return DashboardResponses.json(.ok, .object(answer))
        }
    }
}
