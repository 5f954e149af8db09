internal import NCMBWire

/// The SDK's field types in typed models: each is written and read in its wire form (docs/wire/field-types.md), so a
/// model property of one of these types is the same field an ``NCMBObject`` holds.
extension NCMBACL: Codable {
    /// Writes the ACL's wire form, `{"*":{"read":true},…}`.
    public func encode(to encoder: any Encoder) throws {
        try CodableJSON(json).encode(to: encoder)
    }

    /// Reads an ACL's wire form; entries that are not objects of booleans are skipped, as for objects.
    public init(from decoder: any Decoder) throws {
        self.init(json: try CodableJSON(from: decoder).value)
    }
}

extension NCMBPointer: Codable {
    /// Writes `{"__type":"Pointer","className":…,"objectId":…}`.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` for a pointer without objectId.
    public func encode(to encoder: any Encoder) throws {
        try CodableJSON(json()).encode(to: encoder)
    }

    /// Reads a Pointer, or the object an `include` put in its place.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for any other value.
    public init(from decoder: any Decoder) throws {
        guard let pointer = NCMBPointer(json: try CodableJSON(from: decoder).value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a Pointer"))
        }
        self = pointer
    }
}

extension NCMBGeoPoint: Codable {
    /// Writes `{"__type":"GeoPoint","latitude":…,"longitude":…}`.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidBodyJsonValue`` for a coordinate that is not finite.
    public func encode(to encoder: any Encoder) throws {
        try CodableJSON(json()).encode(to: encoder)
    }

    /// Reads a GeoPoint.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for any other value.
    public init(from decoder: any Decoder) throws {
        guard let point = NCMBGeoPoint(json: try CodableJSON(from: decoder).value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a GeoPoint"))
        }
        self = point
    }
}
