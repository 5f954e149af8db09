import KumoSeams
import KumoServer
import KumoStorage
import NCMBWire

extension BenchDataset {
    /// The fields of the extra indexes `--extra-indexes N` creates on `BenchCreate`, one index per field, in this order.
    static let extraIndexFields: [IndexedField] = [
        IndexedField(scoreField, .number), IndexedField(FieldName(constant: "name"), .string),
        IndexedField(FieldName(constant: "category"), .string),
    ]

    /// Creates the indexes a user would (`kumo classes index add BenchItem score:number`, `stats.score:number` for
    /// the dotted-path count and `category,score` for the sorted pages after an equality), through the storage API, printing a progress line with the elapsed time for each.
    ///
    /// - Parameters:
    ///   - storage: the seeded storage.
    ///   - indexesScore: whether to index `BenchItem.score`, `stats.score` and `category,score` (off with `--no-indexes`, for before/after
    ///     comparisons).
    ///   - extraCount: how many of ``extraIndexFields`` to index on `BenchCreate`, the class the `create` scenario
    ///     writes, to measure the write cost of indexes; the class is created first with one object.
    func createIndexes(storage: any StorageBackend, indexesScore: Bool, extraCount: Int) async throws {
        let applicationId = application.applicationId
        var indexes: [ClassIndex] = []
        let now = SystemWallClock().now()
        if indexesScore {
            indexes.append(
                ClassIndex(
                    applicationId: applicationId, className: BenchDataset.itemClass,
                    fields: [IndexedField(BenchDataset.scoreField, .number)], createDate: now))
            indexes.append(
                ClassIndex(
                    applicationId: applicationId, className: BenchDataset.itemClass,
                    fields: [IndexedField(BenchDataset.statsScorePath, .number)], createDate: now))
            indexes.append(
                ClassIndex(
                    applicationId: applicationId, className: BenchDataset.itemClass,
                    fields: [IndexedField(BenchDataset.categoryField, .string), IndexedField(BenchDataset.scoreField, .number)],
                    createDate: now))
        }
        if extraCount > 0 {
            let object = try BenchDataset.newObject(
                application: application, className: BenchDataset.createClass, objectId: RandomIdentifierGenerator().objectId(),
                createDate: now.millisecondsSince1970, fields: ["score": 42, "name": "created", "category": "c1"])
            _ = try await storage.objects.create(object)
            for field in BenchDataset.extraIndexFields.prefix(extraCount) {
                indexes.append(
                    ClassIndex(applicationId: applicationId, className: BenchDataset.createClass, fields: [field], createDate: now))
            }
        }
        for index in indexes {
            let started = ContinuousClock.now
            progress("Building the index \(index.className.rawValue) \(index.fieldList) …")
            let build = try await storage.indexes.create(index)
            progress("  built over \(build.objectCount) objects in \(ContinuousClock.now - started).")
        }
    }
}
