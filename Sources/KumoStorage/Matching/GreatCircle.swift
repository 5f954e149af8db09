import Foundation

/// Great-circle distances on the unit sphere, for `$nearSphere` (docs/wire/query-operators.md).
package enum GreatCircle {
    /// The haversine distance between two points given in degrees, as an angle in radians.
    package static func distance(latitude: Double, longitude: Double, toLatitude: Double, toLongitude: Double) -> Double {
        let radiansPerDegree = Double.pi / 180
        let latitudeDelta = (toLatitude - latitude) * radiansPerDegree
        let longitudeDelta = (toLongitude - longitude) * radiansPerDegree
        let sineLatitude = sin(latitudeDelta / 2)
        let sineLongitude = sin(longitudeDelta / 2)
        let haversine =
            sineLatitude * sineLatitude
            + cos(latitude * radiansPerDegree) * cos(toLatitude * radiansPerDegree) * sineLongitude * sineLongitude
        return 2 * asin(min(1, sqrt(max(0, haversine))))
    }
}
