import Logging

/// The warm workers of a runner and the calls waiting for them (docs/decisions/0050-worker-pool-per-application.md).
///
/// Each application runs at most its `maximumConcurrentExecutions` calls at once, and at most
/// `maximumQueuedExecutions` more wait; beyond that a call is refused at once. Workers are owned by one application;
/// idle ones are reused, and when the machine-wide maximum is reached an idle worker of another application is stopped
/// to make room. A worker that timed out or died is never reused; a replacement is started off the request path.
actor ScriptWorkerPool {
    typealias Spawn = @Sendable (_ applicationId: String) async throws -> ScriptWorker

    private let spawn: Spawn
    private let maximumWorkers: Int
    private let logger: Logger
    private var idle: [String: [ScriptWorker]] = [:]
    private var busy: [ObjectIdentifier: ScriptWorker] = [:]
    private var running: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var workerCount = 0
    private var workerWaiters: [CheckedContinuation<Void, Never>] = []
    private var isShutDown = false
    private var runningWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Why a call got no worker.
    enum Refusal: Error {
        /// The application runs and queues as many calls as it may.
        case tooBusy
        /// The pool was shut down.
        case shutDown
    }

    init(maximumWorkers: Int, logger: Logger, spawn: @escaping Spawn) {
        self.maximumWorkers = max(1, maximumWorkers)
        self.logger = logger
        self.spawn = spawn
    }

    /// Takes a call slot of the application, waiting in its queue when all are taken.
    ///
    /// - Throws: ``Refusal/tooBusy`` when the queue is full too.
    func enter(applicationId: String, concurrency: Int, queue: Int) async throws {
        if isShutDown { throw Refusal.shutDown }
        if running[applicationId, default: 0] < concurrency {
            running[applicationId, default: 0] += 1
            for waiter in runningWaiters.removeValue(forKey: applicationId) ?? [] { waiter.resume() }
            return
        }
        guard waiting[applicationId, default: []].count < queue else { throw Refusal.tooBusy }
        // The slot is handed over by `leave`, which counts it for this call.
        await withCheckedContinuation { waiting[applicationId, default: []].append($0) }
        if isShutDown { throw Refusal.shutDown }
    }

    /// Gives back a call slot: to the next waiting call of the application, or to nobody.
    func leave(applicationId: String) {
        if var queue = waiting[applicationId], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[applicationId] = queue.isEmpty ? nil : queue
            next.resume()
            return
        }
        running[applicationId, default: 1] -= 1
        if running[applicationId] == 0 { running[applicationId] = nil }
    }

    /// A worker of the application: an idle one, a new one, or, at the maximum, one made room for.
    ///
    /// - Throws: when no worker could be started.
    func checkOut(applicationId: String) async throws -> ScriptWorker {
        while true {
            if isShutDown { throw Refusal.shutDown }
            while var workers = idle[applicationId], let worker = workers.popLast() {
                idle[applicationId] = workers.isEmpty ? nil : workers
                if worker.isAlive { return markBusy(worker) }
                workerCount -= 1
            }
            if workerCount >= maximumWorkers, let victim = evictIdleWorker() {
                victim.terminate()
                workerCount -= 1
            }
            if workerCount < maximumWorkers {
                workerCount += 1
                do {
                    let worker = try await spawn(applicationId)
                    if isShutDown { worker.terminate() }
                    return markBusy(worker)
                } catch {
                    workerCount -= 1
                    wakeWorkerWaiter()
                    throw error
                }
            }
            await withCheckedContinuation { workerWaiters.append($0) }
        }
    }

    /// Returns a worker after a call: kept warm when it is alive, else forgotten and replaced in the background.
    func checkIn(_ worker: ScriptWorker) {
        busy[ObjectIdentifier(worker)] = nil
        if worker.isAlive && !isShutDown {
            idle[worker.applicationId, default: []].append(worker)
            wakeWorkerWaiter()
            return
        }
        worker.terminate()
        workerCount -= 1
        wakeWorkerWaiter()
        guard !isShutDown else { return }
        let applicationId = worker.applicationId
        Task { await self.replenish(applicationId: applicationId) }
    }

    /// Starts one idle worker for the application, when there is room (keeps the pool warm after a kill).
    func replenish(applicationId: String) async {
        guard !isShutDown, workerCount < maximumWorkers else { return }
        workerCount += 1
        do {
            let worker = try await spawn(applicationId)
            checkIn(worker)
        } catch {
            workerCount -= 1
            logger.warning("A replacement script worker could not start", metadata: ["error": "\(error)"])
        }
    }

    /// Stops every idle worker and refuses new calls; running calls end as their workers are stopped.
    func shutDown() {
        isShutDown = true
        for worker in idle.values.joined() { worker.terminate() }
        idle = [:]
        for worker in busy.values { worker.terminate() }
        for waiter in workerWaiters { waiter.resume() }
        workerWaiters = []
        for waiter in waiting.values.joined() { waiter.resume() }
        waiting = [:]
        for waiter in runningWaiters.values.joined() { waiter.resume() }
        runningWaiters = [:]
    }

    /// Returns once the application runs at least one call (tests synchronise on it instead of sleeping).
    func waitUntilRunning(applicationId: String) async {
        if running[applicationId, default: 0] > 0 || isShutDown { return }
        await withCheckedContinuation { runningWaiters[applicationId, default: []].append($0) }
    }

    /// How many workers exist (idle or busy), for tests and metrics.
    var count: Int { workerCount }

    private func markBusy(_ worker: ScriptWorker) -> ScriptWorker {
        busy[ObjectIdentifier(worker)] = worker
        return worker
    }

    private func evictIdleWorker() -> ScriptWorker? {
        guard let applicationId = idle.keys.first(where: { !(idle[$0]?.isEmpty ?? true) }), var workers = idle[applicationId] else {
            return nil
        }
        let victim = workers.removeFirst()
        idle[applicationId] = workers.isEmpty ? nil : workers
        return victim
    }

    private func wakeWorkerWaiter() {
        guard !workerWaiters.isEmpty else { return }
        workerWaiters.removeFirst().resume()
    }
}
