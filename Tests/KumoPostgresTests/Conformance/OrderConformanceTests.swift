import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

@Suite struct OrderConformanceTests {
    /// Scores with ties and mixed types; `createDate` grows with the suffix except for `tie1`/`tie2`, created together.
    static let scores: [NewObject] = [
        Fixture.newObject("Score", "score1", ["points": 10, "name": "b"], seconds: 1),
        Fixture.newObject("Score", "score2", ["points": 30, "name": "a"], seconds: 2),
        Fixture.newObject("Score", "score3", ["points": 20, "name": "c"], seconds: 3),
        Fixture.newObject("Score", "tie1", ["points": 20, "name": "a"], seconds: 4),
        Fixture.newObject("Score", "tie2", ["points": 20, "name": "a"], seconds: 4),
        Fixture.newObject("Score", "text", ["points": "15"], seconds: 5),
        Fixture.newObject("Score", "missing", [:], seconds: 6),
        Fixture.newObject("Score", "dated", ["points": Fixture.dateValue("2001-01-01T00:00:00.000Z")], seconds: 7),
        Fixture.newObject("Score", "flagged", ["points": true], seconds: 8),
    ]

    func ordered(_ storage: any StorageBackend, _ parameters: QueryParameters) async throws -> [String] {
        try await storage.objectIds(Fixture.request("Score", parameters))
    }

    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func theDefaultOrderIsNewestFirstWithTiesByRow(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)

            let result = try await ordered(storage, QueryParameters())

            #expect(result == ["flagged", "dated", "missing", "text", "tie2", "tie1", "score3", "score2", "score1"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func ascendingOrderSortsByTypeThenValueWithStableTies(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)

            let result = try await ordered(storage, QueryParameters(order: [SortKey(field: Fixture.field("points"))]))

            #expect(result == ["missing", "score1", "tie2", "tie1", "score3", "score2", "text", "flagged", "dated"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func descendingOrderReversesTheKeyButNotTheTieBreak(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)

            let result = try await ordered(storage, QueryParameters(order: [SortKey(field: Fixture.field("points"), isDescending: true)]))

            #expect(result == ["dated", "flagged", "text", "score2", "tie2", "tie1", "score3", "score1", "missing"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func severalKeysApplyInOrder(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)
            let numbers = Fixture.whereField("points", .greaterThan(0))

            let result = try await ordered(
                storage,
                QueryParameters(
                    whereQuery: numbers,
                    order: [SortKey(field: Fixture.field("name")), SortKey(field: Fixture.field("points"), isDescending: true)]
                )
            )

            #expect(result == ["score2", "tie2", "tie1", "score1", "score3"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func systemFieldsSortByTheirColumns(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)

            let byObjectId = try await ordered(storage, QueryParameters(order: [SortKey(field: .objectId)], limit: 3))
            let byCreateDate = try await ordered(storage, QueryParameters(order: [SortKey(field: .createDate)], limit: 3))

            #expect(byObjectId == ["dated", "flagged", "missing"])
            #expect(byCreateDate == ["score1", "score2", "score3"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func limitAndSkipPageThroughStableOrder(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)

            var pages: [[String]] = []
            for page in 0..<4 {
                pages.append(try await ordered(storage, QueryParameters(limit: 3, skip: page * 3)))
            }

            #expect(pages == [["flagged", "dated", "missing"], ["text", "tie2", "tie1"], ["score3", "score2", "score1"], []])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func countIgnoresLimitAndSkip(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)
            let numbers = Fixture.whereField("points", .greaterThan(0))

            let found = try await storage.objects.find(
                Fixture.request("Score", QueryParameters(whereQuery: numbers, limit: 1, skip: 1, includesCount: true)), access: .anonymous
            )

            #expect(found.objects.map(\.objectId) == ["tie1"])
            #expect(found.count == 5)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func limitZeroReturnsOnlyTheCount(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)

            let counted = try await storage.objects.find(
                Fixture.request("Score", QueryParameters(limit: 0, includesCount: true)), access: .anonymous)
            let empty = try await storage.objects.find(Fixture.request("Score", QueryParameters(limit: 0)), access: .anonymous)

            #expect(counted == FoundObjects(objects: [], count: 9))
            #expect(empty == FoundObjects(objects: [], count: nil))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func keysProjectsFieldsButKeepsSystemFields(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(OrderConformanceTests.scores)

            let found = try await storage.objects.find(
                Fixture.request(
                    "Score", QueryParameters(whereQuery: Fixture.whereField("objectId", .equalTo("score1")), keys: [Fixture.field("name")])),
                access: .anonymous
            )

            #expect(found.objects.map(\.fields) == [["name": "b"]])
            #expect(found.objects.first?.json["objectId"] == "score1")
        }
    }
}
