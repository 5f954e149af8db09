/// `$nearSphere` (with and without each maximum distance) and `$within`/`$box` on `Place`
/// (docs/wire/query-operators.md).
///
/// Great-circle distances from Tokyo Station: Osaka Station 403 km (250 mi, 0.0633 rad), Sapporo Station 833 km (517 mi,
/// 0.1307 rad), Fiji East 7222 km, Fiji West 7235 km, London 9562 km, New York 10847 km, the origin 14269 km. Fiji East
/// (179.9° E) and Fiji West (179.9° W) are 21 km apart across the antimeridian. `hiddenPlace`, next to Tokyo Station,
/// is unreadable and must never appear.
extension ConformanceCase {
    /// Tokyo Station, the usual centre.
    static let tokyoStation = Wire.geoPoint(35.681236, 139.767125)

    /// `$nearSphere` around Tokyo Station with optional extra operator keys (`,"$maxDistanceInKilometers":500`).
    static func nearTokyo(_ extra: String = "") -> String { #"{"location":{"$nearSphere":\#(tokyoStation)\#(extra)}}"# }

    /// `$nearSphere` cases: distance order, limits, paging, maximum distances and the antimeridian.
    static let nearSphereCases: [ConformanceCase] = [
        find(
            "nearSphereOrdersByDistance", in: "Place", where: nearTokyo(),
            .ordered("tokyoStation", "osakaStation", "sapporoStation", "fijiEast", "fijiWest", "london", "newYork", "origin")),
        find(
            "nearSphereWithMaximumKilometers", in: "Place", where: nearTokyo(#","$maxDistanceInKilometers":500"#),
            .ordered("tokyoStation", "osakaStation")),
        find(
            "nearSphereWithMaximumMiles", in: "Place", where: nearTokyo(#","$maxDistanceInMiles":600"#),
            .ordered("tokyoStation", "osakaStation", "sapporoStation")),
        find(
            "nearSphereWithMaximumRadians", in: "Place", where: nearTokyo(#","$maxDistanceInRadians":0.1"#),
            .ordered("tokyoStation", "osakaStation")),
        find(
            "nearSphereWithALargeMaximumDistance", in: "Place", where: nearTokyo(#","$maxDistanceInKilometers":8000"#),
            .ordered("tokyoStation", "osakaStation", "sapporoStation", "fijiEast", "fijiWest")),
        find(
            "nearSphereWithMaximumDistanceZeroKeepsTheExactPoint", in: "Place", where: nearTokyo(#","$maxDistanceInKilometers":0"#),
            .ordered("tokyoStation")),
        find(
            "nearSphereMeasuresAcrossTheAntimeridianFromTheEast", in: "Place",
            where: #"{"location":{"$nearSphere":\#(Wire.geoPoint(-17.0, 179.9)),"$maxDistanceInKilometers":50}}"#,
            .ordered("fijiEast", "fijiWest")),
        find(
            "nearSphereMeasuresAcrossTheAntimeridianFromTheWest", in: "Place",
            where: #"{"location":{"$nearSphere":\#(Wire.geoPoint(-17.0, -179.95)),"$maxDistanceInMiles":20}}"#,
            .ordered("fijiWest", "fijiEast")),
        find("nearSphereWithLimit", in: "Place", where: nearTokyo(), limit: 2, .ordered("tokyoStation", "osakaStation")),
        find("nearSphereWithSkip", in: "Place", where: nearTokyo(), limit: 2, skip: 2, .ordered("sapporoStation", "fijiEast")),
        find(
            "nearSphereWithAnExplicitOrderUsesTheOrder", in: "Place", where: nearTokyo(#","$maxDistanceInKilometers":1000"#),
            order: "name", .ordered("osakaStation", "sapporoStation", "tokyoStation")),
        find("nearSphereCountsEveryGeoPointWithinReach", in: "Place", where: nearTokyo(), limit: 0, count: 8, .nothing),
        find(
            "nearSphereCombinedWithAnotherField", in: "Place",
            where: #"{"location":{"$nearSphere":\#(tokyoStation)},"name":{"$ne":"Tokyo Station"}}"#,
            .ordered("osakaStation", "sapporoStation", "fijiEast", "fijiWest", "london", "newYork", "origin")),
        find(
            "nearSphereInsideOrFiltersWithoutOrdering", in: "Place",
            where: #"{"$or":[\#(nearTokyo(#","$maxDistanceInKilometers":500"#)),{"name":"London"}]}"#,
            .ordered("london", "osakaStation", "tokyoStation")),
        find(
            "nearSphereWithinABoxOrdersTheBoxByDistance", in: "Place",
            where:
                #"{"location":{"$nearSphere":\#(tokyoStation),"$within":{"$box":[\#(Wire.geoPoint(30, 130)),\#(Wire.geoPoint(45, 145))]}}}"#,
            .ordered("tokyoStation", "osakaStation", "sapporoStation")),
        find(
            "nearSphereWithoutMaximumAsTheLastOrBranchFiltersWithoutOrdering", in: "Place",
            where: #"{"$or":[{"name":"London"},\#(nearTokyo())]}"#,
            .ordered("origin", "fijiWest", "fijiEast", "london", "newYork", "sapporoStation", "osakaStation", "tokyoStation")),
        find(
            "nearSphereWithoutMaximumCountsWithAnExplicitOrder", in: "Place", where: nearTokyo(), order: "name", limit: 0, count: 8,
            .nothing),
        find(
            "nearSphereOnAFieldWithoutGeoPointsMatchesNothing", in: "Place", where: #"{"name":{"$nearSphere":\#(tokyoStation)}}"#, .nothing),
    ]

    /// `$within`/`$box` cases, GeoPoint equality and missing locations.
    static let boxCases: [ConformanceCase] = [
        find(
            "boxAroundJapan", in: "Place", where: #"{"location":\#(Wire.box((30, 130), (45, 145)))}"#,
            .matches("tokyoStation", "osakaStation", "sapporoStation")),
        find(
            "boxExcludesPointsOutsideIt", in: "Place", where: #"{"location":\#(Wire.box((34, 135), (36, 140)))}"#,
            .matches("tokyoStation", "osakaStation")),
        find("boxInTheWesternHemisphere", in: "Place", where: #"{"location":\#(Wire.box((40, -75), (41, -73)))}"#, .matches("newYork")),
        find("boxEndingAtTheAntimeridian", in: "Place", where: #"{"location":\#(Wire.box((-20, 179), (-10, 180)))}"#, .matches("fijiEast")),
        find(
            "boxStartingAtTheAntimeridian", in: "Place", where: #"{"location":\#(Wire.box((-20, -180), (-10, -179)))}"#,
            .matches("fijiWest")),
        find("boxIncludesItsEdges", in: "Place", where: #"{"location":\#(Wire.box((0, 0), (1, 1)))}"#, .matches("origin")),
        find(
            "boxCoveringTheWorld", in: "Place", where: #"{"location":\#(Wire.box((-90, -180), (90, 180)))}"#,
            .matches("tokyoStation", "osakaStation", "sapporoStation", "newYork", "london", "fijiEast", "fijiWest", "origin")),
        find("geoPointEquality", in: "Place", where: #"{"location":\#(tokyoStation)}"#, .matches("tokyoStation")),
        find("missingLocation", in: "Place", where: #"{"location":{"$exists":false}}"#, .matches("noLocation")),
        find("nullLocationMatchesNullAndMissing", in: "Place", where: #"{"location":null}"#, .matches("noLocation", "nullLocation")),
    ]
}
