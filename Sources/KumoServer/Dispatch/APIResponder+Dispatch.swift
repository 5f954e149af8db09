import NCMBWire

extension APIResponder {
    /// Hands a matched route to its controller. No `default:`: a new route is a compile error until it is handled
    /// (style guide §2). Routes of later issues answer E404002 "None service." until their controllers exist.
    func dispatch(_ route: APIRoute, context: KumoRequestContext) async throws -> APIResult {
        switch route {
        case .objects(let reference, let operation):
            try await classPermissions.authorize(operation.operation, className: reference.className, context: context)
            guard case .find(let parameters) = operation else { return try await dispatch(reference, operation, context: context) }
            // Sub-queries read other classes: each needs their `find` permission, and none may probe a hidden field.
            try HiddenFieldGuard.check(parameters, queryClass: reference.className)
            try await classPermissions.authorizeReads(of: parameters.whereQuery, context: context)
            let result = try await dispatch(reference, operation, context: context)
            guard !parameters.include.isEmpty else { return result }
            return try await classPermissions.hideIncludedObjects(in: result, context: context)
        case .login(let login): return try await users.login(login, context: context)
        case .logout: return try await users.logout(context: context)
        case .requestMailAddressUserEntry(let body):
            return try await mailRequests.requestMailAddressUserEntry(body: body, context: context)
        case .requestPasswordReset(let body): return try await mailRequests.requestPasswordReset(body: body, context: context)
        case .pushOpened(let objectId, let body):
            return try await pushes.recordOpen(pushId: objectId, body: body, context: context)
        case .files(let file):
            switch file {
            case .upload:
                // Uploads are streamed before the body is collected (APIResponder.runPipeline); never matched here.
                throw KumoError(.noneService)
            case .download(let fileName): return try await files.download(fileName: fileName, context: context)
            case .updateACL(let fileName, let body): return try await files.updateACL(fileName: fileName, body: body, context: context)
            case .delete(let fileName): return try await files.delete(fileName: fileName, context: context)
            case .find(let parameters): return try await files.find(parameters: parameters, context: context)
            }
        case .batch, .script, .applicationPage:
            throw KumoError(.noneService)
        }
    }

    private func dispatch(_ reference: ClassReference, _ operation: ObjectRoute, context: KumoRequestContext) async throws
        -> APIResult
    {
        switch reference {
        case .custom(let className):
            switch operation {
            case .create(let body): return try await objects.create(className: className, body: body, context: context)
            case .get(let objectId): return try await objects.get(className: className, objectId: objectId, context: context)
            case .update(let objectId, let body):
                return try await objects.update(className: className, objectId: objectId, body: body, context: context)
            case .delete(let objectId): return try await objects.delete(className: className, objectId: objectId, context: context)
            case .find(let parameters): return try await objects.find(className: className, parameters: parameters, context: context)
            }
        case .users:
            switch operation {
            case .create(let body): return try await users.create(body: body, context: context)
            case .get(let objectId): return try await users.get(objectId: objectId, context: context)
            case .update(let objectId, let body): return try await users.update(objectId: objectId, body: body, context: context)
            case .delete(let objectId): return try await users.delete(objectId: objectId, context: context)
            case .find(let parameters): return try await users.find(parameters: parameters, context: context)
            }
        case .roles:
            switch operation {
            case .create(let body): return try await roles.create(body: body, context: context)
            case .get(let objectId): return try await roles.get(objectId: objectId, context: context)
            case .update(let objectId, let body): return try await roles.update(objectId: objectId, body: body, context: context)
            case .delete(let objectId): return try await roles.delete(objectId: objectId, context: context)
            case .find(let parameters): return try await roles.find(parameters: parameters, context: context)
            }
        case .installations:
            switch operation {
            case .create(let body): return try await installations.create(body: body, context: context)
            case .get(let objectId): return try await installations.get(objectId: objectId, context: context)
            case .update(let objectId, let body):
                return try await installations.update(objectId: objectId, body: body, context: context)
            case .delete(let objectId): return try await installations.delete(objectId: objectId, context: context)
            case .find(let parameters): return try await installations.find(parameters: parameters, context: context)
            }
        case .push:
            switch operation {
            case .create(let body): return try await pushes.create(body: body, context: context)
            case .get(let objectId): return try await pushes.get(objectId: objectId, context: context)
            case .update(let objectId, let body): return try await pushes.update(objectId: objectId, body: body, context: context)
            case .delete(let objectId): return try await pushes.delete(objectId: objectId, context: context)
            case .find(let parameters): return try await pushes.find(parameters: parameters, context: context)
            }
        }
    }
}
