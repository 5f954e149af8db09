import KumoStorage
import NCMBWire

/// Builders for fixture values.
enum Fixture {
    /// The application every fixture object belongs to.
    static let applicationId = "application1"

    /// A validated field name.
    static func field(_ name: String) -> FieldName {
        guard let field = FieldName(name) else { preconditionFailure("Invalid fixture field name \(name)") }
        return field
    }

    /// A validated class name.
    static func className(_ name: String) -> ClassName {
        guard let className = ClassName(name) else { preconditionFailure("Invalid fixture class name \(name)") }
        return className
    }

    /// A fixed date: 2009-02-13T23:31:30.000Z plus `seconds`.
    static func date(_ seconds: Int64 = 0) -> WireDate {
        WireDate(millisecondsSince1970: 1_234_567_890_000 + seconds * 1000)
    }

    /// The key of an object of the fixture application.
    static func key(_ className: String, _ objectId: String) -> ObjectKey {
        ObjectKey(applicationId: Fixture.applicationId, className: Fixture.className(className), objectId: objectId)
    }

    /// A new object whose fields are set from a JSON object, created `seconds` after the fixed date.
    static func newObject(
        _ className: String, _ objectId: String, _ fields: JSONObject = [:], acl: AccessControlList = .publicReadWrite,
        seconds: Int64 = 0
    ) -> NewObject {
        NewObject(
            key: key(className, objectId), createDate: date(seconds),
            operations: fields.pairs.map { (field($0.key), FieldOperation.set($0.value)) }, acl: acl
        )
    }

    /// A pointer.
    static func pointer(_ className: String, _ objectId: String) -> Pointer {
        Pointer(className: Fixture.className(className), objectId: objectId)
    }

    /// A find request over the fixture application.
    static func request(_ className: String, _ parameters: QueryParameters = QueryParameters()) -> FindRequest {
        FindRequest(applicationId: Fixture.applicationId, className: Fixture.className(className), parameters: parameters)
    }

    /// A where query of one field's conditions.
    static func whereField(_ name: String, _ conditions: FieldCondition...) -> WhereQuery {
        WhereQuery([.field(field(name), conditions)])
    }

    /// A Date value.
    static func dateValue(_ iso: String) -> JSONValue {
        ["__type": "Date", "iso": .string(iso)]
    }

    /// A GeoPoint value.
    static func geoPoint(_ latitude: Double, _ longitude: Double) -> GeoPoint {
        guard let point = GeoPoint(latitude: latitude, longitude: longitude) else { preconditionFailure("Invalid fixture point") }
        return point
    }
}

extension StorageBackend {
    /// The objectIds a query returns, in result order.
    func objectIds(_ request: FindRequest, access: AccessContext = .bypass) async throws -> [String] {
        try await objects.find(request, access: access).objects.map(\.objectId)
    }

    /// The objectIds of class `className` matching `whereQuery`, sorted (for set comparisons).
    func matching(_ className: String, _ whereQuery: WhereQuery, access: AccessContext = .bypass) async throws -> [String] {
        try await objectIds(Fixture.request(className, QueryParameters(whereQuery: whereQuery, limit: 1000)), access: access).sorted()
    }

    /// Creates every object.
    func createAll(_ newObjects: [NewObject]) async throws {
        for object in newObjects { _ = try await objects.create(object) }
    }
}
