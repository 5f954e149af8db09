import Foundation
import KumoStorage
import NCMBWire

/// The relation members the first pass met, kept in a temporary file until every object exists (the second pass), so
/// that memory stays bounded whatever the export lists. The file has the format of a Kumo export's relation files
/// (``RelationListFormat``) and is deleted when the spool goes.
final class RelationSpool {
    /// The temporary file.
    let path: String
    private let handle: FileHandle
    private(set) var count = 0

    /// Creates an empty spool in the temporary directory.
    ///
    /// - Throws: when the file cannot be created.
    init() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-import-relations-\(UUID().uuidString).json").path
        guard FileManager.default.createFile(atPath: path, contents: Data("[".utf8)), let handle = FileHandle(forWritingAtPath: path) else {
            throw ImportError.source("cannot create a temporary file in \(FileManager.default.temporaryDirectory.path)")
        }
        handle.seekToEndOfFile()
        self.path = path
        self.handle = handle
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Appends one relation list.
    func append(_ relation: BulkRelation) {
        handle.write(Data(((count == 0 ? "\n" : ",\n") + RelationListFormat.json(relation, namingOwnerClass: true).serializedString()).utf8))
        count += 1
    }

    /// Ends the array; the file can then be read with `ExportFileReader`.
    func close() throws {
        handle.write(Data("\n]\n".utf8))
        try handle.close()
    }
}

/// One element of a relation members file: `{"objectId":owner,"field":…,"className":target,"objectIds":[…]}`, the
/// owner's class being the file's (`relations/<Class>.json` of a Kumo export).
enum RelationListFormat {
    /// The element of a relation list; with `namingOwnerClass` (the import's spool, which mixes classes) it also has
    /// `"ownerClassName"`.
    static func json(_ relation: BulkRelation, namingOwnerClass: Bool = false) -> JSONValue {
        var object: JSONObject = [
            "objectId": .string(relation.objectId), "field": .string(relation.field.rawValue),
            "className": .string(relation.targetClassName.rawValue), "objectIds": .array(relation.targetObjectIds.map(JSONValue.string)),
        ]
        if namingOwnerClass { object["ownerClassName"] = .string(relation.className.rawValue) }
        return .object(object)
    }

    /// Reads an element of a relation file of `className`'s objects (or of the class it names); `nil` when it is not
    /// one.
    static func relation(_ value: JSONValue, className fileClassName: ClassName) -> BulkRelation? {
        guard case .object(let object) = value, let objectId = object["objectId"]?.stringValue,
            let field = object["field"]?.stringValue.flatMap(FieldName.init),
            let target = object["className"]?.stringValue.flatMap(ClassName.init), let ids = object["objectIds"]?.arrayValue
        else { return nil }
        let objectIds = ids.compactMap(\.stringValue)
        guard objectIds.count == ids.count else { return nil }
        var className = fileClassName
        if let owner = object["ownerClassName"] {
            guard let name = owner.stringValue.flatMap(ClassName.init) else { return nil }
            className = name
        }
        return BulkRelation(className: className, objectId: objectId, field: field, targetClassName: target, targetObjectIds: objectIds)
    }
}
