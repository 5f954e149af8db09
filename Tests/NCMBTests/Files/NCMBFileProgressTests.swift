import Foundation
import NCMB
import NCMBWire
import Testing

/// Upload and download progress of `NCMBFile` through a transport that does not report progress itself: the
/// transport's default reports each direction once, complete.
@Suite struct NCMBFileProgressTests {
    let transport = RecordingTransport()
    let reports = Locked<[NCMBTransferProgress]>([])

    func makeFile(_ fileName: String) -> NCMBFile {
        NCMBContext.bound(to: transport) { NCMBFile(fileName: fileName) }
    }

    var progress: NCMBProgressHandler {
        let reports = self.reports
        return { report in reports.withLock { $0.append(report) } }
    }

    // MARK: Tests

    @Test(arguments: CallForm.allCases)
    func anUploadReportsTheMultipartBodyThenTheAnswer(form: CallForm) async throws {
        let file = makeFile("takanokun")
        let data = Data("abcdefg123456".utf8)
        let progress = self.progress
        transport.expect(.files(.upload(fileName: "takanokun")), reply: .json(201, FileReplies.uploaded))

        let result = await form.run(
            async: { try await file.save(data: data, progress: progress) }, blocking: { file.save(data: data, progress: progress) },
            callback: { file.saveInBackground(data: data, progress: progress, callback: $0) })

        #expect(result.isSuccess)
        let answer = Int64(FileReplies.uploaded.utf8.count)
        #expect(
            reports.current == [
                NCMBTransferProgress(direction: .upload, completedBytes: 176, totalBytes: 176),
                NCMBTransferProgress(direction: .download, completedBytes: answer, totalBytes: answer),
            ])
        #expect(reports.current.first?.fractionCompleted == 1)
    }

    @Test(arguments: CallForm.allCases)
    func aDownloadReportsTheFilesBytes(form: CallForm) async throws {
        let file = makeFile("takanokun")
        let progress = self.progress
        transport.expect(.files(.download(fileName: "takanokun")), reply: .json(200, "abcdefg123456"))

        let result = await form.run(
            async: { try await file.fetch(progress: progress) as Data? }, blocking: { file.fetch(progress: progress) },
            callback: { file.fetchInBackground(progress: progress, callback: $0) })

        #expect(result.value == Data("abcdefg123456".utf8))
        #expect(reports.current == [NCMBTransferProgress(direction: .download, completedBytes: 13, totalBytes: 13)])
    }

    @Test func aFractionIsUnknownWithoutATotal() {
        #expect(NCMBTransferProgress(direction: .download, completedBytes: 5, totalBytes: nil).fractionCompleted == nil)
        #expect(NCMBTransferProgress(direction: .download, completedBytes: 5, totalBytes: 0).fractionCompleted == nil)
        #expect(NCMBTransferProgress(direction: .upload, completedBytes: 5, totalBytes: 10).fractionCompleted == 0.5)
    }
}
