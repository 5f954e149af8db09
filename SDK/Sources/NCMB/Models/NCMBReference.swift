internal import NCMBWire

/// A Pointer field of a typed model: the object pointed at, and that object itself when a query included it.
///
/// ```swift
/// struct Post: NCMBModel {
///     var objectId: String?
///     var createDate: Date?
///     var updateDate: Date?
///     var acl: NCMBACL?
///     var title: String
///     var author: NCMBReference<Author>?
/// }
///
/// var query = Post.query
/// query.include = ["author"]
/// for post in try await query.find(as: Post.self) {
///     print(post.title, post.author?.object?.name ?? "?")
/// }
/// ```
///
/// A reference is saved as a Pointer whatever it holds; ``object`` is filled only when read from an included field.
///
/// - Note: A Kumo addition.
public struct NCMBReference<Model: NCMBModel>: Codable, Sendable {
    /// The objectId of the object pointed at.
    public var objectId: String
    /// The object pointed at, when the field was read with ``NCMBQuery/include``; otherwise `nil`.
    public var object: Model?

    /// Creates a reference to the object with `objectId`.
    ///
    /// - Parameter objectId: The objectId of an object of `Model`'s class.
    public init(objectId: String) {
        self.objectId = objectId
        self.object = nil
    }

    /// Creates a reference to a saved model; `nil` when it has no objectId yet.
    ///
    /// - Parameter model: The model pointed at.
    public init?(_ model: Model) {
        guard let objectId = model.objectId else { return nil }
        self.objectId = objectId
        self.object = model
    }

    /// The pointer this reference is saved as.
    public var pointer: NCMBPointer { NCMBPointer(className: Model.className, objectId: objectId) }

    /// Fetches the object pointed at.
    ///
    /// - Returns: The model as the server holds it now.
    /// - Throws: The errors of ``NCMBModel/fetch(objectId:)``.
    public func fetch() async throws -> Model {
        try await Model.fetch(objectId: objectId)
    }

    /// Writes the Pointer `{"__type":"Pointer","className":…,"objectId":…}`.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` for an empty objectId.
    public func encode(to encoder: any Encoder) throws {
        try pointer.encode(to: encoder)
    }

    /// Reads a Pointer, or the object an `include` put in its place (then ``object`` holds it).
    ///
    /// - Throws: `DecodingError` for any other value, or an included object that does not fit `Model`.
    public init(from decoder: any Decoder) throws {
        let json = try CodableJSON(from: decoder).value
        guard let pointer = NCMBPointer(json: json) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a Pointer"))
        }
        self.objectId = pointer.objectId
        if json.objectValue?["__type"] == "Object", let fields = json.objectValue {
            self.object = try NCMBModelCoder.model(Model.self, from: fields.filtering { $0 != "__type" && $0 != "className" })
        } else {
            self.object = nil
        }
    }
}

extension NCMBReference: Equatable where Model: Equatable {}

extension NCMBReference: Hashable where Model: Hashable {}
