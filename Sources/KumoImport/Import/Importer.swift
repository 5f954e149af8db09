import Foundation
package import KumoStorage
package import NCMBWire

/// `kumo import`: brings an NCMB export (or a `kumo export` folder) into an application, keeping objectIds, dates, ACLs
/// and every field (docs/decisions/0055-import-keeps-what-the-export-holds.md).
///
/// 1. **Check**: every file is read to its end and validated as JSON first; a malformed file stops the import with
///    its byte position before anything is written.
/// 2. **Objects**: each file is read one object at a time and written in units of ``ImportOptions/objectsPerWrite``
///    objects, one transaction each (the next unit is prepared while one is written). An object that cannot be
///    imported is reported (file, index, objectId, reason) and the others go on.
/// 3. **Relations**: relation members and role memberships are added once every object exists.
/// 4. **Application**: class permissions (and, when asked, settings) of a Kumo export's manifest.
///
/// Re-running continues (`skip`) or upserts (`replace`); a dry run checks every object against the database and
/// rolls every unit back.
package final class Importer {
    let storage: any StorageBackend
    let application: HostedApplication
    let options: ImportOptions
    let progress: any ImportProgressDisplay
    let report: any ImportReportSink
    let clock: ImportClock
    let newObjectId: @Sendable () -> String

    var summary = ImportSummary()
    var passwordResetCandidates: [PasswordResetCandidate] = []
    /// Objects (or relation lists) of the current phase, for progress.
    var phaseTotal = 0
    var phaseDone = 0
    var phaseStart = 0.0
    /// The password hashes file read beside the (one) user file of a Kumo export with secrets.
    var passwordsFile: String?

    /// Creates an import into `application`.
    package init(
        storage: any StorageBackend, application: HostedApplication, options: ImportOptions, progress: any ImportProgressDisplay,
        report: any ImportReportSink, clock: ImportClock, newObjectId: @escaping @Sendable () -> String
    ) {
        self.storage = storage
        self.application = application
        self.options = options
        self.progress = progress
        self.report = report
        self.clock = clock
        self.newObjectId = newObjectId
        summary.isDryRun = options.isDryRun
    }

    /// Runs the import.
    ///
    /// - Throws: ``ImportError`` (a malformed file: nothing written; a conflict in `fail` mode), or a storage failure
    ///   (the units written before it stay; re-running continues).
    package func run() async throws -> ImportResult {
        let source = try ExportSource.discover(paths: options.paths)
        let counts = try await check(source)
        try checkPasswords(source, counts: counts)
        summary.isKumoExport = source.manifest != nil
        summary.notices = options.notices
        let spool = try RelationSpool()
        try await beginPhase(.objects, total: source.classFiles.reduce(0) { $0 + (counts[$1.path] ?? 0) })
        let filesDirectory = options.filesDirectory ?? source.filesDirectory
        var namedFiles = Set<String>()
        for file in source.classFiles {
            if file.className == .file {
                namedFiles.formUnion(try await importFiles(file, bytesIn: filesDirectory, spool: spool))
            } else {
                try await importObjects(file, spool: spool)
            }
        }
        if let filesDirectory, source.manifest == nil {
            try await importLooseFiles(in: filesDirectory, except: namedFiles)
        }
        await endPhase(.objects, className: source.classFiles.last?.className.rawValue ?? "")
        try spool.close()
        try await addRelations(spool: spool, relationFiles: source.relationFiles)
        if let manifest = source.manifest, !options.isDryRun { try await restore(manifest) }
        try await report.finish(summary)
        return ImportResult(summary: summary, passwordResetCandidates: passwordResetCandidates)
    }

    // MARK: Checking

    /// Reads every file to its end; returns how many elements each holds.
    ///
    /// - Throws: ``ImportError/malformed(_:)`` for the first malformed file.
    private func check(_ source: ExportSource) async throws -> [String: Int] {
        let files = source.classFiles + source.relationFiles
        try await beginPhase(.checking, total: files.count)
        var counts: [String: Int] = [:]
        for file in files {
            do throws(ExportReadError) {
                let reader = try ExportFileReader(path: file.path)
                var count = 0
                while try reader.next() != nil { count += 1 }
                counts[file.path] = count
            } catch {
                throw ImportError.malformed(error)
            }
            await advance(by: 1, className: file.className.rawValue)
        }
        await endPhase(.checking, className: files.last?.className.rawValue ?? "")
        return counts
    }

    // MARK: Objects

    /// Imports one file of a class other than `file`.
    private func importObjects(_ file: ExportSource.ClassFile, spool: RelationSpool) async throws {
        let mapper = mapper(for: file.className)
        let reader = try readerOrMalformed(file.path)
        // A Kumo export with secrets: its password hashes, one entry per user object, read in step.
        let passwordsPath = file.className == .user ? passwordsFile : nil
        let passwords = try passwordsPath.map { try passwordReader($0) }
        if passwordsPath != nil { passwordsFile = nil }
        var unit: [(index: Int, record: ExportRecord)] = []
        unit.reserveCapacity(options.objectsPerWrite)
        var pending: Task<[BulkOutcome], any Error>?
        var pendingUnit: [(index: Int, record: ExportRecord)] = []
        func flush() async throws {
            if let pending { try await settle(await result(of: pending), unit: pendingUnit, file: file, spool: spool) }
            let objects = unit.map(\.record.object)
            let (storage, applicationId, conflict, isDryRun) = (storage, application.applicationId, options.conflict, options.isDryRun)
            pending = Task { try await storage.bulk.write(objects, applicationId: applicationId, conflict: conflict, dryRun: isDryRun) }
            pendingUnit = unit
            unit.removeAll(keepingCapacity: true)
        }
        while let element = try nextOrMalformed(reader) {
            let passwordEntry = try passwords.flatMap { try nextOrMalformed($0) }
            switch record(of: element, mapper: mapper) {
            case .success(var record):
                if let passwordEntry, let passwordsPath {
                    record.object.passwordHash = await passwordHash(passwordEntry, for: record, path: passwordsPath)
                }
                unit.append((element.index, record))
            case .failure(let failure):
                summary[file.className.rawValue].failed += 1
                await fail(file: file, index: element.index, objectId: failure.objectId, reason: failure.reason)
                await advance(by: 1, className: file.className.rawValue)
            }
            if unit.count >= options.objectsPerWrite { try await flush() }
        }
        if !unit.isEmpty { try await flush() }
        if let pending { try await settle(await result(of: pending), unit: pendingUnit, file: file, spool: spool) }
    }

    /// The outcome of a unit's write task.
    private func result(of task: Task<[BulkOutcome], any Error>) async -> Result<[BulkOutcome], any Error> {
        await task.result
    }

    /// Counts a written unit's outcomes, reports its failures and keeps its relation members for the second pass.
    private func settle(
        _ result: Result<[BulkOutcome], any Error>, unit: [(index: Int, record: ExportRecord)], file: ExportSource.ClassFile,
        spool: RelationSpool
    ) async throws {
        let outcomes: [BulkOutcome]
        do {
            outcomes = try result.get()
        } catch BulkWriteError.conflict(let position) {
            let entry = unit[position]
            throw ImportError.conflict(file: file.path, index: entry.index, objectId: entry.record.object.objectId)
        }
        for (entry, outcome) in zip(unit, outcomes) {
            counted(outcome, record: entry.record, className: file.className)
            if case .failed(let error) = outcome {
                await fail(file: file, index: entry.index, objectId: entry.record.object.objectId, reason: error.message)
            } else {
                for relation in entry.record.relations { spool.append(relation) }
            }
        }
        await advance(by: unit.count, className: file.className.rawValue)
    }

    /// Counts one outcome in the summary, with what it means for users.
    func counted(_ outcome: BulkOutcome, record: ExportRecord, className: ClassName) {
        summary[className.rawValue].count(outcome)
        guard className == .user else { return }
        if record.object.passwordHash != nil {
            if case .inserted = outcome { summary.passwordsRestored += 1 }
            if case .replaced = outcome { summary.passwordsRestored += 1 }
            return
        }
        guard case .inserted = outcome else { return }
        summary.usersWithoutPassword += 1
        if let mailAddress = record.mailAddress {
            summary.usersWithMailAddress += 1
            passwordResetCandidates.append(PasswordResetCandidate(objectId: record.object.objectId, mailAddress: mailAddress))
        }
    }

    /// The mapper of a class's files.
    func mapper(for className: ClassName) -> ExportRecordMapper {
        ExportRecordMapper(
            className: className, defaultACL: application.settings.defaultObjectACL, now: clock.now(), newObjectId: newObjectId)
    }

    /// Parses and maps one element.
    func record(of element: ExportElement, mapper: ExportRecordMapper) -> Result<ExportRecord, ExportRecordFailure> {
        do throws(ExportRecordFailure) {
            let value: JSONValue
            do {
                value = try JSONValue(parsing: element.bytes)
            } catch {
                throw ExportRecordFailure(objectId: nil, reason: "invalid JSON: \(error.reason)")
            }
            return .success(try mapper.record(value))
        } catch {
            return .failure(error)
        }
    }

    /// Reports one object that was not imported (its count is the caller's: storage outcomes count themselves).
    func fail(file: ExportSource.ClassFile, index: Int?, objectId: String?, reason: String) async {
        await report.record(ImportFailure(file: file.path, index: index, objectId: objectId, reason: reason))
    }

    func readerOrMalformed(_ path: String) throws -> ExportFileReader {
        do throws(ExportReadError) {
            return try ExportFileReader(path: path)
        } catch {
            throw ImportError.malformed(error)
        }
    }

    func nextOrMalformed(_ reader: ExportFileReader) throws -> ExportElement? {
        do throws(ExportReadError) {
            return try reader.next()
        } catch {
            throw ImportError.malformed(error)
        }
    }

    // MARK: Progress

    func beginPhase(_ phase: ImportProgressSnapshot.Phase, total: Int) async throws {
        phaseTotal = total
        phaseDone = 0
        phaseStart = clock.elapsed()
        await progress.update(snapshot(phase, className: ""))
    }

    func advance(by count: Int, className: String, phase: ImportProgressSnapshot.Phase? = nil) async {
        phaseDone += count
        await progress.update(snapshot(phase ?? currentPhase, className: className))
    }

    func endPhase(_ phase: ImportProgressSnapshot.Phase, className: String) async {
        await progress.finish(snapshot(phase, className: className))
    }

    var currentPhase: ImportProgressSnapshot.Phase = .checking

    private func snapshot(_ phase: ImportProgressSnapshot.Phase, className: String) -> ImportProgressSnapshot {
        currentPhase = phase
        return ImportProgressSnapshot(phase: phase, className: className, done: phaseDone, total: phaseTotal, elapsed: clock.elapsed() - phaseStart)
    }
}

extension Importer {
    /// Checks the password hashes file of a Kumo export with secrets before anything is written: read to its end (a
    /// malformed or oversized entry stops the import), one entry per object of the user file.
    ///
    /// - Throws: ``ImportError`` when it is malformed or does not match the user file.
    func checkPasswords(_ source: ExportSource, counts: [String: Int]) throws {
        guard let path = source.passwordsFile else { return }
        let userFiles = source.classFiles.filter { $0.className == .user }
        guard userFiles.count == 1, let users = counts[userFiles[0].path] else {
            throw ImportError.source("\(path): an export's password hashes go with exactly one user file")
        }
        let reader = try passwordReader(path)
        var entries = 0
        while try nextOrMalformed(reader) != nil { entries += 1 }
        guard entries == users else {
            throw ImportError.source("\(path) holds \(entries) entries for \(users) users: it is not from the same export")
        }
        passwordsFile = path
    }

    /// A reader of the password hashes file: its entries are small, so one larger than 64 KiB is refused as malformed.
    func passwordReader(_ path: String) throws -> ExportFileReader {
        do throws(ExportReadError) {
            return try ExportFileReader(path: path, maximumElementSize: 64 << 10)
        } catch {
            throw ImportError.malformed(error)
        }
    }

    /// The hash an entry gives a user, or `nil` (no password, or a refused entry: reported, never stored).
    func passwordHash(_ entry: ExportElement, for record: ExportRecord, path: String) async -> String? {
        do throws(ExportRecordFailure) {
            return try PasswordHashEntry.hash(of: entry, for: record.object.objectId)
        } catch {
            summary.passwordsRefused += 1
            await report.record(ImportFailure(file: path, index: entry.index, objectId: error.objectId, reason: error.reason))
            return nil
        }
    }
}
