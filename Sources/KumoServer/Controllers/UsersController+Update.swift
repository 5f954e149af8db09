import KumoSeams
import KumoStorage
import Logging
package import NCMBWire

private typealias Field = StandardField.User

extension UsersController {
    /// `PUT /users/{objectId}` → 200 `{"updateDate"}` (docs/wire/endpoints/users.md, F38, F44, F45).
    ///
    /// `password` sets a new password hash and ends the user's other sessions (the caller's own session stays when the
    /// caller is the user); `userName` may not be emptied; `sessionToken` and `mailAddressConfirm` are
    /// ignored; `authData` is merged into the stored links (an entry links a provider after the checks of sign-up,
    /// `null` unlinks it). With `confirmsMailAddress`, a new `mailAddress` is unconfirmed and gets a confirmation mail.
    package func update(objectId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let key = userKey(application, objectId)
        let access = context.identity.accessContext
        let password = try body[Field.password].map { value throws(KumoError) in try UserBody.requiredText(value, key: Field.password) }
        if body.contains(Field.userName) { _ = try UserBody.requiredText(body[Field.userName], key: Field.userName) }
        let newMailAddress = try UserBody.mailAddress(body[Field.mailAddress])
        var (operations, acl) = try FieldOperation.parseBody(UserBody.removing(UserBody.unstoredKeys.union([Field.authData]), from: body))

        let confirms = application.settings.mail.confirmsMailAddress && body.contains(Field.mailAddress)
        let current =
            body.contains(Field.authData) || confirms
            ? try await environment.storage.objects.object(key, include: [], access: access) : nil
        var sendsConfirmation = false
        if confirms, let current, current.fields[Field.mailAddress]?.stringValue != newMailAddress {
            operations.append((Field.mailAddressConfirm, newMailAddress == nil ? .delete : .set(false)))
            sendsConfirmation = newMailAddress != nil
        }
        if let changes = body[Field.authData], let current {
            let merged = try await mergedAuthData(current: current, changes: changes, application: application)
            operations.append((Field.authData, merged.isEmpty ? .delete : .set(.object(merged))))
        }
        var extras = ObjectUpdateExtras.none
        if let password { extras = .user(passwordHash: try await environment.passwordHasher.hash(password)) }

        let update = ObjectUpdate(
            key: key, updateDate: environment.clock.now(), operations: operations, acl: acl, extras: extras)
        let stored = try await environment.storage.objects.update(update, access: access)
        if password != nil {
            // A new password ends the user's other sessions; the caller's own session survives when it is the user's.
            let keptTokenHash = context.identity == .user(objectId: objectId) ? context.sessionTokenHash : nil
            let ended = try await environment.storage.accounts.deleteSessions(
                applicationId: application.applicationId, userObjectId: objectId, keepingTokenHash: keptTokenHash)
            environment.logger.info("user password changed", metadata: ["objectId": "\(objectId)", "endedSessions": "\(ended)"])
        }
        if sendsConfirmation, let newMailAddress {
            await sendMailAddressConfirmation(application: application, userObjectId: objectId, mailAddress: newMailAddress)
        }
        return .json(200, UpdateResponse(updateDate: stored.updateDate).json)
    }

    /// The stored `authData` with `changes` applied: each provider with an object is (re)linked after the sign-up
    /// checks, each with `null` is unlinked; `"authData":null` unlinks every provider.
    private func mergedAuthData(current: StoredObject, changes: JSONValue, application: HostedApplication) async throws
        -> JSONObject
    {
        var merged = current.fields[Field.authData]?.objectValue ?? JSONObject()
        switch changes {
        case .null:
            return JSONObject()
        case .object(let changes):
            for (provider, value) in changes {
                if value.isNull {
                    guard AuthDataLink.requiredKeys[provider] != nil else { throw KumoError(.invalidType, Field.authData) }
                    merged.removeValue(forKey: provider)
                } else {
                    let link = try await verifiedLink(provider: provider, value: value, application: application)
                    merged[provider] = link.entry
                }
            }
            return merged
        default:
            throw KumoError(.invalidType, Field.authData)
        }
    }
}
