import KumoSeams
import KumoServer
import KumoStorage
import NCMBWire

/// The data every scenario runs against, seeded in-process before the server starts.
///
/// An application with fresh keys; `BenchOwner` objects; and `BenchItem` objects with a number (`score` 0…999, spread
/// evenly), the same number inside an object (`stats.score`), a real number (`ratio`), strings (`name`, `category` of ten
/// values), a Date (`releasedAt`), a Pointer to an owner (`owner`) and a counter for the Increment scenario. Items have distinct `createDate`s, one millisecond apart.
struct BenchDataset: Sendable {
    /// The class the read scenarios query.
    static let itemClass = ClassName(constant: "BenchItem")
    /// The class item pointers point to.
    static let ownerClass = ClassName(constant: "BenchOwner")
    /// The class the create scenario writes (so that reads keep seeing exactly the seeded items).
    static let createClass = ClassName(constant: "BenchCreate")
    /// The class the in-process insert baseline writes.
    static let storageClass = ClassName(constant: "BenchStorage")
    /// The number queried by the query scenarios.
    static let scoreField = FieldName(constant: "score")
    /// The number inside an object that the dotted-path count scenario filters on (`stats.score`, equal to `score`).
    static let statsScorePath = FieldPath(root: FieldName(constant: "stats"), keys: [.name("score")])
    /// The string of ten values (`c0`…`c9`) the sorted pages after an equality filter on.
    static let categoryField = FieldName(constant: "category")
    /// The real number the unindexed count scenario filters on.
    static let ratioField = FieldName(constant: "ratio")
    /// The pointer to a `BenchOwner` that the include scenario expands.
    static let ownerField = FieldName(constant: "owner")
    /// The script of the `script` scenario, and its code: the smallest answer a script can give.
    static let scriptName = "bench.js"
    static let scriptCode = "module.exports = function (req, res) { res.send('ok'); };\n"

    /// The application the requests are signed for.
    let application: HostedApplication
    /// The objectIds of the seeded items.
    let itemObjectIds: [String]
    /// The objectIds of the owners.
    let ownerObjectIds: [String]

    /// Creates the application and seeds the objects with many writes in flight, so that group commit batches them.
    ///
    /// - Parameters:
    ///   - storage: the open storage.
    ///   - itemCount: how many `BenchItem` objects to create.
    ///   - ownerCount: how many `BenchOwner` objects the items point to.
    static func seed(storage: any StorageBackend, itemCount: Int, ownerCount: Int = 100) async throws -> BenchDataset {
        let identifiers = RandomIdentifierGenerator()
        let now = SystemWallClock().now()
        let application = HostedApplication(
            applicationId: identifiers.applicationId(),
            name: "bench-" + identifiers.randomString(length: 8, alphabet: IdentifierAlphabet.alphanumeric),
            applicationKey: identifiers.key(), clientKey: identifiers.key(), createDate: now)
        try await storage.applications.create(application)

        let ownerObjectIds = (0..<ownerCount).map { _ in identifiers.objectId() }
        let itemObjectIds = (0..<itemCount).map { _ in identifiers.objectId() }
        let firstCreateDate = now.millisecondsSince1970 - Int64(itemCount + ownerCount)
        try await insert(count: ownerCount, storage: storage) { index in
            let fields: JSONObject = ["name": .string("owner-\(index)"), "rank": .integer(Int64(index))]
            return try newObject(
                application: application, className: ownerClass, objectId: ownerObjectIds[index],
                createDate: firstCreateDate + Int64(index), fields: fields)
        }
        try await insert(count: itemCount, storage: storage) { index in
            let owner = Pointer(className: ownerClass, objectId: ownerObjectIds[index % ownerCount])
            let released = WireDate(millisecondsSince1970: now.millisecondsSince1970 - Int64(index) * 60_000)
            let fields: JSONObject = [
                "score": .integer(Int64(index * 7919 % 1000)),
                "stats": ["score": .integer(Int64(index * 7919 % 1000)), "level": .integer(Int64(index % 10))],
                "ratio": .double(Double(index % 1000) / 1000 + 0.25),
                "name": .string("item-\(index)"),
                "category": .string("c\(index % 10)"),
                "releasedAt": ["__type": "Date", "iso": .string(released.formatted)],
                "owner": owner.json,
                "counter": .integer(0),
            ]
            return try newObject(
                application: application, className: itemClass, objectId: itemObjectIds[index],
                createDate: firstCreateDate + Int64(ownerCount + index), fields: fields)
        }
        return BenchDataset(application: application, itemObjectIds: itemObjectIds, ownerObjectIds: ownerObjectIds)
    }

    /// A new object whose fields go through the same parsing as a request body.
    static func newObject(
        application: HostedApplication, className: ClassName, objectId: String, createDate: Int64, fields: JSONObject
    ) throws -> NewObject {
        let (operations, acl) = try FieldOperation.parseBody(fields)
        return NewObject(
            key: ObjectKey(applicationId: application.applicationId, className: className, objectId: objectId),
            createDate: WireDate(millisecondsSince1970: createDate), operations: operations,
            acl: acl ?? application.settings.defaultObjectACL)
    }

    /// Creates `count` objects with up to 1 024 writes in flight.
    private static func insert(
        count: Int, storage: any StorageBackend, makeObject: @escaping @Sendable (Int) throws -> NewObject
    ) async throws {
        let window = 1024
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                if index >= window { try await group.next() }
                group.addTask { _ = try await storage.objects.create(try makeObject(index)) }
            }
            try await group.waitForAll()
        }
    }
}
