public import Foundation

/// An object of a data store class as a Swift value: its fields are the type's `Codable` properties.
///
/// ```swift
/// struct GameScore: NCMBModel {
///     var objectId: String?
///     var createDate: Date?
///     var updateDate: Date?
///     var acl: NCMBACL?
///     var playerName: String
///     var points: Int
///     var playedAt: Date?                 // a Date field
///     var location: NCMBGeoPoint?         // a GeoPoint field
///     var player: NCMBReference<Player>?  // a Pointer field
/// }
///
/// var score = GameScore(playerName: "Tarou", points: 42)
/// score = try await score.save()                     // now has its objectId and dates
/// var query = GameScore.query
/// query.where(field: "points", greaterThan: 10)
/// let best: [GameScore] = try await query.find(as: GameScore.self)
/// ```
///
/// The class name is the type's name unless ``className`` says otherwise. The four system properties are the server's:
/// `objectId`, `createDate` and `updateDate` are never sent, and `acl` is sent when it is not `nil`. Every other
/// stored property is a field, under its coding key: strings, numbers, booleans, arrays, nested `Codable` values,
/// `Date` (a Date field), ``NCMBGeoPoint``, ``NCMBPointer``, ``NCMBReference`` and ``NCMBACL``.
///
/// A save sends every field the encoder writes, a create and an update alike. Swift's synthesised `Codable` leaves out
/// properties that are `nil`, so setting a property to `nil` does not clear the field on the server: write a custom
/// `encode(to:)` that encodes `nil`, or clear it with the dynamic API (`object["field"] = nil`).
///
/// Models use the client in effect when an operation runs: ``NCMBClient/default``, or the client whose
/// `NCMBClient.run(_:)` runs it. The dynamic ``NCMBObject`` API stays beside models: ``NCMBBase/decode(as:)``
/// turns any object into a model, ``NCMBObject/init(model:)`` a model into an object.
///
/// - Note: A Kumo addition; ncmb_swift has the dynamic API only.
public protocol NCMBModel: Codable, Sendable {
    /// The data store class of the type's objects. Defaults to the type's name.
    static var className: String { get }
    /// The objectId the server assigned; `nil` until the object is saved.
    var objectId: String? { get set }
    /// When the object was created; set by the server.
    var createDate: Date? { get set }
    /// When the object last changed; set by the server.
    var updateDate: Date? { get set }
    /// Who may read and write the object; `nil` lets the server apply its default.
    var acl: NCMBACL? { get set }
}

extension NCMBModel {
    /// The type's name, e.g. `GameScore`.
    public static var className: String { String(describing: Self.self) }

    /// A query over the objects of ``className``; find typed results with ``NCMBQuery/find(as:)``.
    public static var query: NCMBQuery<NCMBObject> {
        let (_, collection) = NCMBBase.type(ofClassName: className)
        return NCMBQuery<NCMBObject>(className: className, collection: collection, context: .resolved)
    }

    /// A pointer to the object, to store in a field or compare a field with; `nil` until it is saved.
    public var pointer: NCMBPointer? {
        objectId.map { NCMBPointer(className: Self.className, objectId: $0) }
    }
}
