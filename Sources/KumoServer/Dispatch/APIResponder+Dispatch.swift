import NCMBWire

extension APIResponder {
    /// Hands a matched route to its controller. No `default:`: a new route is a compile error until it is handled
    /// (style guide §2). Routes of later issues answer E404002 "None service." until their controllers exist.
    func dispatch(_ route: APIRoute, context: KumoRequestContext) async throws -> APIResult {
        switch route {
        case .objects(.custom(let className), let operation):
            switch operation {
            case .create(let body): return try await objects.create(className: className, body: body, context: context)
            case .get(let objectId): return try await objects.get(className: className, objectId: objectId, context: context)
            case .update(let objectId, let body):
                return try await objects.update(className: className, objectId: objectId, body: body, context: context)
            case .delete(let objectId): return try await objects.delete(className: className, objectId: objectId, context: context)
            case .find(let parameters): return try await objects.find(className: className, parameters: parameters, context: context)
            }
        case .objects(.users, _), .objects(.roles, _), .objects(.installations, _), .objects(.push, _):
            throw KumoError(.noneService)
        case .login, .logout, .requestMailAddressUserEntry, .requestPasswordReset:
            throw KumoError(.noneService)
        case .pushOpened, .files, .batch, .script, .applicationPage:
            throw KumoError(.noneService)
        }
    }
}
