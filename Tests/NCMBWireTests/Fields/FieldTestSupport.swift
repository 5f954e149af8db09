import NCMBWire

extension FieldName {
    /// A field name for test tables; the literal must be valid.
    static func named(_ text: String) -> FieldName {
        guard let name = FieldName(text) else { preconditionFailure("invalid test field name \(text)") }
        return name
    }
}

extension ClassName {
    /// A class name for test tables; the literal must be valid.
    static func named(_ text: String) -> ClassName {
        guard let name = ClassName(text) else { preconditionFailure("invalid test class name \(text)") }
        return name
    }
}

extension GeoPoint {
    /// A point for test tables; the coordinates must be in range.
    static func at(_ latitude: Double, _ longitude: Double) -> GeoPoint {
        guard let point = GeoPoint(latitude: latitude, longitude: longitude) else { preconditionFailure("invalid test point") }
        return point
    }
}

extension JSONValue {
    /// Parses JSON text written in a test; the text must be valid JSON.
    static func json(_ text: String) -> JSONValue {
        do {
            return try JSONValue(parsing: text)
        } catch {
            preconditionFailure("invalid test JSON \(text): \(error)")
        }
    }
}
