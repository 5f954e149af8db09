import KumoSeams
import KumoStorage
package import NCMBWire

/// Serves `/push` (docs/wire/endpoints/push.md): push notifications are objects of the standard class `push` whose
/// delivery job is created in the same transaction (`NewObject.pushDueAt`) and worked by `PushDeliveryService`; and
/// open tracking, `POST /push/{objectId}/openNumber`.
///
/// A push's ACL (default: the application's `defaultObjectACL`, docs/decisions/0005-default-acl.md) and the class
/// permissions of `push` decide who may register, read, change and delete pushes, as for any object
/// (docs/decisions/0003-existence-is-not-leaked.md). Request rules: ``PushRequest`` (`PushRequest+Rules.swift`);
/// rendering: `PushController+Rendering.swift`; status values: ``PushStatus``.
package struct PushController: CollectionController {
    let environment: ServerEnvironment
    /// The responder's class-permission gate, for what a `searchCondition` reads.
    let classPermissions: ClassPermissionGate

    /// `POST /push` → 201 `{"createDate","objectId"}` (F76, F77); both delivery options → 400 E400008 (F79).
    ///
    /// The push is stored with its body's fields in body order, then `status` 0 (``PushStatus/scheduled``),
    /// `deliveryPlanNumber` 0, `deliveryNumber` 0 and `error` `null`, and its ``StandardField/Push/sender``, whose access
    /// delivery uses; its job is due at `deliveryTime`, or now. An application that does not allow pushes from clients
    /// answers 403 E403003 (docs/decisions/0061-push-from-clients-off-by-default.md), except to the dashboard's
    /// administrator.
    package func create(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        try PushController.checkClientPushEnabled(application, identity: context.identity)
        let request = try PushRequest(body: body)
        try await authorizeSearchCondition(request.searchCondition, context: context)
        let createDate = environment.clock.now()
        let dueAt = try PushRequest.checkCombination(PushRequest.applying(request.operations, to: JSONObject()), now: createDate)
        let operations =
            request.operations + PushController.initialDeliveryState() + [PushController.senderOperation(context.identity.accessContext)]
        let storedACL = request.acl ?? application.settings.defaultObjectACL
        let stored = try await environment.createWithFreshObjectId { objectId in
            NewObject(
                key: pushKey(application, objectId), createDate: createDate, operations: operations, acl: storedACL,
                extras: .push(dueAt: dueAt))
        }
        return .json(201, CreateResponse(objectId: stored.objectId, createDate: stored.createDate).json)
    }

    /// `GET /push/{objectId}` → the push with `deliveryPlanNumber`, `deliveryNumber`, `status`, `error`; 404 E404001 when
    /// missing or unreadable (docs/decisions/0003-existence-is-not-leaked.md).
    package func get(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let push = try await environment.storage.objects.object(
            pushKey(application, objectId), include: [], access: context.identity.accessContext)
        let readable = try await readableReasonInstallations(of: [push], context: context)
        return .json(200, .object(ObjectRendering.push(push, readableInstallations: readable)))
    }

    /// `PUT /push/{objectId}` → 200 `{"updateDate"}`.
    ///
    /// The caller becomes the push's ``StandardField/Push/sender``: delivery resolves the (possibly changed)
    /// `searchCondition` with the access of whoever changed the push last. Only a push still ``PushStatus/scheduled`` may change (else 400 E400005 `"status is not a valid value."`); the
    /// combination rules hold on the stored push with the body applied, and a changed delivery option moves the job.
    package func update(objectId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        try PushController.checkClientPushEnabled(application, identity: context.identity)
        let request = try PushRequest(body: body)
        try await authorizeSearchCondition(request.searchCondition, context: context)
        let operations = request.updateOperations + [PushController.senderOperation(context.identity.accessContext)]
        let key = pushKey(application, objectId)
        let access = context.identity.accessContext
        let current = try await environment.storage.objects.object(key, include: [], access: access)
        let status = current.fields[StandardField.Push.status]?.integerValue ?? PushStatus.scheduled.rawValue
        guard status == PushStatus.scheduled.rawValue else { throw KumoError(.invalidValue, StandardField.Push.status.rawValue) }
        let now = environment.clock.now()
        let dueAt = try PushRequest.checkCombination(PushRequest.applying(operations, to: current.fields), now: now)
        let movesJob = operations.contains { [StandardField.Push.deliveryTime, StandardField.Push.immediateDeliveryFlag].contains($0.0) }
        let update = ObjectUpdate(
            key: key, updateDate: now, operations: operations, acl: request.acl, extras: movesJob ? .push(dueAt: dueAt) : .none)
        let stored = try await environment.storage.objects.update(update, access: access)
        return .json(200, UpdateResponse(updateDate: stored.updateDate).json)
    }

    /// `DELETE /push/{objectId}` → 200 with an empty body; a push not yet sent is then never sent (its job goes with it).
    package func delete(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        try await environment.deleteObject(className: .push, objectId: objectId, context: context)
    }

    /// `GET /push` → 200 `{"results":[…]}` (+ `"count"`) (F78), with every query parameter of `/classes`.
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let request = FindRequest(applicationId: application.applicationId, className: .push, parameters: parameters)
        let found = try await environment.storage.objects.find(request, access: context.identity.accessContext)
        let readable = try await readableReasonInstallations(of: found.objects, context: context)
        let results = found.objects.map {
            JSONValue.object(ObjectRendering.push($0, keys: parameters.keys, readableInstallations: readable))
        }
        return .json(200, FindResponse(results: results, count: parameters.includesCount ? found.count ?? 0 : nil).json)
    }

    /// `POST /push/{objectId}/openNumber` `{"deviceType","deviceToken"}` → 200 `{"updateDate"}` (F80).
    ///
    /// `deviceType` is required (`ios` or `android`); `deviceToken`, when sent, must be a string. The caller must be
    /// able to read the push (else 404 E404001); the count `openNumber` is then incremented whatever the push's write
    /// ACL, as opening a notification is not changing the push.
    package func recordOpen(pushId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        try PushController.checkOpenBody(body)
        let key = pushKey(application, pushId)
        _ = try await environment.storage.objects.object(key, include: [], access: context.identity.accessContext)
        let update = ObjectUpdate(
            key: key, updateDate: environment.clock.now(),
            operations: [(StandardField.Push.openNumber, .increment(.integer(1)))])
        let stored = try await environment.storage.objects.update(update, access: .bypass)
        return .json(200, UpdateResponse(updateDate: stored.updateDate).json)
    }

    /// The storage key of push `objectId` of `application`.
    private func pushKey(_ application: HostedApplication, _ objectId: String) -> ObjectKey {
        ObjectKey(applicationId: application.applicationId, className: .push, objectId: objectId)
    }
}

extension PushController {
    /// The delivery fields of a new push: scheduled, planned for and delivered to no device yet, no error.
    static func initialDeliveryState() -> [(FieldName, FieldOperation)] {
        [
            (StandardField.Push.status, .set(.integer(PushStatus.scheduled.rawValue))),
            (StandardField.Push.deliveryPlanNumber, .set(.integer(0))),
            (StandardField.Push.deliveryNumber, .set(.integer(0))),
            (StandardField.Push.error, .delete),
        ]
    }

    /// Checks an open-tracking body: `deviceType` missing, `null` or `""` → E400003; not a string → E400002; not `ios` or
    /// `android` → E400005; a `deviceToken` that is not a string → E400002.
    package static func checkOpenBody(_ body: JSONObject) throws(APIError) {
        let deviceType = StandardField.Installation.deviceType
        switch body[deviceType] {
        case nil, .null?, .string("")?: throw APIError(.required, deviceType.rawValue)
        case .string(let type)?: guard PushRequest.platforms.contains(type) else { throw APIError(.invalidValue, deviceType.rawValue) }
        default: throw APIError(.invalidType, deviceType.rawValue)
        }
        let deviceToken = StandardField.Installation.deviceToken
        switch body[deviceToken] {
        case nil, .null?, .string?: break
        default: throw APIError(.invalidType, deviceToken.rawValue)
        }
    }
}
