import Foundation
internal import NCMBWire

/// Turns models into wire fields and back, with NCMB's date forms: a Date field is `{"__type":"Date","iso":…}`, the
/// system dates `createDate` and `updateDate` are ISO 8601 strings (docs/wire/field-types.md).
enum NCMBModelCoder {
    /// The keys the server owns, which a save never sends as fields.
    static let systemKeys: Set<String> = ["objectId", "createDate", "updateDate"]

    /// The fields of `model`, without ``systemKeys``.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidBodyJsonValue`` when the model does not encode to a JSON object of
    ///   valid values; the model's own encoding errors.
    static func fields(of model: some NCMBModel) throws -> JSONObject {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            try CodableJSON(NCMBDateField.json(date)).encode(to: encoder)
        }
        let data = try encoder.encode(model)
        guard let object = try? JSONValue(parsing: Array(data)).objectValue else {
            throw NCMBInvalidRequestError.invalidBodyJsonValue
        }
        return object.filtering { !systemKeys.contains($0) }
    }

    /// The model of `fields`.
    ///
    /// - Throws: `DecodingError` when the fields do not fit `Model`, e.g. a required property missing or of another
    ///   type.
    static func model<Model: NCMBModel>(_ type: Model.Type, from fields: JSONObject) throws -> Model {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let json = try CodableJSON(from: decoder).value
            if let text = json.stringValue, let date = WireDate(parsing: text) { return date.date }
            if let field = NCMBDateField(json: json) { return field.date }
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "neither a Date field nor an ISO 8601 date"))
        }
        return try decoder.decode(Model.self, from: Data(JSONValue.object(fields).serializedBytes()))
    }
}
