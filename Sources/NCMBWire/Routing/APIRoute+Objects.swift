/// Which collection an object route addresses.
package enum ClassReference: Sendable, Hashable {
    /// `/classes/{name}`: a custom class. Standard names under `/classes` are refused with E403003 (wire spec §5.1).
    case custom(ClassName)
    /// `/users`: the standard class `user`.
    case users
    /// `/roles`: the standard class `role`.
    case roles
    /// `/installations`: the standard class `installation`.
    case installations
    /// `/push`: the standard class `push`.
    case push

    /// The class as storage, pointers and queries name it (`user` for `/users`).
    package var className: ClassName {
        switch self {
        case .custom(let name): name
        case .users: .user
        case .roles: .role
        case .installations: .installation
        case .push: .push
        }
    }

    /// The path segments after the version: `["classes", "GameScore"]` or `["users"]` (not percent-encoded).
    package var pathSegments: [String] {
        switch self {
        case .custom(let name): ["classes", name.rawValue]
        case .users: ["users"]
        case .roles: ["roles"]
        case .installations: ["installations"]
        case .push: ["push"]
        }
    }

    /// The first word of the metric label: `objects`, `users`, `roles`, `installations` or `push`.
    package var endpointGroup: String {
        switch self {
        case .custom: "objects"
        case .users: "users"
        case .roles: "roles"
        case .installations: "installations"
        case .push: "push"
        }
    }
}

/// An operation on the objects of one collection (wire spec §5.1, §5.2).
package enum ObjectRoute: Sendable, Hashable {
    /// `POST /…`: the body holds the fields, operators and optional `acl` → 201.
    case create(JSONObject)
    /// `GET /…/{objectId}` → 200 with the full object.
    case get(objectId: String)
    /// `PUT /…/{objectId}`: the body holds changed fields and operators → 200 `{"updateDate"}`.
    case update(objectId: String, JSONObject)
    /// `DELETE /…/{objectId}` → 200 with an empty body.
    case delete(objectId: String)
    /// `GET /…` with query parameters → 200 `{"results":[…]}`.
    case find(QueryParameters)

    /// The operation without its payload.
    package var operation: ObjectOperation {
        switch self {
        case .create: .create
        case .get: .get
        case .update: .update
        case .delete: .delete
        case .find: .find
        }
    }
}

/// The kind of an ``ObjectRoute``; its raw value is the operation word of the metric label.
package enum ObjectOperation: String, Sendable, Hashable, CaseIterable {
    case create
    case get
    case update
    case delete
    case find
}
