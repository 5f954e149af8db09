import KumoSeams
import KumoStorage
import NCMBWire

/// The `DELETE` and `GET` (find) of an object collection, the same for `/classes/{class}`, `/users`, `/roles`,
/// `/installations`, `/push` and `/files`: storage applies the caller's ACL, the controller only decides the class and
/// how a found object is rendered.
extension ServerEnvironment {
    /// Deletes object `objectId` of `className` in the request's application as the caller → 200 with an empty body;
    /// 404 E404001 when it is missing or the caller may not delete it.
    func deleteObject(className: ClassName, objectId: String, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let key = ObjectKey(applicationId: application.applicationId, className: className, objectId: objectId)
        try await storage.objects.delete(key, access: context.identity.accessContext)
        return .empty(200)
    }

    /// The objects of `className` that `parameters` select among those the caller may read, each rendered by `render`
    /// (an object it renders as `nil` is left out) → 200 `{"results":[…]}`, with `"count"` when asked for.
    func findObjects(
        className: ClassName, parameters: QueryParameters, context: KumoRequestContext,
        render: (StoredObject) -> JSONValue?
    ) async throws -> APIResult {
        let application = try context.requireApplication()
        let request = FindRequest(applicationId: application.applicationId, className: className, parameters: parameters)
        let found = try await storage.objects.find(request, access: context.identity.accessContext)
        let results = found.objects.compactMap(render)
        return .json(200, FindResponse(results: results, count: parameters.includesCount ? found.count ?? 0 : nil).json)
    }
}
