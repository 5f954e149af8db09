import Dispatch
import Foundation
import NCMB
import NCMBWire
import Testing

/// The blocking and callback forms keep their promises: no deadlock, one callback, never on the main thread.
@Suite struct SynchronousCallTests {
    let transport = RecordingTransport()

    func makeObject() -> NCMBObject {
        let object = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "GameScore") }
        object.objectId = "x1"
        return object
    }

    func expectFetches(_ count: Int) throws {
        for _ in 0..<count {
            transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(200, #"{"objectId":"x1","n":1}"#))
        }
    }

    // MARK: Tests

    @Test func blockingCallsFromSeveralGlobalQueueWorkersAllComplete() async throws {
        try expectFetches(4)
        let objects = (0..<4).map { _ in makeObject() }

        let results = await withTaskGroup(of: Bool.self) { group in
            for object in objects {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        DispatchQueue.global().async { continuation.resume(returning: object.fetch().isSuccess) }
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }

        #expect(results == [true, true, true, true])
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func aBlockingCallFromASerialQueueCompletes() async throws {
        try expectFetches(1)
        let object = makeObject()
        let queue = DispatchQueue(label: "kumo.test.serial")

        let isSuccess = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: object.fetch().isSuccess) }
        }

        #expect(isSuccess)
    }

    @Test func aCallbackRunsOnceOffTheMainThreadAndMayCallABlockingForm() async throws {
        try expectFetches(2)
        let object = makeObject()

        let (isMainThread, nestedIsSuccess) = await withCheckedContinuation { continuation in
            object.fetchInBackground { _ in
                continuation.resume(returning: (Thread.isMainThread, object.fetch().isSuccess))
            }
        }

        #expect(!isMainThread)
        #expect(nestedIsSuccess)
        #expect(transport.unmetExpectations.isEmpty)
    }
}
