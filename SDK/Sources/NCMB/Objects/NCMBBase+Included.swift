internal import NCMBWire

extension NCMBBase {
    /// The object an `include` put in a field, `{"__type":"Object","className":…,"objectId":…,…}`, as an object of its
    /// class bound to this object's context; `nil` for any other value (docs/wire/endpoints/queries.md).
    func includedObject(_ value: JSONValue) -> NCMBBase? {
        guard let object = value.objectValue, object["__type"] == "Object", let className = object["className"]?.stringValue,
            object["objectId"]?.stringValue != nil
        else { return nil }
        let fields = object.filtering { $0 != "__type" && $0 != "className" }
        let (type, collection) = NCMBBase.type(ofClassName: className)
        return type.init(className: className, collection: collection, fields: fields, context: context)
    }

    /// The SDK class and the collection of objects of `className`: the standard classes have their own.
    static func type(ofClassName className: String) -> (NCMBBase.Type, NCMBCollection) {
        switch className {
        case ClassName.user.rawValue: (NCMBUser.self, .users)
        case ClassName.role.rawValue: (NCMBRole.self, .roles)
        case ClassName.installation.rawValue: (NCMBInstallation.self, .installations)
        case ClassName.push.rawValue: (NCMBPush.self, .push)
        case ClassName.file.rawValue: (NCMBFile.self, .files)
        default: (NCMBObject.self, .classes)
        }
    }
}
