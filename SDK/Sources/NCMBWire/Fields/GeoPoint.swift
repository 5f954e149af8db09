/// `{"__type":"GeoPoint","latitude":35.6666269,"longitude":139.765607}` (docs/wire/field-types.md#types).
package struct GeoPoint: Sendable, Hashable {
    /// Latitude in degrees, −90…90.
    package var latitude: Double
    /// Longitude in degrees, −180…180.
    package var longitude: Double

    /// Creates a point; `nil` when a coordinate is out of range or not finite.
    package init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The wire form.
    package var json: JSONValue {
        ["__type": "GeoPoint", "latitude": .double(latitude), "longitude": .double(longitude)]
    }

    /// Reads the wire form; `nil` when `value` is not a GeoPoint with valid coordinates.
    package init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__type"] == "GeoPoint",
            let latitude = object["latitude"]?.numberValue, let longitude = object["longitude"]?.numberValue
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
