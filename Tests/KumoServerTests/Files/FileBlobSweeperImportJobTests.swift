import Foundation
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The orphan sweep of the dashboard import jobs' blobs (namespace `import-jobs`,
/// docs/decisions/0155-import-jobs-in-the-database.md): a blob no job's row names goes once it is older than the grace
/// period; a younger one, and one a job names as a staged file or as its report, stays.
@Suite struct FileBlobSweeperImportJobTests {
    /// Stores a committed blob of three bytes in the import jobs' namespace and returns its id.
    static func storeBlob(_ application: TestApplication) async throws -> String {
        let writer = try await application.storage.blobs.makeWriter(applicationId: ImportJobRecord.blobNamespace)
        try await writer.write([1, 2, 3])
        _ = try await writer.commit()
        return writer.blobId
    }

    /// The size of a blob of the import jobs' namespace, `nil` once it is gone.
    static func size(_ application: TestApplication, _ blobId: String) async throws -> Int64? {
        try await application.storage.blobs.size(applicationId: ImportJobRecord.blobNamespace, blobId: blobId)
    }

    /// Stores a job's row naming `staged` as its file and `report` as its report, as `KumoImportJobs` writes them.
    static func insertJob(_ application: TestApplication, staged: String, report: String) async throws {
        let file: JSONObject = ["name": .string("_User.json"), "size": .integer(3), "kind": .string("export"), "blobId": .string(staged)]
        let record = ImportJobRecord(
            id: "sweptJob", applicationId: application.application.applicationId, state: "failed", createDate: application.clock.now(),
            activity: application.clock.now(), document: ["files": .array([.object(file)]), "reportBlobId": .string(report)])
        try await application.storage.importJobs.insert(record)
    }

    @Test(arguments: TestDatabase.engines)
    func aSweepRemovesImportJobBlobsNoJobNamesOnceOlderThanAnHour(_ engine: StorageEngine) async throws {
        try await FileBlobSweeperTests.with(engine) { application, clock in
            let orphan = try await FileBlobSweeperImportJobTests.storeBlob(application)
            let staged = try await FileBlobSweeperImportJobTests.storeBlob(application)
            let report = try await FileBlobSweeperImportJobTests.storeBlob(application)
            try await FileBlobSweeperImportJobTests.insertJob(application, staged: staged, report: report)
            FileBlobSweeperTests.move(clock, toWallClockPlus: FileBlobSweeperTests.pastGrace)

            let outcome = try await FileBlobSweeper(environment: application.environment).sweep()

            #expect(outcome == FileBlobSweeper.Outcome(abandonedUploads: 0, orphanedBlobs: 0, orphanedImportJobBlobs: 1))
            #expect(try await FileBlobSweeperImportJobTests.size(application, orphan) == nil)
            #expect(try await FileBlobSweeperImportJobTests.size(application, staged) == 3)
            #expect(try await FileBlobSweeperImportJobTests.size(application, report) == 3)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aSweepKeepsImportJobBlobsYoungerThanAnHour(_ engine: StorageEngine) async throws {
        try await FileBlobSweeperTests.with(engine) { application, clock in
            let young = try await FileBlobSweeperImportJobTests.storeBlob(application)
            FileBlobSweeperTests.move(clock, toWallClockPlus: 59 * 60_000)

            let outcome = try await FileBlobSweeper(environment: application.environment).sweep()

            #expect(outcome == FileBlobSweeper.Outcome(abandonedUploads: 0, orphanedBlobs: 0, orphanedImportJobBlobs: 0))
            #expect(try await FileBlobSweeperImportJobTests.size(application, young) == 3)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anApplicationsOrphanSweepLeavesImportJobBlobsToTheirOwnSweep(_ engine: StorageEngine) async throws {
        try await FileBlobSweeperTests.with(engine) { application, clock in
            let fileOrphan = try await FileBlobSweeperTests.storeBlob(application)
            let staged = try await FileBlobSweeperImportJobTests.storeBlob(application)
            let report = try await FileBlobSweeperImportJobTests.storeBlob(application)
            try await FileBlobSweeperImportJobTests.insertJob(application, staged: staged, report: report)
            FileBlobSweeperTests.move(clock, toWallClockPlus: FileBlobSweeperTests.pastGrace)

            let outcome = try await FileBlobSweeper(environment: application.environment).sweep()

            #expect(outcome == FileBlobSweeper.Outcome(abandonedUploads: 0, orphanedBlobs: 1, orphanedImportJobBlobs: 0))
            #expect(try await FileBlobSweeperTests.size(application, fileOrphan) == nil)
            #expect(try await FileBlobSweeperImportJobTests.size(application, staged) == 3)
        }
    }
}
