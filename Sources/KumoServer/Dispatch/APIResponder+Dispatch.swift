import Hummingbird
import KumoSeams
import NCMBWire

extension APIResponder {
    /// Hands a route to the controller that owns its group; each controller switches over its own routes. No
    /// `default:`: a declared route that no controller serves does not compile
    /// (docs/style.md#2-dispatch-exhaustively-to-narrow-controllers).
    func dispatch(_ route: APIRoute, request: Request, path: String, context: KumoRequestContext) async throws -> APIResult {
        switch route {
        case .objects(let reference, let operation): try await handle(operation, on: reference, context: context)
        case .login(let login): try await users.login(login, context: context)
        case .logout: try await users.logout(context: context)
        case .requestMailAddressUserEntry(let body): try await mailRequests.requestMailAddressUserEntry(body: body, context: context)
        case .requestPasswordReset(let body): try await mailRequests.requestPasswordReset(body: body, context: context)
        case .pushOpened(let objectId, let body): try await pushes.recordOpen(pushId: objectId, body: body, context: context)
        case .files(let file): try await files.handle(file, request: request, context: context)
        case .applicationPage(_, .publicFile) where UntrustedContentHeaders.isSameOriginCodeRequest(request.headers):
            // A page of this origin loading a public file as a script, worker or style sheet: refused like a missing
            // file (docs/decisions/0120-client-bytes-never-run-in-kumos-origin.md).
            .response(Response.json(.notFound, KumoError(.noDataAvailable).responseBody))
        case .applicationPage(let applicationId, let page): try await browserPages.handle(page, applicationId: applicationId, path: path)
        case .batch(let body): try await batch(body: body, context: context)
        case .script(let call): try await scripts.run(call, request: request, context: context)
        case .realtime: throw PipelineRealtimeGate.upgradeRequired
        }
    }

    /// Objects of any collection: the class-level permission of the operation (for a find, also of every class its
    /// query reads, and no probing of hidden fields), then the collection's controller.
    func handle(_ operation: ObjectRoute, on reference: ClassReference, context: KumoRequestContext) async throws -> APIResult {
        try await classPermissions.authorize(operation.operation, className: reference.className, context: context)
        guard case .find(let parameters) = operation else { return try await collection(reference, operation, context: context) }
        // Sub-queries read other classes: each needs their `find` permission, and none may probe a hidden field.
        try HiddenFieldGuard.check(parameters, queryClass: reference.className)
        try await classPermissions.authorizeReads(of: parameters.whereQuery, context: context)
        let result = try await collection(reference, operation, context: context)
        guard !parameters.include.isEmpty else { return result }
        return try await classPermissions.hideIncludedObjects(in: result, context: context)
    }

    private func collection(_ reference: ClassReference, _ operation: ObjectRoute, context: KumoRequestContext) async throws
        -> APIResult
    {
        switch reference {
        case .custom(let className): try await objects.handle(operation, className: className, context: context)
        case .users: try await users.handle(operation, context: context)
        case .roles: try await roles.handle(operation, context: context)
        case .installations: try await installations.handle(operation, context: context)
        case .push: try await pushes.handle(operation, context: context)
        }
    }
}
