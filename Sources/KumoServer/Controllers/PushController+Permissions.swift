import KumoStorage
import NCMBWire

extension PushController {
    /// Checks what a push's `searchCondition` would read: delivery resolves it past every ACL, so the caller must hold
    /// `find` on `installation` and on every class its sub-queries read (`$inQuery`, `$select`, … need `find`,
    /// `$relatedTo` needs `get`), exactly as if the caller had queried `/installations` itself. Without this, a client
    /// allowed to register pushes could aim them by data of a class it may not read. Hidden fields (`authData`, `blobId`)
    /// are refused as in any query: a push's `deliveryPlanNumber` would otherwise count the matches of a guess.
    ///
    /// The condition is the one ``PushRequest`` parsed from the body: a body whose condition does not parse was refused
    /// before, so nothing here is skipped.
    func authorizeSearchCondition(_ searchCondition: WhereQuery?, context: KumoRequestContext) async throws {
        guard let searchCondition else { return }
        try HiddenFieldGuard.check(searchCondition, queryClass: .installation)
        try await classPermissions.authorize(.find, className: .installation, context: context)
        try await classPermissions.authorizeReads(of: searchCondition, context: context)
    }
}
