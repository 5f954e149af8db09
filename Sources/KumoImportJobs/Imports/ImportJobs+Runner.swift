import Foundation
import KumoImport
import KumoSeams
import KumoStorage
import Logging
import NCMBWire

extension ImportJobs {
    /// What a job taken over from a runner whose lease ran out says.
    package static let takeOverError =
        "The instance that ran this import stopped before its end (its lease ran out), so the import was not finished; "
        + "what it wrote stays. Upload the files into a new job with onConflict skip to import the rest."

    /// Claims claimable jobs while this instance has a free slot: a queued job is run here; a running job whose runner's
    /// lease ran out is marked failed (``takeOverError``), its staged files deleted.
    func pump() async {
        guard !isPumping else { return }
        isPumping = true
        defer { isPumping = false }
        while runs.count < limits.concurrentJobs {
            let now = clock.now()
            let record: ImportJobRecord?
            do {
                record = try await storage.importJobs.claim(owner: instanceId, now: now, leaseUntil: leaseEnd(from: now))
            } catch {
                logger.warning("claiming an import job failed", metadata: ["error": "\(error)"])
                return
            }
            guard let record else { return }
            guard var job = ImportJob(record: record) else {
                logger.error("an import job's row could not be read", metadata: ["job": "\(record.id)"])
                continue
            }
            if job.state == .running {
                await takeOver(job)
                continue
            }
            job.state = .running
            guard let started = await write(job) else { continue }
            runs[job.id] = started
            let run = ImportJobRun(jobs: self, job: started, folder: directory.appendingPathComponent(job.id))
            Task.detached { await run.run() }
        }
    }

    /// Ends a job whose runner's lease ran out: failed, with ``takeOverError``; audited as who started it.
    private func takeOver(_ claimed: ImportJob) async {
        var job = claimed
        job.state = .failed
        job.endDate = clock.now()
        job.error = Self.takeOverError
        job.lease = nil
        guard let ended = await write(job) else { return }
        logger.warning("took over an import job whose runner stopped", metadata: ["job": "\(job.id)"])
        await deleteBlobs(of: ended, keepingReport: true)
        await audit(ended)
    }

    /// The end of a lease taken or renewed at `now`.
    func leaseEnd(from now: WireDate) -> WireDate {
        WireDate(millisecondsSince1970: now.millisecondsSince1970 + limits.leaseMilliseconds)
    }

    /// Writes a job this instance holds, renewing its lease unless the job gives it up (ends); `nil` when it lost the
    /// lease (the job then is not run here any longer).
    func write(_ written: ImportJob) async -> ImportJob? {
        var job = written
        if job.lease != nil { job.lease = (instanceId, leaseEnd(from: clock.now())) }
        do {
            guard let stored = try await storage.importJobs.update(job.record, condition: .leasedBy(instanceId)),
                let written = ImportJob(record: stored)
            else { return nil }
            lastWrites[job.id] = clock.now().millisecondsSince1970
            return written
        } catch {
            logger.warning("writing an import job failed", metadata: ["job": "\(job.id)", "error": "\(error)"])
            return nil
        }
    }

    /// Renews the lease of a job running here; `false` when another instance took it over.
    func renew(_ id: String) async -> Bool {
        do {
            return try await storage.importJobs.renew(id: id, owner: instanceId, leaseUntil: leaseEnd(from: clock.now()))
        } catch {
            // A database that does not answer is not a lost lease: the next renewal tries again.
            logger.warning("renewing an import job's lease failed", metadata: ["job": "\(id)", "error": "\(error)"])
            return true
        }
    }

    /// The importer moved on.
    func progressed(_ id: String, _ snapshot: ImportProgressSnapshot) async {
        guard runs[id] != nil else { return }
        runs[id]?.progress = ImportJob.json(snapshot)
        await writeProgress(id)
    }

    /// The importer reported an object it could not write.
    func failed(_ id: String, _ failure: ImportFailure) async {
        guard let job = runs[id] else { return }
        runs[id]?.failureCount += 1
        if job.failures.count < limits.failuresShown { runs[id]?.failures.append(ImportJob.json(failure)) }
        await writeProgress(id)
    }

    /// Writes a running job's progress and failures when ``Limits/progressWriteMilliseconds`` passed since the last write.
    private func writeProgress(_ id: String) async {
        guard let job = runs[id],
            clock.now().millisecondsSince1970 - (lastWrites[id] ?? 0) >= limits.progressWriteMilliseconds
        else { return }
        if let written = await write(job) { runs[id]?.version = written.version }
    }

    /// A job's import ended: its state, summary or error and its report written, its staged files deleted; the end is
    /// audited as the administrator who started it. A runner that lost its lease meanwhile writes nothing: the job was
    /// taken over.
    func end(_ id: String, result: Result<ImportSummary, any Error>, report: URL?) async {
        guard var job = runs.removeValue(forKey: id) else { return }
        lastWrites.removeValue(forKey: id)
        endActions.removeValue(forKey: id)?()
        job.endDate = clock.now()
        job.lease = nil
        switch result {
        case .success(let summary):
            job.state = .finished
            job.summary = ImportJob.json(summary)
        case .failure(let error):
            job.state = .failed
            job.error = (error as? ImportError)?.description ?? String(describing: error)
        }
        if let report { job.reportBlobId = await storeReport(report, of: id) }
        if let ended = await write(job) {
            await deleteBlobs(of: ended, keepingReport: true)
            await audit(ended)
        } else if let blobId = job.reportBlobId {
            try? await storage.blobs.delete(applicationId: Self.blobNamespace, blobId: blobId)
        }
        await fileWork.remove([directory.appendingPathComponent(id)])
        for waiter in waiters.removeValue(forKey: id) ?? [] { waiter.resume() }
        await pump()
    }

    /// Copies a report file into a blob; `nil` when it could not (logged).
    private func storeReport(_ file: URL, of id: String) async -> String? {
        do {
            let writer = try await storage.blobs.makeWriter(applicationId: Self.blobNamespace)
            try await writer.fill {
                let handle = try await fileWork.run { try FileHandle(forReadingFrom: file) }
                defer { try? handle.close() }
                while let data = try await fileWork.run({ try handle.read(upToCount: 256 * 1024) }), !data.isEmpty {
                    try await writer.write(Array(data))
                }
            }
            return writer.blobId
        } catch {
            logger.error("an import job's report could not be stored", metadata: ["job": "\(id)", "error": "\(error)"])
            return nil
        }
    }

    /// Audits a job's end as the administrator who started it.
    private func audit(_ job: ImportJob) async {
        let total = job.summary?.objectValue?["total"]?.objectValue
        let detail: JSONObject = [
            "state": .string(job.state.rawValue), "imported": total?["imported"] ?? .integer(0),
            "replaced": total?["replaced"] ?? .integer(0), "skipped": total?["skipped"] ?? .integer(0),
            "failed": total?["failed"] ?? .integer(Int64(job.failureCount)), "error": job.error.map(JSONValue.string) ?? .null,
        ]
        do {
            try await storage.admins.appendAudit(
                AdminAuditEntry(
                    time: clock.now(), admin: job.startedBy?.email ?? job.createdBy, action: "import.finish",
                    application: job.applicationName, target: job.id, detail: detail, address: job.startedBy?.address))
        } catch {
            logger.error("the end of an import job could not be audited", metadata: ["job": "\(job.id)", "error": "\(error)"])
        }
    }
}
