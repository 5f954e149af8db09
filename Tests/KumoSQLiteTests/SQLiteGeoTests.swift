import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

@Suite struct SQLiteGeoTests {
    /// Places around Tokyo, one near the antimeridian, one with a non-GeoPoint location.
    static let places: [NewObject] = [
        Fixture.newObject("Place", "tokyo", ["location": Fixture.geoPoint(35.6812, 139.7671).json], seconds: 1),
        Fixture.newObject("Place", "yokohama", ["location": Fixture.geoPoint(35.4437, 139.6380).json], seconds: 2),
        Fixture.newObject("Place", "osaka", ["location": Fixture.geoPoint(34.6937, 135.5023).json], seconds: 3),
        Fixture.newObject("Place", "fiji", ["location": Fixture.geoPoint(-17.7134, 178.0650).json], seconds: 4),
        Fixture.newObject("Place", "samoa", ["location": Fixture.geoPoint(-13.7590, -172.1046).json], seconds: 5),
        Fixture.newObject("Place", "nowhere", ["location": "35.68,139.76"], seconds: 6),
    ]

    static let tokyoStation = Fixture.geoPoint(35.6812, 139.7671)

    // MARK: Tests

    @Test func nearSphereOrdersGeoPointsByDistanceWhenNoOrderIsGiven() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteGeoTests.places)
            let query = Fixture.whereField("location", .nearSphere(SQLiteGeoTests.tokyoStation, maximumDistance: nil))

            let ordered = try await storage.objectIds(Fixture.request("Place", QueryParameters(whereQuery: query)))

            #expect(ordered == ["tokyo", "yokohama", "osaka", "fiji", "samoa"])
        }
    }

    @Test(arguments: [
        (GeoDistance.kilometers(50), ["tokyo", "yokohama"]),
        (GeoDistance.kilometers(500), ["tokyo", "yokohama", "osaka"]),
        (GeoDistance.miles(20), ["tokyo", "yokohama"]),
        (GeoDistance.radians(0.001), ["tokyo"]),
    ])
    func nearSphereKeepsPointsWithinTheMaximumDistance(_ distance: GeoDistance, _ expected: [String]) async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteGeoTests.places)
            let query = Fixture.whereField("location", .nearSphere(SQLiteGeoTests.tokyoStation, maximumDistance: distance))

            let ordered = try await storage.objectIds(Fixture.request("Place", QueryParameters(whereQuery: query)))

            #expect(ordered == expected)
        }
    }

    @Test func anExplicitOrderReplacesTheDistanceOrder() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteGeoTests.places)
            let query = Fixture.whereField("location", .nearSphere(SQLiteGeoTests.tokyoStation, maximumDistance: .kilometers(500)))

            let ordered = try await storage.objectIds(
                Fixture.request("Place", QueryParameters(whereQuery: query, order: [SortKey(field: .objectId)]))
            )

            #expect(ordered == ["osaka", "tokyo", "yokohama"])
        }
    }

    @Test func withinBoxChecksLatitudeAndLongitudeRanges() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteGeoTests.places)

            let matched = try await storage.matching(
                "Place",
                Fixture.whereField("location", .withinBox(southwest: Fixture.geoPoint(35, 139), northeast: Fixture.geoPoint(36, 140)))
            )

            #expect(matched == ["tokyo", "yokohama"])
        }
    }

    @Test func withinBoxCrossingTheAntimeridianWrapsAround() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll(SQLiteGeoTests.places)

            let matched = try await storage.matching(
                "Place",
                Fixture.whereField("location", .withinBox(southwest: Fixture.geoPoint(-20, 170), northeast: Fixture.geoPoint(-10, -170)))
            )

            #expect(matched == ["fiji", "samoa"])
        }
    }
}
