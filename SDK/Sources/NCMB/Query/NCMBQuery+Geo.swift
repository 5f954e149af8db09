internal import NCMBWire

extension NCMBQuery {
    /// Adds the condition "the GeoPoint field is near `geoPoint`" (`$nearSphere`); results come nearest first.
    ///
    /// - Parameters:
    ///   - field: The GeoPoint field.
    ///   - geoPoint: The point to measure from.
    public mutating func `where`(field: String, nearGeoPoint geoPoint: NCMBGeoPoint) {
        addOperation(field: field, operation: "$nearSphere", value: geoPoint)
    }

    /// Adds the condition "the GeoPoint field is within `maxDistance` kilometres of `geoPoint`", nearest first.
    ///
    /// - Parameters:
    ///   - field: The GeoPoint field.
    ///   - geoPoint: The point to measure from.
    ///   - maxDistance: The largest distance in kilometres.
    public mutating func `where`(field: String, nearGeoPoint geoPoint: NCMBGeoPoint, withinKilometers maxDistance: Double) {
        addNear(field: field, geoPoint: geoPoint, distanceKey: "$maxDistanceInKilometers", maxDistance: maxDistance)
    }

    /// Adds the condition "the GeoPoint field is within `maxDistance` miles of `geoPoint`", nearest first.
    ///
    /// - Parameters:
    ///   - field: The GeoPoint field.
    ///   - geoPoint: The point to measure from.
    ///   - maxDistance: The largest distance in miles.
    public mutating func `where`(field: String, nearGeoPoint geoPoint: NCMBGeoPoint, withinMiles maxDistance: Double) {
        addNear(field: field, geoPoint: geoPoint, distanceKey: "$maxDistanceInMiles", maxDistance: maxDistance)
    }

    /// Adds the condition "the GeoPoint field is within `maxDistance` radians of `geoPoint`", nearest first.
    ///
    /// - Parameters:
    ///   - field: The GeoPoint field.
    ///   - geoPoint: The point to measure from.
    ///   - maxDistance: The largest angle in radians.
    public mutating func `where`(field: String, nearGeoPoint geoPoint: NCMBGeoPoint, withinRadians maxDistance: Double) {
        addNear(field: field, geoPoint: geoPoint, distanceKey: "$maxDistanceInRadians", maxDistance: maxDistance)
    }

    /// Adds the condition "the GeoPoint field lies in the box from `southwest` to `northeast`" (`$within` `$box`).
    ///
    /// - Parameters:
    ///   - field: The GeoPoint field.
    ///   - southwest: The box's south-west corner.
    ///   - northeast: The box's north-east corner.
    public mutating func `where`(
        field: String, withinGeoBoxFromSouthwest southwest: NCMBGeoPoint, toNortheast northeast: NCMBGeoPoint
    ) {
        guard let southwestJSON = encoded(southwest), let northeastJSON = encoded(northeast) else { return }
        addOperation(field: field, operation: "$within", json: ["$box": [southwestJSON, northeastJSON]])
    }

    /// Adds `$nearSphere` and one `$maxDistanceIn…` bound beside it.
    private mutating func addNear(field: String, geoPoint: NCMBGeoPoint, distanceKey: String, maxDistance: Double) {
        addOperation(field: field, operation: "$nearSphere", value: geoPoint)
        addOperation(field: field, operation: distanceKey, value: maxDistance)
    }
}
