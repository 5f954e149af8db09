import KumoSeams
import KumoServer
import KumoStorage
import NCMBWire

/// The raw storage rate: the same storage engine driven in-process, with no HTTP, JSON request parsing or signatures.
///
/// N concurrent tasks each run one operation after the other for the warm-up and the measured window, like N
/// connections of the HTTP scenarios.
struct StorageBaseline {
    let storage: any StorageBackend
    let dataset: BenchDataset

    /// Inserts of small objects (each acknowledged after its group commit).
    func inserts(concurrency: Int, warmUp: Duration, duration: Duration) async throws -> LoadSummary {
        let application = dataset.application
        let identifiers = RandomIdentifierGenerator()
        let clock = SystemWallClock()
        return try await measure(concurrency: concurrency, warmUp: warmUp, duration: duration) { storage, _ in
            let object = try BenchDataset.newObject(
                application: application, className: BenchDataset.storageClass, objectId: identifiers.objectId(),
                createDate: clock.now().millisecondsSince1970, fields: ["score": 1, "name": "stored"])
            _ = try await storage.objects.create(object)
        }
    }

    /// Point reads by objectId of seeded items, as an anonymous caller.
    func pointReads(concurrency: Int, warmUp: Duration, duration: Duration) async throws -> LoadSummary {
        let applicationId = dataset.application.applicationId
        let objectIds = dataset.itemObjectIds
        return try await measure(concurrency: concurrency, warmUp: warmUp, duration: duration) { storage, iteration in
            let key = ObjectKey(
                applicationId: applicationId, className: BenchDataset.itemClass, objectId: objectIds[iteration % objectIds.count])
            _ = try await storage.objects.object(key, include: [], access: .anonymous)
        }
    }

    /// Runs `operation` in `concurrency` loops; each loop records the operations that end inside the window.
    private func measure(
        concurrency: Int, warmUp: Duration, duration: Duration,
        operation: @escaping @Sendable (any StorageBackend, Int) async throws -> Void
    ) async throws -> LoadSummary {
        let storage = storage
        let clock = ContinuousClock()
        let windowStart = clock.now + warmUp
        let windowEnd = windowStart + duration
        let recorder = try await withThrowingTaskGroup(of: LoadRecorder.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var recorder = LoadRecorder()
                    var iteration = worker * 7919
                    while true {
                        let started = clock.now
                        if started >= windowEnd { break }
                        var isSuccess = true
                        do {
                            try await operation(storage, iteration)
                        } catch {
                            isSuccess = false
                        }
                        let ended = clock.now
                        if ended >= windowStart, ended < windowEnd {
                            let elapsed = ended - started
                            let nanoseconds = elapsed.wholeNanoseconds
                            recorder.record(
                                latencyNanoseconds: UInt64(max(0, nanoseconds)), isExpected: isSuccess, status: isSuccess ? 0 : 1)
                        }
                        iteration += 1
                    }
                    return recorder
                }
            }
            var total = LoadRecorder()
            for try await recorder in group { total.merge(recorder) }
            return total
        }
        let seconds = duration.fractionalSeconds
        return recorder.summary(seconds: seconds)
    }
}
