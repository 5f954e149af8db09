internal import NCMBWire

/// Builds the routes of one collection's object endpoints (docs/wire/endpoints/objects.md,
/// docs/wire/endpoints/queries.md) and hands them to the executor.
struct NCMBObjectService: NCMBService {
    let context: NCMBContext
    /// The collection the objects live in.
    let collection: ClassReference

    /// `POST /…`: creates an object with `fields` → `{"objectId","createDate"}`.
    func create(_ fields: JSONObject) async throws -> NCMBResponse {
        try await executor.execute(.objects(collection, .create(fields)))
    }

    /// `GET /…/{objectId}` → the whole object.
    func get(objectId: String) async throws -> NCMBResponse {
        try await executor.execute(.objects(collection, .get(objectId: objectId)))
    }

    /// `PUT /…/{objectId}`: sends changed fields and operators → `{"updateDate"}`.
    func update(objectId: String, fields: JSONObject) async throws -> NCMBResponse {
        try await executor.execute(.objects(collection, .update(objectId: objectId, fields)))
    }

    /// `DELETE /…/{objectId}` → an empty body.
    func delete(objectId: String) async throws -> NCMBResponse {
        try await executor.execute(.objects(collection, .delete(objectId: objectId)))
    }
}
