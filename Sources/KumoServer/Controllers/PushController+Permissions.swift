import KumoStorage
import NCMBWire

extension PushController {
    /// Checks what a push's `searchCondition` would read: delivery resolves it past every ACL, so the caller must hold
    /// `find` on `installation` and on every class its sub-queries read (`$inQuery`, `$select`, … need `find`,
    /// `$relatedTo` needs `get`), exactly as if the caller had queried `/installations` itself. Without this, a client
    /// allowed to register pushes could aim them by data of a class it may not read. Hidden fields (`authData`, `blobId`)
    /// are refused as in any query: a push's `deliveryPlanNumber` would otherwise count the matches of a guess.
    func authorizeSearchCondition(of body: JSONObject, context: KumoRequestContext) async throws {
        guard let value = body[PushController.Field.searchCondition], value != .null else { return }
        let condition: JSONValue
        if case .string(let text) = value {
            guard let parsed = try? JSONValue(parsing: Array(text.utf8)) else { return }
            condition = parsed
        } else {
            condition = value
        }
        // The body was validated before: a condition that does not parse was refused there.
        guard let whereQuery = try? WhereQuery(parsing: condition) else { return }
        try HiddenFieldGuard.check(whereQuery, queryClass: .installation)
        try await classPermissions.authorize(.find, className: .installation, context: context)
        try await classPermissions.authorizeReads(of: whereQuery, context: context)
    }
}
