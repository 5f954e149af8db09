import NCMBWire

/// `$nearSphere` and `$within`/`$box` on GeoPoint fields (docs/wire/query-operators.md).
///
/// A geo condition on a dotted path reads the value at the literal path only: a GeoPoint inside an array is not
/// looked for (docs/decisions/0104-dotted-paths.md).
/// - `$nearSphere` matches GeoPoint fields, optionally within a maximum great-circle distance (compared in radians on
///   the unit sphere; kilometres and miles are converted with the mean Earth radius). The first top-level
///   `$nearSphere` orders the results by distance, nearest first, when the request has no `order`.
/// - `$box` is `[southwest, northeast]`; latitude must lie between the corners, and longitude between them going east
///   from the southwest corner, so a box whose southwest longitude exceeds its northeast one crosses the antimeridian.
extension QueryCompiler {
    /// True when the value at `reference` is a GeoPoint with numeric coordinates.
    func isGeoPoint(_ reference: SQLJSONReference) -> String {
        "(\(isTyped(reference, "GeoPoint")) AND \(dialect.isKind(.number, reference.appending(.latitude)))"
            + " AND \(dialect.isKind(.number, reference.appending(.longitude))))"
    }

    /// `$nearSphere` with an optional maximum distance; records the distance for ordering when at the top level.
    ///
    /// The query point is bound only when the distance expression is written into the statement (a maximum distance,
    /// or the distance order of a page): an unused bound value is an error on both engines.
    mutating func appendNearSphere(_ target: FieldTarget, _ point: GeoPoint, maximumDistance: GeoDistance?, isTopLevel: Bool) {
        guard case .json(let target) = target else { return statement.append(dialect.literal(false)) }
        let reference = target.direct
        let recordsDistance = isTopLevel && nearSphereDistance == nil && ordersByDistance
        guard maximumDistance != nil || recordsDistance else { return statement.append(isGeoPoint(reference)) }
        let distance = dialect.greatCircleDistance(
            latitude: dialect.numberValue(reference.appending(.latitude)),
            longitude: dialect.numberValue(reference.appending(.longitude)),
            toLatitude: statement.parameter(.double(point.latitude)),
            toLongitude: statement.parameter(.double(point.longitude))
        )
        statement.append("(\(isGeoPoint(reference))")
        if let maximumDistance {
            statement.append(" AND \(distance) <= ")
            statement.bind(.double(maximumDistance.radians))
        }
        statement.append(")")
        if recordsDistance {
            nearSphereDistance = "CASE WHEN \(isGeoPoint(reference)) THEN \(distance) END"
        }
    }

    /// `$within: {$box: [southwest, northeast]}` as range checks.
    mutating func appendWithinBox(_ target: FieldTarget, southwest: GeoPoint, northeast: GeoPoint) {
        guard case .json(let target) = target else { return statement.append(dialect.literal(false)) }
        let reference = target.direct
        let latitude = dialect.numberValue(reference.appending(.latitude))
        let longitude = dialect.numberValue(reference.appending(.longitude))
        statement.append("(\(isGeoPoint(reference)) AND \(latitude) >= ")
        statement.bind(.double(southwest.latitude))
        statement.append(" AND \(latitude) <= ")
        statement.bind(.double(northeast.latitude))
        let joiner = southwest.longitude <= northeast.longitude ? "AND" : "OR"
        statement.append(" AND (\(longitude) >= ")
        statement.bind(.double(southwest.longitude))
        statement.append(" \(joiner) \(longitude) <= ")
        statement.bind(.double(northeast.longitude))
        statement.append("))")
    }
}
