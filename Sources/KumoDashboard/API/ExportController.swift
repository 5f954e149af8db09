import Foundation
import HTTPTypes
import Hummingbird
import KumoImport
import KumoSeams
import KumoStorage
import NCMBWire

/// `GET /apps/{app}/export?classes=&includeSecrets=` (docs/dashboard.md#import-and-export): `kumo export`'s
/// ``Exporter`` writes the application into a temporary folder under the data directory, which is then streamed as a
/// tar (``ExportTar``) and removed (docs/decisions/0088-dashboard-export-as-a-streamed-tar.md). At most
/// ``maximumPreparing`` exports are written at once. The export is audited: it carries every object.
struct ExportController: Sendable {
    let environment: DashboardEnvironment
    let gate = ExportGate()

    /// How many exports may be written to disk at once.
    static let maximumPreparing = 2

    /// The dashboard's names of the standard classes, also accepted in `classes`.
    static let standardNames: [String: ClassName] = [
        "users": .user, "roles": .role, "installations": .installation, "push": .push, "files": .file,
    ]

    func export(applicationName: String, classes: String?, includeSecrets: String?, call: DashboardAPI.Call) async throws -> Response {
        guard let application = try await environment.storage.applications.application(named: applicationName) else {
            return DashboardAnswers.noApplication(applicationName)
        }
        guard let work = environment.workDirectory else {
            return DashboardResponses.error(.serviceUnavailable, code: "unavailable", "Exports need the server's data directory.")
        }
        var classNames: [ClassName]?
        if let classes {
            var names: [ClassName] = []
            for item in classes.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
                guard let className = Self.standardNames[item] ?? ClassName(item) else {
                    return DashboardAnswers.invalid("classes", "names \(item), which is not a class name.")
                }
                names.append(className)
            }
            classNames = names.isEmpty ? nil : names
        }
        let includesSecrets: Bool
        switch includeSecrets {
        case nil, "0", "false": includesSecrets = false
        case "1", "true": includesSecrets = true
        default: return DashboardAnswers.invalid("includeSecrets", "must be 1 or 0.")
        }
        guard gate.enter(limit: Self.maximumPreparing) else {
            return DashboardResponses.error(
                .tooManyRequests, code: "busy", "\(Self.maximumPreparing) exports are being written; try again shortly.")
        }
        let folder = work.appendingPathComponent("exports").appendingPathComponent(
            "export-" + environment.identifiers.randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric))
        let root = "\(application.name)-export"
        let now = environment.clock.now()
        let tar: ExportTar
        do {
            defer { gate.leave() }
            var options = ExportOptions(outputDirectory: folder.appendingPathComponent(root).path)
            options.classes = classNames
            options.includesSecrets = includesSecrets
            _ = try await Exporter(storage: environment.storage, application: application, options: options, now: now).run()
            tar = try ExportTar(
                folder: folder.appendingPathComponent(root), root: root, modificationTime: now.millisecondsSince1970 / 1000)
        } catch let error as ExportError {
            try? FileManager.default.removeItem(at: folder)
            return DashboardAnswers.invalid("classes", "names a class the application does not have: \(error.description)")
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        try await environment.audit(
            call, "application.export", application: application, target: application.applicationId,
            detail: [
                "classes": classNames.map { .array($0.map { .string($0.rawValue) }) } ?? .null, "includeSecrets": .bool(includesSecrets),
            ])
        var headers = HTTPFields()
        headers[.contentType] = "application/x-tar"
        headers[.cacheControl] = "no-store"
        headers[.contentDisposition] = FileStream.attachment("\(root).tar")
        let length = tar.length
        let body = ResponseBody(contentLength: Int(length)) { writer in
            defer { try? FileManager.default.removeItem(at: folder) }
            try await tar.write(to: &writer)
            try await writer.finish(nil)
        }
        return DashboardResponses.secured(Response(status: .ok, headers: headers, body: body))
    }
}

/// Counts the exports being written.
final class ExportGate: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    /// Takes a place when fewer than `limit` are taken.
    func enter(limit: Int) -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives a place back.
    func leave() {
        lock.withLock { count -= 1 }
    }
}
