import Foundation
import NCMB
import NCMBWire
import Testing

/// The durable outbox of `saveEventually()` (docs/decisions/0134-sdk-durable-outbox.md) over a scripted server and
/// clock: offline, flaky, answers lost after commit, a restart, ordering, merging, refusals and bounds.
@Suite struct NCMBOutboxTests {
    private func creates(_ server: OutboxTestServer) -> [JSONObject] {
        server.received.compactMap { received in
            if case .objects(_, .create(let fields)) = received.route { fields } else { nil }
        }
    }

    @Test func writesWaitOfflineAndAreSentInOrderWhenFlushed() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            server.setFallback(.offline)
            let client = NCMBClient.outboxTest(server, folder: folder)
            let notes = (1...3).map { index in
                let note = client.object(className: "Note")
                note["n"] = index
                return note
            }
            for note in notes { try await note.saveEventually() }

            await #expect(throws: URLError.self) { try await client.flushOutbox() }
            #expect(try await client.outbox.pendingWrites().count == 3)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("outbox.json").path))

            server.setFallback(.online)
            try await client.flushOutbox()

            #expect(creates(server).map { $0["n"] } == [1, 2, 3])
            #expect(notes.allSatisfy { $0.objectId != nil })
            #expect(try await client.outbox.pendingWrites().isEmpty)
        }
    }

    @Test func aCreateWhoseAnswerWasLostIsSentAgainWithItsKeyAndStoredOnce() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            server.script(.dropsAnswerAfterCommit)
            let client = NCMBClient.outboxTest(server, folder: folder)
            let note = client.object(className: "Note")
            note["title"] = "once"
            try await note.saveEventually()

            await #expect(throws: URLError.self) { try await client.flushOutbox() }
            try await client.flushOutbox()

            let keys = server.received.map(\.idempotencyKey)
            #expect(keys.count == 2)
            #expect(keys[0] != nil && keys[0] == keys[1])
            #expect(server.objects.count == 1)
            #expect(note.objectId == server.objects.keys.first)
        }
    }

    @Test func aSecondSDKInstanceReadingTheFolderSendsWhatTheFirstQueued() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            server.setFallback(.offline)
            let first = NCMBClient.outboxTest(server, folder: folder)
            let note = first.object(className: "Note")
            note["n"] = 1
            try await note.saveEventually()
            note["n"] = 2
            note["views"] = NCMBIncrementOperator(amount: 1)
            try await note.saveEventually()

            // The app is killed: a new client with a new outbox over the same folder.
            server.setFallback(.online)
            let second = NCMBClient.outboxTest(server, folder: folder)
            #expect(try await second.outbox.pendingWrites().map(\.kind) == [.create, .update])
            try await second.flushOutbox()

            #expect(server.objects.count == 1)
            let stored = try #require(server.objects.values.first)
            #expect(stored["n"] == 2)
            #expect(stored["views"] == ["__op": "Increment", "amount": 1])
        }
    }

    @Test func laterSavesOfAnObjectWhoseCreateWaitsAreMergedIntoIt() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            let client = NCMBClient.outboxTest(server, folder: folder)
            let note = client.object(className: "Note")
            note["a"] = 1
            try await note.saveEventually()
            note["b"] = 2
            note["a"] = 3
            try await note.saveEventually()

            #expect(try await client.outbox.pendingWrites().count == 1)
            try await client.flushOutbox()

            #expect(server.received.count == 1)
            #expect(creates(server).first?["a"] == 3)
            #expect(creates(server).first?["b"] == 2)
        }
    }

    @Test func aSaveAfterTheCreateLeftBecomesAnUpdateOfItsObjectId() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            server.script(.dropsAnswerAfterCommit)
            let client = NCMBClient.outboxTest(server, folder: folder)
            let note = client.object(className: "Note")
            note["a"] = 1
            try await note.saveEventually()
            await #expect(throws: URLError.self) { try await client.flushOutbox() }
            note["a"] = 2
            try await note.saveEventually()
            try await client.flushOutbox()

            let objectId = try #require(note.objectId)
            #expect(server.objects[objectId]?["a"] == 2)
            guard case .objects(_, .update(let updated, _)) = server.received.last?.route else {
                Issue.record("no update")
                return
            }
            #expect(updated == objectId)
        }
    }

    @Test func aRefusedWriteLeavesWithItsErrorAndTheNextIsSent() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            server.script(.refuses(403, "E403001"))
            let client = NCMBClient.outboxTest(server, folder: folder)
            let events = client.outbox.events
            let called = Locked<[String]>([])
            client.outbox.onEvent = { event in
                if case .refused(let write, _) = event { called.withLock { $0.append(write.kind.rawValue) } }
            }
            let refused = client.object(className: "Note")
            refused["n"] = 1
            try await refused.saveEventually()
            refused["n"] = 2
            refused["views"] = NCMBIncrementOperator(amount: 1)
            try await refused.saveEventually()
            let accepted = client.object(className: "Note")
            accepted["n"] = 3
            try await accepted.saveEventually()

            try await client.flushOutbox()

            var iterator = events.makeAsyncIterator()
            guard case .refused(let write, let error)? = await iterator.next() else {
                Issue.record("no refusal")
                return
            }
            #expect(write.kind == .create)
            #expect(error.errorCode == .noAccessWithACL)
            guard case .sent(_, let objectId)? = await iterator.next() else {
                Issue.record("no send")
                return
            }
            #expect(objectId == accepted.objectId)
            #expect(called.current == ["create"])
            #expect(server.received.count == 2)
            #expect(refused.objectId == nil)
            #expect(try await client.outbox.pendingWrites().isEmpty)
        }
    }

    @Test func theOutboxIsBoundedInEntriesAndBytes() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            let client = NCMBClient.outboxTest(server, folder: folder) {
                $0.maximumEntries = 2; $0.maximumBytes = 200
            }
            for index in 0..<2 {
                let note = client.object(className: "Note")
                note["n"] = index
                try await note.saveEventually()
            }
            let third = client.object(className: "Note")
            third["n"] = 3
            await #expect(throws: NCMBOutboxError.full) { try await third.saveEventually() }
            try await client.flushOutbox()
            let large = client.object(className: "Note")
            large["text"] = String(repeating: "x", count: 300)
            await #expect(throws: NCMBOutboxError.full) { try await large.saveEventually() }
            #expect(try await client.outbox.pendingWrites().isEmpty)
        }
    }

    @Test func nothingIsRetriedForever() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            server.setFallback(.offline)
            let clock = OutboxTestClock()
            let client = NCMBClient.outboxTest(server, folder: folder, clock: clock) {
                $0.maximumAttempts = 2
                $0.maximumAge = 3600
            }
            let events = client.outbox.events
            let flaky = client.object(className: "Note")
            flaky["n"] = 1
            try await flaky.saveEventually()
            await #expect(throws: URLError.self) { try await client.flushOutbox() }
            try await client.flushOutbox()  // the second failure gives up: nothing left to send
            let old = client.object(className: "Note")
            old["n"] = 2
            try await old.saveEventually()
            clock.advance(3601)
            try await client.flushOutbox()

            var iterator = events.makeAsyncIterator()
            guard case .gaveUp(let gaveUp, _)? = await iterator.next(), case .expired(let expired)? = await iterator.next() else {
                Issue.record("missing events")
                return
            }
            #expect(gaveUp.attempts == 1)
            #expect(expired.kind == .create)
            #expect(try await client.outbox.pendingWrites().isEmpty)
        }
    }

    @Test func deletingAnObjectWhoseCreateNeverLeftSendsNothing() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            let client = NCMBClient.outboxTest(server, folder: folder)
            let draft = client.object(className: "Note")
            draft["n"] = 1
            try await draft.saveEventually()
            try await draft.deleteEventually()
            let saved = client.object(className: "Note")
            saved["n"] = 2
            try await saved.saveEventually()
            try await client.flushOutbox()
            let objectId = try #require(saved.objectId)
            try await saved.deleteEventually()
            try await client.flushOutbox()

            #expect(server.received.count == 2)
            #expect(server.objects[objectId] == nil)
            await #expect(throws: NCMBInvalidRequestError.emptyObjectId) { try await client.object(className: "Note").deleteEventually() }
        }
    }

    @Test(arguments: [CallForm.blocking, .callback])
    func theBlockingAndCallbackFormsQueueToo(form: CallForm) async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            let client = NCMBClient.outboxTest(server, folder: folder)
            let note = client.object(className: "Note")
            note["n"] = 1
            let result = await form.run(
                async: { try await note.saveEventually() }, blocking: { note.saveEventually() },
                callback: { note.saveEventuallyInBackground(callback: $0) })
            let pending = try await client.outbox.pendingWrites()
            #expect(result.isSuccess)
            #expect(pending.count == 1)
        }
    }

    @Test func aUserIsSavedEventuallyOnlyOnceSignedUp() async throws {
        try await withOutboxFolder { folder in
            let client = NCMBClient.outboxTest(OutboxTestServer(), folder: folder)
            let user = client.run { NCMBUser() }
            user.userName = "taro"
            await #expect(throws: NCMBOutboxError.userNotSignedUp) { try await user.saveEventually() }
        }
    }

    @Test func theOutboxSendsOnItsOwnWithExponentialBackoff() async throws {
        try await withOutboxFolder { folder in
            let server = OutboxTestServer()
            server.script(.offline, .offline, .offline)
            let delays = Locked<[TimeInterval]>([])
            var context = NCMBContext.test(transport: server)
            context.outbox = NCMBOutbox(configuration: NCMBOutboxConfiguration(folder: folder, initialDelay: 2))
            context.sleep = { delay in delays.withLock { $0.append(delay) } }
            context.random = { 0 }
            let client = NCMBClient(context: context)
            let events = client.outbox.events
            let note = client.object(className: "Note")
            note["n"] = 1
            try await note.saveEventually()

            var iterator = events.makeAsyncIterator()
            guard case .sent(_, let objectId)? = await iterator.next() else {
                Issue.record("not sent")
                return
            }
            #expect(objectId != nil)
            #expect(delays.current == [2, 4, 8])
            #expect(server.objects.count == 1)
        }
    }
}
