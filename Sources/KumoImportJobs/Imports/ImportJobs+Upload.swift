import Foundation

extension ImportJobs {
    /// Receives one upload into a staging job: checks the job, the name and a declared length (``Refusal/tooLarge(_:)``
    /// before any byte is read when it exceeds what the job may still take), writes the bytes as they come on
    /// ``FileWork`` while counting them against the job's limit, and moves the file into place. A failure leaves
    /// nothing of the upload behind.
    ///
    /// - Parameters:
    ///   - id: the job.
    ///   - applicationId: the application the job must belong to.
    ///   - kind: an export file or file bytes.
    ///   - name: the file's name (``className(of:kind:)`` says which names each kind may have).
    ///   - declaredLength: the body's `Content-Length`, when the client sent one.
    ///   - body: the bytes, pulled one chunk at a time.
    /// - Returns: the staged file.
    /// - Throws: a ``Refusal``, a file error, or what `body` threw.
    package func upload(
        _ id: String, applicationId: String, kind: ImportFileKind, name: String, declaredLength: Int64?,
        body: AsyncThrowingStream<[UInt8], any Error>
    ) async throws -> ImportJob.StagedFile {
        let temporary = try await beginUpload(id, applicationId: applicationId, kind: kind, name: name, declaredLength: declaredLength)
        var size: Int64 = 0
        do {
            let handle = try await fileWork.run { try FileHandle(forWritingTo: temporary) }
            do {
                for try await chunk in body {
                    try admit(id, bytes: Int64(chunk.count))
                    size += Int64(chunk.count)
                    let data = Data(chunk)
                    try await fileWork.run { try handle.write(contentsOf: data) }
                }
                try await fileWork.run { try handle.close() }
            } catch {
                _ = try? await fileWork.run { try handle.close() }
                throw error
            }
        } catch {
            await abandonUpload(id, temporary: temporary, size: size)
            throw error
        }
        return try await finishUpload(id, kind: kind, name: name, temporary: temporary, size: size)
    }
}
