import KumoSeams
import KumoStorage
import NCMBWire

extension ClassPermissionGate {
    /// Turns objects embedded by `include` back into pointers when the caller may not `get` their class, so that a
    /// class closed by class-level permissions does not leak through a pointer from an open class. Row ACLs were applied
    /// by storage already; this adds the class-level check, which storage does not know.
    ///
    /// Applications without class-level permissions (the common case) pay one cache lookup and no walk.
    func hideIncludedObjects(in result: APIResult, context: KumoRequestContext) async throws -> APIResult {
        guard case .json(let status, .object(var body)) = result, case .array(let results)? = body["results"] else {
            return result
        }
        let application = try context.requireApplication()
        let permissions = try await cache.permissions(applicationId: application.applicationId)
        guard !permissions.isEmpty else { return result }
        var decisions: [String: Bool] = [:]
        var hidden: [JSONValue] = []
        hidden.reserveCapacity(results.count)
        for value in results {
            guard case .object(let object) = value else {
                hidden.append(value)
                continue
            }
            hidden.append(.object(try await hidingIncluded(in: object, decisions: &decisions, context: context)))
        }
        body["results"] = .array(hidden)
        return .json(status, .object(body))
    }

    /// The fields of `object` with every embedded object of a class the caller may not `get` replaced by its pointer.
    private func hidingIncluded(in object: JSONObject, decisions: inout [String: Bool], context: KumoRequestContext)
        async throws -> JSONObject
    {
        var fields = object
        for (key, value) in object {
            guard case .object(let embedded) = value, embedded["__type"] == .string("Object"),
                case .string(let className)? = embedded["className"], case .string(let objectId)? = embedded["objectId"]
            else { continue }
            if try await mayGet(className, decisions: &decisions, context: context) {
                fields[key] = .object(try await hidingIncluded(in: embedded, decisions: &decisions, context: context))
            } else {
                fields[key] = ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)]
            }
        }
        return fields
    }

    /// Whether the caller passes the `get` permission of `className`, decided once per class and request.
    private func mayGet(_ className: String, decisions: inout [String: Bool], context: KumoRequestContext) async throws -> Bool {
        if let decision = decisions[className] { return decision }
        guard let name = ClassName(className) else { return true }
        let decision: Bool
        do {
            try await authorize(.get, className: name, context: context)
            decision = true
        } catch let error as KumoError where error.code == .noAccessWithACL {
            decision = false
        }
        decisions[className] = decision
        return decision
    }
    }
