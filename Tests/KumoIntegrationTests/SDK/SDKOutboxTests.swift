import Foundation
import KumoStorage
import KumoTestSupport
import NCMB
import NCMBWire
import Testing

/// The SDK's outbox against a real in-process Kumo (docs/decisions/0134-sdk-durable-outbox.md): a write whose answer
/// is lost after the server committed is sent again with its idempotency key and stored once, on both engines.
@Suite struct SDKOutboxTests {
    /// Performs each request on the server, then loses the answer of the first `dropping` ones.
    final class AnswerDroppingTransport: NCMBTransport {
        let base: any NCMBTransport
        private let remaining: Locked<Int>

        init(base: any NCMBTransport, dropping: Int) {
            self.base = base
            self.remaining = Locked(dropping)
        }

        func send(_ request: NCMBTransportRequest) async throws -> NCMBTransportResponse {
            let response = try await base.send(request)
            let drop = remaining.withLock { remaining in
                defer { remaining -= 1 }
                return remaining > 0
            }
            if drop { throw URLError(.networkConnectionLost) }
            return response
        }
    }

    private func stored(_ application: TestApplication) async throws -> [StoredObject] {
        try await application.storage.objects.find(
            FindRequest(applicationId: application.application.applicationId, className: ClassName("Note")!, parameters: QueryParameters()),
            access: .bypass
        ).objects
    }

    @Test(arguments: StorageEngine.allCases)
    func aCreateAndAnUpdateWhoseAnswersWereLostAreStoredOnce(engine: StorageEngine) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ncmb-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                var context = NCMBContext.inProcess(requester)
                context.transport = AnswerDroppingTransport(base: context.transport, dropping: 1)
                context.outbox = NCMBOutbox(configuration: NCMBOutboxConfiguration(folder: folder, sendsAutomatically: false))
                let client = NCMBClient(context: context)
                let note = client.object(className: "Note")
                note["title"] = "on a train"
                try await note.saveEventually()

                await #expect(throws: URLError.self) { try await client.flushOutbox() }
                try await client.flushOutbox()

                let afterCreate = try await stored(application)
                #expect(afterCreate.count == 1)
                #expect(note.objectId == afterCreate.first?.objectId)

                var retrying = context
                retrying.transport = AnswerDroppingTransport(base: NCMBContext.inProcess(requester).transport, dropping: 1)
                let updating = NCMBClient(context: retrying)
                let sameNote = updating.run { NCMBObject(className: "Note") }
                sameNote.objectId = note.objectId
                sameNote["views"] = NCMBIncrementOperator(amount: 1)
                try await sameNote.saveEventually()
                await #expect(throws: URLError.self) { try await updating.flushOutbox() }
                try await updating.flushOutbox()

                let afterUpdate = try await stored(application)
                #expect(afterUpdate.count == 1)
                #expect(afterUpdate.first?.fields["views"] == 1)
            }
        }
    }

    @Test func aWriteKumoRefusesLeavesTheOutboxWithItsError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ncmb-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestApplication.with(engine: .sqlite) { application in
            try await application.test { requester in
                var context = NCMBContext.inProcess(requester)
                context.outbox = NCMBOutbox(configuration: NCMBOutboxConfiguration(folder: folder, sendsAutomatically: false))
                let client = NCMBClient(context: context)
                let events = client.outbox.events
                let missing = client.run { NCMBObject(className: "Note") }
                missing.objectId = "doesNotExist0001"
                missing["n"] = 1
                try await missing.saveEventually()
                try await client.flushOutbox()

                var iterator = events.makeAsyncIterator()
                guard case .refused(let write, let error)? = await iterator.next() else {
                    Issue.record("no refusal")
                    return
                }
                #expect(write.kind == .update)
                #expect(error.errorCode == .noDataAvailable)
                #expect(try await client.outbox.pendingWrites().isEmpty)
            }
        }
    }
}
