import Foundation
import KumoImport
package import KumoStorage
package import NCMBWire

extension ExportDownloads {
    /// Why an export was not written.
    package enum Refusal: Error, Sendable {
        /// ``ExportDownloads/limit`` exports are in progress.
        case busy(limit: Int)
        /// The classes asked for that the application does not have.
        case missingClasses([ClassName])
        /// The export could not be written (a storage or file error); its folder is gone.
        case failed(any Error)
    }

    /// Writes an application with `kumo export`'s ``Exporter`` into a folder of its own under ``directory`` and lists
    /// it as a tar whose entries sit under `<application>-export/`
    /// (docs/decisions/0088-dashboard-export-as-a-streamed-tar.md). Folders no export in progress owns are swept first.
    ///
    /// The archive owns the export's place and folder until ``ExportArchive/end()``, or until it is dropped unwritten.
    ///
    /// - Parameters:
    ///   - application: the application.
    ///   - classes: only these classes; every class when `nil`.
    ///   - includesSecrets: whether the client key and credentials go into the manifest (`kumo export --include-secrets`).
    ///   - storage: the storage to read.
    ///   - name: the export's folder name under ``directory``, unique among exports in progress.
    ///   - now: the export's time (its manifest and the archive's modification times).
    /// - Throws: a ``Refusal``.
    package func export(
        _ application: HostedApplication, classes: [ClassName]?, includesSecrets: Bool, storage: any StorageBackend, name: String,
        now: WireDate
    ) async throws(Refusal) -> ExportArchive {
        await sweep()
        guard let download = begin(name: name) else { throw .busy(limit: limit) }
        let root = "\(application.name)-export"
        let folder = download.folder.appendingPathComponent(root)
        do {
            var options = ExportOptions(outputDirectory: folder.path)
            options.classes = classes
            options.includesSecrets = includesSecrets
            _ = try await Exporter(storage: storage, application: application, options: options, now: now).run()
            let tar = try await ExportTar.listing(
                folder: folder, root: root, modificationTime: now.millisecondsSince1970 / 1000, fileWork: fileWork)
            return ExportArchive(fileName: root + ".tar", tar: tar, download: download, fileWork: fileWork)
        } catch let error as ExportError where !error.missingClasses.isEmpty {
            await download.end()
            throw .missingClasses(error.missingClasses)
        } catch {
            await download.end()
            throw .failed(error)
        }
    }
}

/// A written export, ready to stream as a tar: it holds its place among ``ExportDownloads/limit`` and its folder until
/// ``end()``, or until it is dropped unwritten (the folder is then removed by its owner's `deinit`).
package struct ExportArchive: Sendable {
    /// The name to download it as: `<application>-export.tar`.
    package let fileName: String
    let tar: ExportTar
    let download: ExportDownload
    let fileWork: FileWork

    /// The archive's length in bytes.
    package var length: Int64 { tar.length }

    /// Writes the archive to `emit`, in chunks; a file that changed since it was listed fails the write.
    package func write(to emit: ([UInt8]) async throws -> Void) async throws {
        try await tar.write(to: emit, fileWork: fileWork)
    }

    /// Removes the export's folder and gives its place back (once; later calls do nothing).
    package func end() async {
        await download.end()
    }
}
