import HTTPTypes
package import KumoImportJobs
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
}

extension DashboardAPIRoute.Table {
    // MARK: Scripts

    static let scripts = route(.get, "apps/{app}/scripts", "scripts") { input in .scripts(application: input.parameter("app"), .list) }
    static let scriptExecutions = route(
        .get, "apps/{app}/scripts/executions", "scriptExecutions", query: .items(["script", "limit", "before"])
    ) { input in
        .scripts(
            application: input.parameter("app"),
            .executions(script: input.item("script"), limit: input.item("limit"), before: input.item("before")))
    }
    static let script = route(.get, "apps/{app}/scripts/{name}", "script") { input in scriptRequest(input, .get(input.parameter("name"))) }
    static let deployScript = route(.put, "apps/{app}/scripts/{name}", "deployScript") { input in
        scriptRequest(input, .deploy(input.parameter("name")))
    }
    static let updateScript = route(.patch, "apps/{app}/scripts/{name}", "updateScript") { input in
        scriptRequest(input, .update(input.parameter("name")))
    }
    static let removeScript = route(.delete, "apps/{app}/scripts/{name}", "removeScript") { input in
        scriptRequest(input, .remove(input.parameter("name")))
    }
    static let runScript = route(.post, "apps/{app}/scripts/{name}/run", "runScript") { input in
        scriptRequest(input, .run(input.parameter("name")))
    }

    private static func scriptRequest(_ input: DashboardRouteInput, _ request: DashboardAPIRoute.ScriptsRequest) -> DashboardAPIRoute {
        .scripts(application: input.parameter("app"), request)
    }

    // MARK: Import and export

    static let imports = route(.get, "apps/{app}/imports", "imports") { input in importRequest(input, .list) }
    static let createImport = route(.post, "apps/{app}/imports", "createImport") { input in importRequest(input, .create) }
    static let importJob = route(.get, "apps/{app}/imports/{id}", "importJob") { input in importRequest(input, .get(input.parameter("id")))
    }
    static let removeImport = route(.delete, "apps/{app}/imports/{id}", "removeImport") { input in
        importRequest(input, .remove(input.parameter("id")))
    }
    static let uploadImportExport = route(.put, "apps/{app}/imports/{id}/exports/{file}", "uploadImportExport", streamsBody: true) {
        input in
        importRequest(input, .upload(input.parameter("id"), kind: .export, name: input.parameter("file")))
    }
    static let uploadImportFile = route(.put, "apps/{app}/imports/{id}/files/{file}", "uploadImportFile", streamsBody: true) { input in
        importRequest(input, .upload(input.parameter("id"), kind: .file, name: input.parameter("file")))
    }
    static let startImport = route(.post, "apps/{app}/imports/{id}/start", "startImport") { input in
        importRequest(input, .start(input.parameter("id")))
    }
    static let importReport = route(.get, "apps/{app}/imports/{id}/report", "importReport") { input in
        importRequest(input, .report(input.parameter("id")))
    }
    static let exportApplication = route(.get, "apps/{app}/export", "exportApplication", query: .items(["classes", "includeSecrets"])) {
        input in .export(application: input.parameter("app"), classes: input.item("classes"), includeSecrets: input.item("includeSecrets"))
    }

    private static func importRequest(_ input: DashboardRouteInput, _ request: DashboardAPIRoute.ImportsRequest) -> DashboardAPIRoute {
        .imports(application: input.parameter("app"), request)
    }

    /// The declarations of the Scripts and Import/Export pages, in matching order.
    static let operations: [Declaration] = [
        scripts, scriptExecutions, script, deployScript, updateScript, removeScript, runScript,
        imports, createImport, importJob, removeImport, uploadImportExport, uploadImportFile, startImport, importReport, exportApplication,
    ]
}

extension DashboardAPIRoute {
    static func declared(_ request: ScriptsRequest, application: String) -> (declaration: Table.Declaration, values: RouteValues) {
        let path = ["app": application]
        return switch request {
        case .list: (Table.scripts, RouteValues(path: path))
        case .get(let name): (Table.script, RouteValues(path: ["app": application, "name": name]))
        case .deploy(let name): (Table.deployScript, RouteValues(path: ["app": application, "name": name]))
        case .update(let name): (Table.updateScript, RouteValues(path: ["app": application, "name": name]))
        case .remove(let name): (Table.removeScript, RouteValues(path: ["app": application, "name": name]))
        case .run(let name): (Table.runScript, RouteValues(path: ["app": application, "name": name]))
        case .executions(let script, let limit, let before):
            (
                Table.scriptExecutions,
                values(path: path, query: ["script": script, "limit": limit, "before": before], order: ["script", "limit", "before"])
            )
        }
    }

    static func declared(_ request: ImportsRequest, application: String) -> (declaration: Table.Declaration, values: RouteValues) {
        switch request {
        case .list: (Table.imports, RouteValues(path: ["app": application]))
        case .create: (Table.createImport, RouteValues(path: ["app": application]))
        case .get(let id): (Table.importJob, RouteValues(path: ["app": application, "id": id]))
        case .remove(let id): (Table.removeImport, RouteValues(path: ["app": application, "id": id]))
        case .upload(let id, let kind, let name):
            (
                kind == .export ? Table.uploadImportExport : Table.uploadImportFile,
                RouteValues(path: ["app": application, "id": id, "file": name])
            )
        case .start(let id): (Table.startImport, RouteValues(path: ["app": application, "id": id]))
        case .report(let id): (Table.importReport, RouteValues(path: ["app": application, "id": id]))
        }
    }
}
