import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

@Suite struct GeoConformanceTests {
    /// Places around Tokyo, one near the antimeridian, one without a location (a field holds GeoPoints or nothing else:
    /// docs/decisions/0057-geopoint-fields-keep-their-kind.md).
    static let places: [NewObject] = [
        Fixture.newObject("Place", "tokyo", ["location": Fixture.geoPoint(35.6812, 139.7671).json], seconds: 1),
        Fixture.newObject("Place", "yokohama", ["location": Fixture.geoPoint(35.4437, 139.6380).json], seconds: 2),
        Fixture.newObject("Place", "osaka", ["location": Fixture.geoPoint(34.6937, 135.5023).json], seconds: 3),
        Fixture.newObject("Place", "fiji", ["location": Fixture.geoPoint(-17.7134, 178.0650).json], seconds: 4),
        Fixture.newObject("Place", "samoa", ["location": Fixture.geoPoint(-13.7590, -172.1046).json], seconds: 5),
        Fixture.newObject("Place", "nowhere", ["address": "35.68,139.76"], seconds: 6),
    ]

    static let tokyoStation = Fixture.geoPoint(35.6812, 139.7671)

    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func nearSphereOrdersGeoPointsByDistanceWhenNoOrderIsGiven(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(GeoConformanceTests.places)
            let query = Fixture.whereField("location", .nearSphere(GeoConformanceTests.tokyoStation, maximumDistance: nil))

            let ordered = try await storage.objectIds(Fixture.request("Place", QueryParameters(whereQuery: query)))

            #expect(ordered == ["tokyo", "yokohama", "osaka", "fiji", "samoa"])
        }
    }

    static let distances: [(GeoDistance, [String])] = [
        (.kilometers(50), ["tokyo", "yokohama"]),
        (.kilometers(500), ["tokyo", "yokohama", "osaka"]),
        (.miles(20), ["tokyo", "yokohama"]),
        (.radians(0.001), ["tokyo"]),
    ]

    @Test(arguments: TestDatabase.engines, GeoConformanceTests.distances)
    func nearSphereKeepsPointsWithinTheMaximumDistance(_ engine: StorageEngine, _ limit: (GeoDistance, [String])) async throws {
        let (distance, expected) = limit
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(GeoConformanceTests.places)
            let query = Fixture.whereField("location", .nearSphere(GeoConformanceTests.tokyoStation, maximumDistance: distance))

            let ordered = try await storage.objectIds(Fixture.request("Place", QueryParameters(whereQuery: query)))

            #expect(ordered == expected)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anExplicitOrderReplacesTheDistanceOrder(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(GeoConformanceTests.places)
            let query = Fixture.whereField("location", .nearSphere(GeoConformanceTests.tokyoStation, maximumDistance: .kilometers(500)))

            let ordered = try await storage.objectIds(
                Fixture.request("Place", QueryParameters(whereQuery: query, order: [SortKey(field: .objectId)]))
            )

            #expect(ordered == ["osaka", "tokyo", "yokohama"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func withinBoxChecksLatitudeAndLongitudeRanges(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(GeoConformanceTests.places)

            let matched = try await storage.matching(
                "Place",
                Fixture.whereField("location", .withinBox(southwest: Fixture.geoPoint(35, 139), northeast: Fixture.geoPoint(36, 140)))
            )

            #expect(matched == ["tokyo", "yokohama"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func withinBoxCrossingTheAntimeridianWrapsAround(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll(GeoConformanceTests.places)

            let matched = try await storage.matching(
                "Place",
                Fixture.whereField("location", .withinBox(southwest: Fixture.geoPoint(-20, 170), northeast: Fixture.geoPoint(-10, -170)))
            )

            #expect(matched == ["fiji", "samoa"])
        }
    }
}
