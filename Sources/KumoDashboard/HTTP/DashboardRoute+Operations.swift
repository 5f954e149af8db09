import NCMBWire

extension DashboardAPIRoute {
    /// What is asked of an application's scripts (docs/dashboard.md#scripts).
    package enum ScriptsRequest: Sendable, Hashable {
        /// `GET /apps/{app}/scripts`.
        case list
        /// `GET /apps/{app}/scripts/{name}`.
        case get(String)
        /// `PUT /apps/{app}/scripts/{name}` `{"code","runPermission"?}`.
        case deploy(String)
        /// `PATCH /apps/{app}/scripts/{name}` `{"enabled"?,"runPermission"?}`.
        case update(String)
        /// `DELETE /apps/{app}/scripts/{name}`.
        case remove(String)
        /// `POST /apps/{app}/scripts/{name}/run`.
        case run(String)
        /// `GET /apps/{app}/scripts/executions?script=&limit=&before=`.
        case executions(script: String?, limit: String?, before: String?)
    }

    /// What is asked of an application's import jobs (docs/dashboard.md#import-and-export).
    package enum ImportsRequest: Sendable, Hashable {
        /// `GET /apps/{app}/imports`.
        case list
        /// `POST /apps/{app}/imports`.
        case create
        /// `GET /apps/{app}/imports/{id}`.
        case get(String)
        /// `PUT /apps/{app}/imports/{id}/exports/{file}` (an export file) or `…/files/{file}` (file bytes).
        case upload(String, kind: ImportFileKind, name: String)
        /// `POST /apps/{app}/imports/{id}/start`.
        case start(String)
        /// `GET /apps/{app}/imports/{id}/report`.
        case report(String)
        /// `DELETE /apps/{app}/imports/{id}`.
        case remove(String)
    }

    /// Whether this is an import upload, whose handler reads the body as a stream (``streamsBody``).
    var streamsImportUpload: Bool {
        if case .imports(_, .upload) = self { return true }
        return false
    }

    /// The routes of the Scripts, Import/Export and Overview pages, or `nil` for another path.
    static func operationsMatch(method: String, segments: [String], items: [QueryItem]) -> DashboardAPIRoute? {
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
        if method == "GET", segments == ["metrics"] { return .metrics(minutes: item("minutes")) }
        guard segments.count >= 3, segments[0] == "apps" else { return nil }
        let application = segments[1]
        let rest = Array(segments.dropFirst(3))
        switch segments[2] {
        case "scripts":
            return scriptsRequest(method: method, rest: rest, item: item).map { .scripts(application: application, $0) } ?? .unknown
        case "imports":
            return importsRequest(method: method, rest: rest).map { .imports(application: application, $0) } ?? .unknown
        case "export" where rest.isEmpty && method == "GET":
            return .export(application: application, classes: item("classes"), includeSecrets: item("includeSecrets"))
        default:
            return nil
        }
    }

    private static func scriptsRequest(method: String, rest: [String], item: (String) -> String?) -> ScriptsRequest? {
        switch (method, rest.count) {
        case ("GET", 0): return .list
        case ("GET", 1) where rest[0] == "executions":
            return .executions(script: item("script"), limit: item("limit"), before: item("before"))
        case ("GET", 1): return .get(rest[0])
        case ("PUT", 1): return .deploy(rest[0])
        case ("PATCH", 1): return .update(rest[0])
        case ("DELETE", 1): return .remove(rest[0])
        case ("POST", 2) where rest[1] == "run": return .run(rest[0])
        default: return nil
        }
    }

    private static func importsRequest(method: String, rest: [String]) -> ImportsRequest? {
        switch (method, rest.count) {
        case ("GET", 0): return .list
        case ("POST", 0): return .create
        case ("GET", 1): return .get(rest[0])
        case ("DELETE", 1): return .remove(rest[0])
        case ("POST", 2) where rest[1] == "start": return .start(rest[0])
        case ("GET", 2) where rest[1] == "report": return .report(rest[0])
        case ("PUT", 3):
            guard let kind = ImportFileKind(segment: rest[1]) else { return nil }
            return .upload(rest[0], kind: kind, name: rest[2])
        default: return nil
        }
    }
}

/// What an uploaded file of an import job is.
package enum ImportFileKind: String, Sendable, Hashable {
    /// A file of the export: `<Class>.json`, or a Kumo export's `manifest.json` or `relations/<Class>.json`.
    case export
    /// Bytes of the file store, by file name.
    case file

    /// The kind of an upload path's segment: `exports` or `files`.
    init?(segment: String) {
        switch segment {
        case "exports": self = .export
        case "files": self = .file
        default: return nil
        }
    }
}
