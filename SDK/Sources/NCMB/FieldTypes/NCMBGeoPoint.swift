internal import NCMBWire

/// A GeoPoint field: `{"__type":"GeoPoint","latitude":…,"longitude":…}`.
///
/// The server accepts latitudes in −90…90 and longitudes in −180…180 and rejects others with E403006.
public struct NCMBGeoPoint: Sendable, Hashable {
    /// The latitude in degrees.
    public var latitude: Double
    /// The longitude in degrees.
    public var longitude: Double

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - latitude: The latitude in degrees. Defaults to 0.
    ///   - longitude: The longitude in degrees. Defaults to 0.
    public init(latitude: Double = 0.0, longitude: Double = 0.0) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The wire form.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidBodyJsonValue`` when a coordinate is not finite.
    func json() throws(NCMBInvalidRequestError) -> JSONValue {
        guard latitude.isFinite, longitude.isFinite else { throw .invalidBodyJsonValue }
        return ["__type": "GeoPoint", "latitude": .double(latitude), "longitude": .double(longitude)]
    }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__type"] == "GeoPoint", let latitude = object["latitude"]?.numberValue,
            let longitude = object["longitude"]?.numberValue
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
