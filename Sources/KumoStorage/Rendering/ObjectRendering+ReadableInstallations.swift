package import NCMBWire

extension ObjectRendering {
    /// Which installations named in the pushes' `error.reasons` the reader may read (``push(_:keys:readableInstallations:)``):
    /// `nil` for a reader who bypasses ACLs (who sees every entry).
    package static func readableReasonInstallations(
        of pushes: [StoredObject], applicationId: String, access: AccessContext, in objects: any ObjectStore
    ) async throws -> Set<String>? {
        if access == .bypass { return nil }
        let named = Set(pushes.flatMap(reasonInstallationIds(of:)))
        guard !named.isEmpty else { return [] }
        var readable: Set<String> = []
        let ids = named.sorted()
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + QueryParameters.maximumLimit, ids.count)]
            start += QueryParameters.maximumLimit
            let parameters = QueryParameters(
                whereQuery: WhereQuery([.field(.objectId, [.containedIn(chunk.map { .string($0) })])]), limit: chunk.count)
            let request = FindRequest(applicationId: applicationId, className: .installation, parameters: parameters)
            readable.formUnion(try await objects.find(request, access: access).objects.map(\.objectId))
        }
        return readable
    }
}
