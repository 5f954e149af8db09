import KumoImportJobs
import ServiceLifecycle

/// Runs the import jobs' background round (``ImportJobs/poll()``) until graceful shutdown: expired jobs swept, and
/// queued jobs — started through any instance — or jobs whose runner's lease ran out claimed here
/// (docs/decisions/0155-import-jobs-in-the-database.md). It polls every third of the lease, at most every 5 seconds.
struct ImportJobService: Service {
    let imports: ImportJobs
    let leaseSeconds: Int

    func run() async throws {
        let interval = Duration.milliseconds(min(5_000, max(100, leaseSeconds * 1000 / 3)))
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            await imports.poll()
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }
}
