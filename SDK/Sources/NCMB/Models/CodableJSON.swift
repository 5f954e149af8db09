internal import NCMBWire

/// A wire JSON value that `Codable` can carry: how typed models read and write the SDK's field types.
struct CodableJSON: Codable {
    /// The value.
    let value: JSONValue

    /// Wraps `value`.
    init(_ value: JSONValue) {
        self.value = value
    }

    /// The name of a JSON object's member, as a coding key.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the value: objects as keyed containers, arrays as unkeyed ones, scalars as single values.
    func encode(to encoder: any Encoder) throws {
        switch value {
        case .object(let object):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, member) in object { try container.encode(CodableJSON(member), forKey: MemberKey(stringValue: key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(CodableJSON(element)) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .integer(let integer):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .double(let double):
            var container = encoder.singleValueContainer()
            try container.encode(double)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        }
    }

    /// Reads any JSON value.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the decoder holds something that is not JSON.
    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: MemberKey.self) {
            var object = JSONObject()
            for key in container.allKeys { object[key.stringValue] = try container.decode(CodableJSON.self, forKey: key).value }
            self.init(.object(object))
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(CodableJSON.self).value) }
            self.init(.array(elements))
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self.init(.null)
        } else if let flag = try? container.decode(Bool.self) {
            self.init(.bool(flag))
        } else if let integer = try? container.decode(Int64.self) {
            self.init(.integer(integer))
        } else if let double = try? container.decode(Double.self) {
            self.init(.double(double))
        } else if let string = try? container.decode(String.self) {
            self.init(.string(string))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a JSON value"))
        }
    }
}
