import KumoSeams
package import KumoStorage
package import NCMBWire

/// Serves `/roles` (docs/wire/endpoints/roles.md): unique `roleName`, `belongUser`/`belongRole` relations, inheritance
/// per docs/decisions/0004-role-inheritance.md.
///
/// Roles are objects of the standard class `role`, stored through the `ObjectStore` like any object, so their ACL
/// (default: the application's `defaultObjectACL`, docs/decisions/0005-default-acl.md) decides who may read them and
/// change their members (docs/decisions/0003-existence-is-not-leaked.md). Storage resolves role membership for ACL
/// checks from the `belongUser`/`belongRole` relation rows.
///
/// Request rules (see `RolesController+Body.swift`): `roleName` is required on create, matches
/// `[A-Za-z0-9_-]{1,100}` and never changes afterwards; `belongUser` and `belongRole` only take
/// `AddRelation`/`RemoveRelation` of `user` and `role` pointers.
package struct RolesController: CollectionController {
    let environment: ServerEnvironment

    /// `POST /roles` → 201 `{"createDate","objectId"}` (F52, F54); a taken `roleName` → 409 E409001 (F53).
    package func create(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        _ = try RolesController.requiredRoleName(in: body)
        let (operations, acl) = try RolesController.parseRoleBody(body)
        let createDate = environment.clock.now()
        let storedACL = acl ?? application.settings.defaultObjectACL
        let stored = try await environment.createWithFreshObjectId { objectId in
            let key = ObjectKey(applicationId: application.applicationId, className: .role, objectId: objectId)
            return NewObject(key: key, createDate: createDate, operations: operations, acl: storedACL)
        }
        // F52 and F54 show `createDate` first.
        return .json(201, ["createDate": .string(stored.createDate.formatted), "objectId": .string(stored.objectId)])
    }

    /// `GET /roles/{objectId}` → 200 in the F57 shape; 404 E404001 when missing or unreadable
    /// (docs/decisions/0003-existence-is-not-leaked.md).
    package func get(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let key = ObjectKey(applicationId: application.applicationId, className: .role, objectId: objectId)
        let role = try await environment.storage.objects.object(key, include: [], access: context.identity.accessContext)
        return .json(200, .object(ObjectRendering.role(role, keys: nil)))
    }

    /// `PUT /roles/{objectId}` → 200 `{"updateDate"}` (F55, F56); 404 E404001 when missing (F60).
    ///
    /// A `roleName` in the body must equal the stored name (clients that send every field back,
    /// docs/wire/client-behaviours.md, item 11); a different name → 403 E403005 `"roleName must not be entered."`: the
    /// name is the ACL principal `role:<name>`, and renaming would silently move every permission granted to it.
    package func update(objectId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        var (operations, acl) = try RolesController.parseRoleBody(body)
        let key = ObjectKey(applicationId: application.applicationId, className: .role, objectId: objectId)
        if let index = operations.firstIndex(where: { $0.0 == StandardField.Role.roleName }) {
            let current = try await environment.storage.objects.object(key, include: [], access: context.identity.accessContext)
            guard case .set(let name) = operations[index].1, name == current.fields[StandardField.Role.roleName] else {
                throw KumoError(.settingDisable, StandardField.Role.roleName.rawValue)
            }
            operations.remove(at: index)
        }
        let update = ObjectUpdate(key: key, updateDate: environment.clock.now(), operations: operations, acl: acl)
        let stored = try await environment.storage.objects.update(update, access: context.identity.accessContext)
        return .json(200, UpdateResponse(updateDate: stored.updateDate).json)
    }

    /// `DELETE /roles/{objectId}` → 200 with an empty body; 404 E404001 when missing (F60).
    package func delete(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        try await environment.deleteObject(className: .role, objectId: objectId, context: context)
    }

    /// `GET /roles` → 200 `{"results":[…]}` (+ `"count"`), each role in the F57 shape; `$relatedTo` with
    /// `key: "belongRole"` lists child roles (F59).
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        let keys = parameters.keys.map { Set($0.map(\.rawValue)) }
        return try await environment.findObjects(className: .role, parameters: parameters, context: context) {
            .object(ObjectRendering.role($0, keys: keys))
        }
    }
}
