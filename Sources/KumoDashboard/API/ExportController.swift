import Foundation
import HTTPTypes
import Hummingbird
import KumoImportJobs
import KumoSeams
import KumoStorage
import Logging
import NCMBWire
import NIOCore

/// `GET /apps/{app}/export?classes=&includeSecrets=` (docs/dashboard.md#import-and-export): ``ExportDownloads`` writes
/// the application with `kumo export`'s exporter and lists it as a tar (``ExportArchive``), which this controller
/// streams and ends when the download ends, however it ends (docs/decisions/0088-dashboard-export-as-a-streamed-tar.md).
/// At most ``ExportDownloads/limit`` exports are in progress at once, from the writing to the end of the download. The
/// export is audited: it carries every object.
struct ExportController: Sendable {
    let environment: DashboardEnvironment

    func export(
        application: HostedApplication, classes: String?, includeSecrets: String?, call: DashboardAPI.Call
    ) async throws -> Response {
        guard let exports = environment.exports else {
            return DashboardResponses.error(.serviceUnavailable, code: "unavailable", "Exports need the server's data directory.")
        }
        var classNames: [ClassName]?
        if let classes {
            var names: [ClassName] = []
            for item in classes.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
                guard let className = StandardClass.named(item)?.className ?? ClassName(item) else {
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
        let name = "export-" + environment.identifiers.randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric)
        let archive: ExportArchive
        do {
            archive = try await exports.export(
                application, classes: classNames, includesSecrets: includesSecrets, storage: environment.storage, name: name,
                now: environment.clock.now())
        } catch .busy(let limit) {
            return DashboardResponses.error(
                .tooManyRequests, code: "busy", "\(limit) exports are in progress; try again when one has downloaded.")
        } catch .missingClasses(let missing) {
            return DashboardAnswers.invalid(
                "classes", "names classes the application does not have: \(missing.map(\.rawValue).joined(separator: ", ")).")
        } catch .failed(let error) {
            environment.logger.error(
                "an export could not be written", metadata: ["application": "\(application.name)", "error": "\(error)"])
            return DashboardResponses.error(
                .internalServerError, code: "exportFailed", "The export could not be written; see the server log.")
        }
        await environment.audit(
            call, "application.export", application: application, target: application.applicationId,
            detail: [
                "classes": classNames.map { .array($0.map { .string($0.rawValue) }) } ?? .null, "includeSecrets": .bool(includesSecrets),
            ])
        var headers = HTTPFields()
        headers[.contentType] = "application/x-tar"
        headers[.cacheControl] = "no-store"
        headers[.contentDisposition] = FileStream.attachment(archive.fileName)
        // The body holds `archive` until it has run, or until the response is dropped unwritten (its deinit cleans up).
        let body = ResponseBody(contentLength: Int(archive.length)) { writer in
            do {
                try await archive.write { bytes in try await writer.write(ByteBuffer(bytes: bytes)) }
                try await writer.finish(nil)
            } catch {
                await archive.end()
                throw error
            }
            await archive.end()
        }
        return DashboardResponses.secured(Response(status: .ok, headers: headers, body: body))
    }
}
