import KumoMemberwise
package import NCMBWire

/// The kind of value an index on a user field orders (docs/decisions/0074-indexes-on-user-fields.md).
///
/// NCMB compares values only with values of the same type (a number operand never matches a string), so an index
/// holds one kind: the expression the query compiler compares for that kind. Objects whose field holds another kind
/// are still found by every query — through the class scan, as before — they are only not in the index.
package enum IndexValueKind: String, Sendable, Hashable, CaseIterable {
    /// Integers and reals, compared numerically.
    case number
    /// Strings, compared by code point.
    case string
    /// Dates (`{"__type":"Date","iso":…}`), compared by their canonical `iso` text.
    case date
    /// Pointers, looked up by the target's objectId.
    case pointer
    /// `true` and `false`.
    case boolean

    /// The kind of a stored or queried value, or `nil` for values no index holds (null, arrays, objects, GeoPoints).
    package init?(of value: JSONValue) {
        switch TypedValue(value) {
        case .number: self = .number
        case .string: self = .string
        case .date: self = .date
        case .pointer: self = .pointer
        case .bool: self = .boolean
        default: return nil
        }
    }

    /// Whether a sorted page on a field of this kind can walk the index (numbers, strings, Dates;
    /// docs/decisions/0141-sorted-pages-on-indexes.md).
    package var isOrderable: Bool { [.number, .string, .date].contains(self) }
}

/// One field (or dotted path) of an index, with the kind of value it orders.
package struct IndexedField: Sendable, Hashable {
    /// The user field, or a path into it (docs/decisions/0105-indexes-on-paths-and-arrays.md).
    package var field: FieldPath
    /// The kind of value the index holds for it.
    package var kind: IndexValueKind

    /// Creates an indexed field or path.
    package init(_ field: FieldPath, _ kind: IndexValueKind) {
        self.field = field
        self.kind = kind
    }

    /// Creates an indexed field.
    package init(_ field: FieldName, _ kind: IndexValueKind) {
        self.init(FieldPath(field), kind)
    }

    /// `score:number`, `hash.n:number`.
    package var description: String { "\(field.text):\(kind.rawValue)" }
}

/// Who created an index.
package enum IndexOrigin: String, Sendable, Hashable {
    /// `kumo classes index add`, the dashboard, or an import.
    case manual
    /// The index advisor of a server started with `--auto-index`.
    case automatic
}

/// An index on user fields of one class: stored metadata plus the engine's index of the same name.
@PackageMemberwiseInit
package struct ClassIndex: Sendable, Hashable {
    /// The owning application.
    package var applicationId: String
    /// The class.
    package var className: ClassName
    /// The fields, outermost first: equality fields, then at most one range or order field.
    package var fields: [IndexedField]
    /// Who created it.
    package var origin: IndexOrigin = .manual
    /// When it was created.
    package var createDate: WireDate

    /// The most fields one index may have.
    package static let maximumFieldCount = 4

    /// The engine's name for the index: derived from application, class and fields only, so that instances creating
    /// the same index at once agree on it (`kumo_index_` and 16 hexadecimal digits).
    package var name: String {
        ClassIndex.name(applicationId: applicationId, className: className, fields: fields)
    }

    /// The engine's name for an index of these fields (see ``name``).
    package static func name(applicationId: String, className: ClassName, fields: [IndexedField]) -> String {
        // FNV-1a, 64 bits: stable across processes and versions (Swift's Hasher is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let key = ([applicationId, className.rawValue] + fields.map(\.description)).joined(separator: "\u{1}")
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return "kumo_index_" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `score:number, name:string`.
    package var fieldList: String { fields.map(\.description).joined(separator: ", ") }
}

extension ClassIndex {
    /// The index as JSON, as `kumo classes index list --json` prints it and `kumo export` writes it:
    /// `{"className":…,"fields":[{"field":…,"kind":…}],"origin":…,"createDate":…,"name":…}`.
    package var json: JSONValue {
        .object([
            "className": .string(className.rawValue),
            "fields": .array(fields.map { .object(["field": .string($0.field.text), "kind": .string($0.kind.rawValue)]) }),
            "origin": .string(origin.rawValue), "createDate": .string(createDate.formatted), "name": .string(name),
        ])
    }

    /// An index of an application read from ``json`` (`name` is derived, not read; `origin` defaults to manual), or `nil`
    /// when the JSON is not an index.
    package init?(json: JSONValue, applicationId: String, createDate: WireDate) {
        guard let object = json.objectValue, let className = object["className"]?.stringValue.flatMap(ClassName.init),
            let entries = object["fields"]?.arrayValue, !entries.isEmpty
        else { return nil }
        var fields: [IndexedField] = []
        for entry in entries {
            guard let field = entry.objectValue?["field"]?.stringValue.flatMap(FieldPath.init),
                let kind = entry.objectValue?["kind"]?.stringValue.flatMap(IndexValueKind.init(rawValue:))
            else { return nil }
            fields.append(IndexedField(field, kind))
        }
        self.init(
            applicationId: applicationId, className: className, fields: fields,
            origin: object["origin"]?.stringValue.flatMap(IndexOrigin.init(rawValue:)) ?? .manual, createDate: createDate)
    }
}

/// What building an index did.
package struct IndexBuild: Sendable, Hashable {
    /// The index, as stored.
    package var index: ClassIndex
    /// How many objects of the class existed when the build started.
    package var objectCount: Int
    /// Whether the index existed already (nothing was built).
    package var existed: Bool
}
