package import KumoSeams
package import KumoStorage
package import NCMBWire

/// The devices a push goes to (docs/wire/endpoints/push.md): installations matching the push's `searchCondition`, whose
/// `deviceType` is in its `target` (both platforms when absent or empty), that have a `deviceToken` and are not
/// deactivated (`pushDeactivatedAt`, set when the platform rejected the token for good).
///
/// Installations are read with the access of the push's sender (docs/decisions/0062-push-delivery-with-the-sender-access.md):
/// a push reaches only devices whose installation its sender may read, so neither the delivery nor the push's record
/// (`deliveryPlanNumber`, `error.reasons`) tells the sender anything about installations it may not read. They are read
/// one page of ``pageSize`` at a time in `objectId` order, each page starting after the last objectId of the previous
/// one, so a segment of any size is read completely and no installation twice.
package enum PushSegment {
    /// Installations read per query.
    package static let pageSize = QueryParameters.maximumLimit

    /// The `where` of a push's segment: its `searchCondition` AND the ``reachability(platforms:)`` clauses.
    package static func condition(of push: PushRequest) -> WhereQuery {
        var query = push.searchCondition ?? WhereQuery.all
        query.clauses += reachability(platforms: push.targetPlatforms)
        return query
    }

    /// The clauses every target device satisfies: `deviceType` in the target platforms, a `deviceToken`, not deactivated.
    package static func reachability(platforms: [String]) -> [WhereClause] {
        [
            .field(StandardField.Installation.deviceType, [.containedIn(platforms.map { .string($0) })]),
            .field(StandardField.Installation.deviceToken, [.exists(true)]),
            .field(StandardField.Installation.pushDeactivatedAt, [.equalTo(.null)]),
        ]
    }

    /// Every device matching `condition`, in objectId order.
    package static func devices(
        matching condition: WhereQuery, applicationId: String, access: AccessContext, objects: any ObjectStore
    ) async throws -> [PushDevice] {
        var devices: [PushDevice] = []
        var lastObjectId: String?
        while true {
            var query = condition
            if let lastObjectId { query.clauses.append(.field(.objectId, [.greaterThan(.string(lastObjectId))])) }
            let page = try await page(query, applicationId: applicationId, access: access, objects: objects)
            devices += page.compactMap(device(of:))
            guard page.count == pageSize, let last = page.last else { return devices }
            lastObjectId = last.objectId
        }
    }

    /// The devices among installations `installationIds` that are still reachable on `platforms` and readable with
    /// `access`.
    package static func devices(
        installationIds: [String], platforms: [String], applicationId: String, access: AccessContext, objects: any ObjectStore
    ) async throws -> [PushDevice] {
        var devices: [PushDevice] = []
        var start = 0
        while start < installationIds.count {
            let chunk = installationIds[start..<min(start + pageSize, installationIds.count)]
            start += pageSize
            let query = WhereQuery(
                [.field(.objectId, [.containedIn(chunk.map { .string($0) })])] + reachability(platforms: platforms))
            devices += try await page(query, applicationId: applicationId, access: access, objects: objects).compactMap(device(of:))
        }
        return devices
    }

    /// One page of installations readable with `access`, in objectId order.
    static func page(
        _ query: WhereQuery, applicationId: String, access: AccessContext, objects: any ObjectStore
    ) async throws -> [StoredObject] {
        let parameters = QueryParameters(whereQuery: query, order: [SortKey(field: .objectId)], limit: pageSize)
        let request = FindRequest(applicationId: applicationId, className: .installation, parameters: parameters)
        return try await objects.find(request, access: access).objects
    }

    /// The device of an installation, or `nil` when its type or token is not a non-empty string.
    static func device(of installation: StoredObject) -> PushDevice? {
        guard let type = installation.fields[StandardField.Installation.deviceType]?.stringValue, PushRequest.platforms.contains(type),
            let token = installation.fields[StandardField.Installation.deviceToken]?.stringValue, !token.isEmpty
        else { return nil }
        let badge = installation.fields[StandardField.Installation.badge]?.integerValue.map { Int(clamping: $0) }
        return PushDevice(installationId: installation.objectId, deviceType: type, deviceToken: token, badge: badge)
    }
}
