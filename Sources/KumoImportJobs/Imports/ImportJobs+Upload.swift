import Foundation
import KumoSeams
import KumoStorage

extension ImportJobs {
    /// Receives one upload into a staging job: checks the job, the name and a declared length (``Refusal/tooLarge(_:)``
    /// before any byte is read when it exceeds what the job may still take), writes the bytes as they come into a new
    /// blob of ``blobNamespace`` while counting them against the job's limit, commits it, and adds it to the job by
    /// compare-and-set (replacing an earlier upload of the same name, whose blob then goes). A failure, or a job that was
    /// started or removed meanwhile (by this or another instance), leaves nothing of the upload behind.
    ///
    /// - Parameters:
    ///   - id: the job.
    ///   - applicationId: the application the job must belong to.
    ///   - kind: an export file or file bytes.
    ///   - name: the file's name (``className(of:kind:)`` says which names each kind may have).
    ///   - declaredLength: the body's `Content-Length`, when the client sent one.
    ///   - body: the bytes, pulled one chunk at a time.
    /// - Returns: the staged file.
    /// - Throws: a ``Refusal``, a storage error, or what `body` threw.
    package func upload(
        _ id: String, applicationId: String, kind: ImportFileKind, name: String, declaredLength: Int64?,
        body: AsyncThrowingStream<[UInt8], any Error>
    ) async throws -> ImportJob.StagedFile {
        let job = try await self.job(id, applicationId: applicationId)
        guard job.state == .staging else { throw Refusal.state(job.state) }
        let className = try Self.className(of: name, kind: kind)
        let room = limits.maximumJobBytes - job.stagedBytes
        if let declaredLength, declaredLength > room { throw Refusal.tooLarge(limits.maximumJobBytes) }
        uploadsInFlight[id, default: 0] += 1
        defer { uploadEnded(id) }
        let writer = try await storage.blobs.makeWriter(applicationId: Self.blobNamespace)
        var received: Int64 = 0
        let size = try await writer.fill {
            for try await chunk in body {
                received += Int64(chunk.count)
                guard received <= room else { throw Refusal.tooLarge(limits.maximumJobBytes) }
                try await writer.write(chunk)
            }
        }
        let file = ImportJob.StagedFile(name: name, size: size, kind: kind, className: className, blobId: writer.blobId)
        var replaced: String?
        do {
            let now = clock.now()
            let maximum = limits.maximumJobBytes
            _ = try await change(id, applicationId: applicationId) { job in
                guard job.state == .staging else { throw Refusal.state(job.state) }
                replaced = nil
                if let earlier = job.files.firstIndex(where: { $0.name == name && $0.kind == kind }) {
                    replaced = job.files[earlier].blobId
                    job.stagedBytes -= job.files[earlier].size
                    job.files.remove(at: earlier)
                }
                guard job.stagedBytes + size <= maximum else { throw Refusal.tooLarge(maximum) }
                job.files.append(file)
                job.stagedBytes += size
                job.lastActivity = now
            }
        } catch {
            try? await storage.blobs.delete(applicationId: Self.blobNamespace, blobId: writer.blobId)
            throw error
        }
        if let replaced { try? await storage.blobs.delete(applicationId: Self.blobNamespace, blobId: replaced) }
        return file
    }

    /// Counts an upload out (the job's entry goes with its last upload).
    private func uploadEnded(_ id: String) {
        let remaining = uploadsInFlight[id, default: 1] - 1
        uploadsInFlight[id] = remaining > 0 ? remaining : nil
    }
}
