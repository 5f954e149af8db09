import KumoSeams
import KumoStorage
package import NCMBWire

/// Serves `/installations` (docs/wire/endpoints/installations.md): devices registered for push, `deviceToken` unique
/// per application.
///
/// Installations are objects of the standard class `installation`, stored through the `ObjectStore` like any object,
/// so their ACL (default: the application's `defaultObjectACL`, docs/decisions/0005-default-acl.md) decides who may
/// read, change and delete them (docs/decisions/0003-existence-is-not-leaked.md). The storage keeps `deviceToken`
/// unique per application: a taken token → 409 E409001 `"deviceToken is duplication."` (F72 shows NCMB's own message,
/// `"Duplication Error."`, for the same code).
///
/// Request rules: see `InstallationsController+Body.swift`.
package struct InstallationsController: CollectionController {
    let environment: ServerEnvironment

    /// `POST /installations` → 201 `{"objectId","createDate"}` (F71); a taken `deviceToken` → 409 E409001 (F72).
    package func create(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let (operations, acl) = try InstallationsController.parseInstallationBody(body, isCreate: true)
        let createDate = environment.clock.now()
        let storedACL = acl ?? application.settings.defaultObjectACL
        let stored = try await environment.createWithFreshObjectId { objectId in
            NewObject(key: installationKey(application, objectId), createDate: createDate, operations: operations, acl: storedACL)
        }
        return .json(201, CreateResponse(objectId: stored.objectId, createDate: stored.createDate).json)
    }

    /// `GET /installations/{objectId}` → 200 with the installation (F73); 404 E404001 when missing or unreadable
    /// (docs/decisions/0003-existence-is-not-leaked.md).
    package func get(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let object = try await environment.storage.objects.object(
            installationKey(application, objectId), include: [], access: context.identity.accessContext)
        return .json(200, .object(ObjectRendering.redactIncludedUsers(object.json)))
    }

    /// `PUT /installations/{objectId}` → 200 `{"updateDate"}` (F75); the `deviceToken` may change and stays unique.
    package func update(objectId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let (operations, acl) = try InstallationsController.parseInstallationBody(body, isCreate: false)
        let update = ObjectUpdate(
            key: installationKey(application, objectId), updateDate: environment.clock.now(), operations: operations, acl: acl)
        let stored = try await environment.storage.objects.update(update, access: context.identity.accessContext)
        return .json(200, UpdateResponse(updateDate: stored.updateDate).json)
    }

    /// `DELETE /installations/{objectId}` → 200 with an empty body.
    package func delete(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        try await environment.deleteObject(className: .installation, objectId: objectId, context: context)
    }

    /// `GET /installations` → 200 `{"results":[…]}` (+ `"count"`), with every query parameter of `/classes` (F74).
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        try await environment.findObjects(className: .installation, parameters: parameters, context: context) {
            .object(ObjectRendering.redactIncludedUsers($0.json))
        }
    }

    /// The storage key of installation `objectId` of `application`.
    private func installationKey(_ application: HostedApplication, _ objectId: String) -> ObjectKey {
        ObjectKey(applicationId: application.applicationId, className: .installation, objectId: objectId)
    }
}
