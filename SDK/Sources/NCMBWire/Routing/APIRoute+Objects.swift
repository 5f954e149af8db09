/// Which collection an object route addresses.
package enum ClassReference: Sendable, Hashable {
    /// `/classes/{name}`: a custom class. Standard names under `/classes` are refused with E403003
    /// (docs/wire/endpoints/objects.md).
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

    /// The collection without the class name.
    package var collection: ObjectCollection {
        switch self {
        case .custom: .classes
        case .users: .users
        case .roles: .roles
        case .installations: .installations
        case .push: .push
        }
    }

    /// The first word of the metric label: `objects`, `users`, `roles`, `installations` or `push`.
    package var endpointGroup: String { collection.endpointGroup }
}

/// The collections of object routes, without a class name: the five path prefixes that every ``ObjectOperation`` is
/// declared on.
package enum ObjectCollection: String, Sendable, Hashable, CaseIterable {
    /// `/classes/{className}`.
    case classes
    /// `/users`.
    case users
    /// `/roles`.
    case roles
    /// `/installations`.
    case installations
    /// `/push`.
    case push

    /// The path after the version segment.
    var path: String { self == .classes ? "classes/{className}" : rawValue }

    /// The first word of the metric label: `objects` for custom classes, the path word otherwise.
    package var endpointGroup: String { self == .classes ? "objects" : rawValue }

    /// The class reference of a matched path.
    ///
    /// - Throws: E400002 `"<name> is invalid."` for an invalid class name; 403 E403003 for a standard class name under
    ///   `/classes` (docs/wire/endpoints/objects.md).
    func reference(_ input: RouteInput) throws(APIError) -> ClassReference {
        switch self {
        case .classes:
            let name = try ClassName(validating: input.parameter("className"))
            guard !name.isStandard else { throw APIError(.operationThatAreProhibited) }
            return .custom(name)
        case .users: return .users
        case .roles: return .roles
        case .installations: return .installations
        case .push: return .push
        }
    }
}

/// An operation on the objects of one collection (docs/wire/endpoints/objects.md, docs/wire/endpoints/queries.md).
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

    /// The declaration of this operation on `reference`'s collection and the values it prints.
    func declared(on reference: ClassReference) -> (declaration: RouteDeclaration, values: RouteValues) {
        var values = RouteValues()
        if case .custom(let name) = reference { values.path["className"] = name.rawValue }
        switch self {
        case .create(let body):
            values.body = body
        case .get(let objectId), .delete(let objectId):
            values.path["objectId"] = objectId
        case .update(let objectId, let body):
            values.path["objectId"] = objectId
            values.body = body
        case .find(let parameters):
            values.query = parameters.queryItems.map { QueryItem(name: $0.name, value: $0.value) }
        }
        return (RouteDeclaration.object(operation, on: reference.collection), values)
    }

    /// Every object declaration: each operation on each collection, collection by collection.
    static let declarations: [RouteDeclaration] = ObjectCollection.allCases.flatMap { collection in
        ObjectOperation.allCases.map { RouteDeclaration.object($0, on: collection) }
    }
}

/// The kind of an ``ObjectRoute``; its raw value is the operation word of the metric label.
package enum ObjectOperation: String, Sendable, Hashable, CaseIterable {
    case create
    case get
    case update
    case delete
    case find

    /// The declaration of this operation on `collection`: one declaration per operation, made for all five collections.
    func declaration(on collection: ObjectCollection) -> RouteDeclaration {
        let name = collection.endpointGroup + "." + rawValue
        let objectPath = collection.path + "/{objectId}"
        switch self {
        case .create:
            return RouteDeclaration(.post, collection.path, name: name, body: .json) { input throws(APIError) in
                .objects(try collection.reference(input), .create(input.body))
            }
        case .get:
            return RouteDeclaration(.get, objectPath, name: name) { input throws(APIError) in
                .objects(try collection.reference(input), .get(objectId: try input.parameter("objectId")))
            }
        case .update:
            return RouteDeclaration(.put, objectPath, name: name, body: .json) { input throws(APIError) in
                .objects(try collection.reference(input), .update(objectId: try input.parameter("objectId"), input.body))
            }
        case .delete:
            return RouteDeclaration(.delete, objectPath, name: name) { input throws(APIError) in
                .objects(try collection.reference(input), .delete(objectId: try input.parameter("objectId")))
            }
        case .find:
            return RouteDeclaration(.get, collection.path, name: name, query: .parameters) { input throws(APIError) in
                .objects(try collection.reference(input), .find(input.queryParameters))
            }
        }
    }
}

extension RouteDeclaration {
    /// The declaration of `operation` on `collection`, as the route table holds it.
    static func object(_ operation: ObjectOperation, on collection: ObjectCollection) -> RouteDeclaration {
        // Every pair is in the table; building the declaration again would give an equal one.
        objectDeclarations[ObjectDeclarationKey(collection: collection, operation: operation)] ?? operation.declaration(on: collection)
    }

    private static let objectDeclarations: [ObjectDeclarationKey: RouteDeclaration] = Dictionary(
        uniqueKeysWithValues: ObjectCollection.allCases.flatMap { collection in
            ObjectOperation.allCases.map { operation in
                (ObjectDeclarationKey(collection: collection, operation: operation), operation.declaration(on: collection))
            }
        })
}

/// An object declaration's place in the table.
private struct ObjectDeclarationKey: Hashable {
    let collection: ObjectCollection
    let operation: ObjectOperation
}
