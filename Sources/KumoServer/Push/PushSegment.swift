package import KumoStorage
package import NCMBWire

/// The devices a push goes to (wire spec §5.7): installations matching the push's `searchCondition`, whose `deviceType`
/// is in its `target` (both platforms when absent or empty), that have a `deviceToken` and are not deactivated.
///
/// Installations are read with `AccessContext.bypass` (a push reaches every matching device whatever its ACL), one page
/// of ``pageSize`` at a time in `objectId` order, each page starting after the last objectId of the previous one, so a
/// segment of any size is read completely and no installation twice.
package enum PushSegment {
    /// Installations read per query.
    package static let pageSize = QueryParameters.maximumLimit
    /// Set on an installation whose token the platform rejected for good (a Date); cleared when a client sends a new
    /// `deviceToken`.
    package static let deactivatedAtField = "pushDeactivatedAt"
    /// Why the installation was deactivated (the platform's reason), beside ``deactivatedAtField``.
    package static let deactivationReasonField = "pushDeactivationReason"
    /// The platforms a push can target.
    package static let platforms = ["ios", "android"]

    /// The `where` of a push's segment: its `searchCondition` AND the ``reachability(target:)`` clauses.
    ///
    /// - Throws: The parse error of an unreadable `searchCondition` (an object, or a JSON text of one).
    package static func condition(of push: StoredObject) throws(APIError) -> WhereQuery {
        var query = WhereQuery.all
        switch push.fields["searchCondition"] {
        case nil, .null?:
            break
        case .string(let text)?:
            guard let value = try? JSONValue(parsing: Array(text.utf8)) else { throw APIError(.invalidFormat, "searchCondition") }
            query = try WhereQuery(parsing: value)
        case let value?:
            query = try WhereQuery(parsing: value)
        }
        query.clauses += reachability(target: push.fields["target"])
        return query
    }

    /// The clauses every target device satisfies: `deviceType` in the target platforms, a `deviceToken`, not deactivated.
    package static func reachability(target: JSONValue?) -> [WhereClause] {
        let named = (target?.arrayValue ?? []).compactMap(\.stringValue).filter { platforms.contains($0) }
        let types = named.isEmpty ? platforms : named
        return [
            .field(field("deviceType"), [.containedIn(types.map { .string($0) })]),
            .field(field("deviceToken"), [.exists(true)]),
            .field(field(deactivatedAtField), [.equalTo(.null)]),
        ]
    }

    /// Every device matching `condition`, in objectId order.
    package static func devices(
        matching condition: WhereQuery, applicationId: String, objects: any ObjectStore
    ) async throws -> [PushDevice] {
        var devices: [PushDevice] = []
        var lastObjectId: String?
        while true {
            var query = condition
            if let lastObjectId { query.clauses.append(.field(.objectId, [.greaterThan(.string(lastObjectId))])) }
            let page = try await page(query, applicationId: applicationId, objects: objects)
            devices += page.compactMap(device(of:))
            guard page.count == pageSize, let last = page.last else { return devices }
            lastObjectId = last.objectId
        }
    }

    /// The devices among installations `installationIds` that are still reachable on the `target` platforms.
    package static func devices(
        installationIds: [String], target: JSONValue?, applicationId: String, objects: any ObjectStore
    ) async throws -> [PushDevice] {
        var devices: [PushDevice] = []
        var start = 0
        while start < installationIds.count {
            let chunk = installationIds[start..<min(start + pageSize, installationIds.count)]
            start += pageSize
            let query = WhereQuery(
                [.field(.objectId, [.containedIn(chunk.map { .string($0) })])] + reachability(target: target))
            devices += try await page(query, applicationId: applicationId, objects: objects).compactMap(device(of:))
        }
        return devices
    }

    /// One page of installations in objectId order.
    static func page(_ query: WhereQuery, applicationId: String, objects: any ObjectStore) async throws -> [StoredObject] {
        let parameters = QueryParameters(whereQuery: query, order: [SortKey(field: .objectId)], limit: pageSize)
        let request = FindRequest(applicationId: applicationId, className: .installation, parameters: parameters)
        return try await objects.find(request, access: .bypass).objects
    }

    /// The device of an installation, or `nil` when its type or token is not a non-empty string.
    static func device(of installation: StoredObject) -> PushDevice? {
        guard let type = installation.fields["deviceType"]?.stringValue, platforms.contains(type),
            let token = installation.fields["deviceToken"]?.stringValue, !token.isEmpty
        else { return nil }
        let badge = installation.fields["badge"]?.integerValue.map { Int(clamping: $0) }
        return PushDevice(installationId: installation.objectId, deviceType: type, deviceToken: token, badge: badge)
    }

    /// A field name known to be valid.
    static func field(_ name: String) -> FieldName {
        FieldName(name) ?? .objectId
    }
}
