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
        guard let application = context.application else { return [] }
        return try await ObjectRendering.readableReasonInstallations(
            of: pushes, applicationId: application.applicationId, access: context.identity.accessContext,
            in: environment.storage.objects)
    }
}
