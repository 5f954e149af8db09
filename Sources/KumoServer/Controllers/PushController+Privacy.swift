import KumoSeams
import KumoStorage
import NCMBWire

/// What a push may reveal and who may register one (docs/decisions/0061-push-from-clients-off-by-default.md,
/// docs/decisions/0062-push-delivery-with-the-sender-access.md).
extension PushController {
    /// - Throws: 403 E403003 when the application does not allow clients to register or change pushes. The dashboard's
    ///   administrator is not a client: it composes pushes either way (docs/dashboard.md#push).
    static func checkClientPushEnabled(_ application: HostedApplication, identity: Identity) throws(KumoError) {
        guard application.settings.clientPushEnabled || identity == .administrator else {
            throw KumoError(.operationThatAreProhibited)
        }
    }

    /// The operation recording `access` as the push's sender.
    static func senderOperation(_ access: AccessContext) -> (FieldName, FieldOperation) {
        (StandardField.Push.sender, .set(access.pushSenderJSON))
    }

    /// The installations named in the `error.reasons` of `pushes` that the caller may read; `nil` when the caller reads
    /// everything. One query per 1,000 ids for all pushes (a push lists at most 20).
    func readableReasonInstallations(of pushes: [StoredObject], context: KumoRequestContext) async throws -> Set<String>? {
        let access = context.identity.accessContext
        if access == .bypass { return nil }
        let named = Set(pushes.flatMap(PushController.reasonInstallationIds(of:)))
        guard !named.isEmpty, let application = context.application else { return [] }
        var readable: Set<String> = []
        let ids = named.sorted()
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + QueryParameters.maximumLimit, ids.count)]
            start += QueryParameters.maximumLimit
            let parameters = QueryParameters(
                whereQuery: WhereQuery([.field(.objectId, [.containedIn(chunk.map { .string($0) })])]), limit: chunk.count)
            let request = FindRequest(applicationId: application.applicationId, className: .installation, parameters: parameters)
            readable.formUnion(try await environment.storage.objects.find(request, access: access).objects.map(\.objectId))
        }
        return readable
    }

    /// The installation ids a push's `error.reasons` names.
    static func reasonInstallationIds(of push: StoredObject) -> [String] {
        let reasons = push.fields[StandardField.Push.error]?.objectValue?["reasons"]?.arrayValue ?? []
        return reasons.compactMap { $0.objectValue?["installationId"]?.stringValue }
    }

    /// `error` with the `reasons` entries naming installations outside `readable` removed (`nil`: keep all). The
    /// counts (`failedDevices`, `retryingDevices`) stay: they are over the sender's devices, not the reader's.
    static func visibleError(_ error: JSONValue, readableInstallations readable: Set<String>?) -> JSONValue {
        guard let readable, case .object(var object) = error, let reasons = object["reasons"]?.arrayValue else { return error }
        object["reasons"] = .array(
            reasons.filter { entry in entry.objectValue?["installationId"]?.stringValue.map(readable.contains) ?? true })
        return .object(object)
    }
}
