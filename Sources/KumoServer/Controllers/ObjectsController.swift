package import Hummingbird
import KumoSeams
package import KumoStorage
package import NCMBWire

/// Serves `/classes/{class}` (and, later, the standard classes): create, get, update, delete and find
/// (docs/wire/endpoints/objects.md to docs/wire/endpoints/queries.md).
package struct ObjectsController: Sendable {
    let environment: ServerEnvironment

    /// Serves one object route of class `className`.
    package func handle(_ route: ObjectRoute, className: ClassName, context: KumoRequestContext) async throws -> APIResult {
        switch route {
        case .create(let body): try await create(className: className, body: body, context: context)
        case .get(let objectId): try await get(className: className, objectId: objectId, context: context)
        case .update(let objectId, let body): try await update(className: className, objectId: objectId, body: body, context: context)
        case .delete(let objectId): try await delete(className: className, objectId: objectId, context: context)
        case .find(let parameters): try await find(className: className, parameters: parameters, context: context)
        }
    }

    /// `POST /classes/{class}` → 201 `{"objectId","createDate"}`.
    package func create(className: ClassName, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let (operations, acl) = try FieldOperation.parseBody(body)
        let createDate = environment.clock.now()
        let storedACL = acl ?? application.settings.defaultObjectACL
        let stored = try await environment.createWithFreshObjectId { objectId in
            let key = ObjectKey(applicationId: application.applicationId, className: className, objectId: objectId)
            return NewObject(key: key, createDate: createDate, operations: operations, acl: storedACL)
        }
        return .json(201, CreateResponse(objectId: stored.objectId, createDate: stored.createDate).json)
    }

    /// `GET /classes/{class}/{objectId}` → 200 with the object (404 E404001 when missing or unreadable,
    /// docs/decisions/0003-existence-is-not-leaked.md).
    package func get(className: ClassName, objectId: String, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let key = ObjectKey(applicationId: application.applicationId, className: className, objectId: objectId)
        let object = try await environment.storage.objects.object(key, include: [], access: context.identity.accessContext)
        return .encodedJSON(200, ObjectRendering.object(object))
    }

    /// `PUT /classes/{class}/{objectId}` → 200 `{"updateDate"}`.
    package func update(className: ClassName, objectId: String, body: JSONObject, context: KumoRequestContext) async throws
        -> APIResult
    {
        let application = try context.requireApplication()
        let (operations, acl) = try FieldOperation.parseBody(body)
        let key = ObjectKey(applicationId: application.applicationId, className: className, objectId: objectId)
        let update = ObjectUpdate(key: key, updateDate: environment.clock.now(), operations: operations, acl: acl)
        let stored = try await environment.storage.objects.update(update, access: context.identity.accessContext)
        return .json(200, UpdateResponse(updateDate: stored.updateDate).json)
    }

    /// `DELETE /classes/{class}/{objectId}` → 200 with an empty body.
    package func delete(className: ClassName, objectId: String, context: KumoRequestContext) async throws -> APIResult {
        try await environment.deleteObject(className: className, objectId: objectId, context: context)
    }

    /// `GET /classes/{class}` → 200 `{"results":[…]}` (+ `"count"`).
    package func find(className: ClassName, parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let request = FindRequest(applicationId: application.applicationId, className: className, parameters: parameters)
        let found = try await environment.storage.objects.find(request, access: context.identity.accessContext)
        let count = parameters.includesCount ? found.count ?? 0 : nil
        // Included objects may still be hidden by class-level permissions, which work on the JSON tree.
        guard parameters.include.isEmpty else {
            let results = found.objects.map { JSONValue.object(ObjectRendering.redactIncludedUsers($0.json)) }
            return .json(200, FindResponse(results: results, count: count).json)
        }
        return .encodedJSON(200, ObjectRendering.findResponse(found.objects, count: count))
    }
}
