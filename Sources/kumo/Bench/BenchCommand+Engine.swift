import ArgumentParser
import Foundation
import KumoSeams
import KumoServer
import KumoStorage
import Logging
import NCMBWire
import NIOCore
import NIOPosix

extension BenchCommand {
    /// One engine's run: seeds its database and builds the indexes in process, measures the in-process baselines,
    /// then starts its own server and runs every scenario against it (with its own ceiling).
    ///
    /// - Returns: The engine's rows, not yet tagged with the engine.
    func measure(
        _ database: BenchDatabase, scenarios selectedScenarios: [BenchScenario], isPinned: Bool, logger: Logger
    ) async throws -> [BenchMeasurement] {
        let storageArguments = database.storageArguments
        let (dataset, baselines) = try await StorageOptions.parse(storageArguments).withStorage(logger: logger) { storage in
            let seedingStart = ContinuousClock.now
            progress("Seeding \(objects) objects …")
            let dataset = try await BenchDataset.seed(storage: storage, itemCount: objects)
            progress("Seeded in \(ContinuousClock.now - seedingStart).")
            try await dataset.createIndexes(storage: storage, indexesScore: !skipsIndexes, extraCount: extraIndexes)
            if selectedScenarios.contains(.script) {
                let deployment = ScriptDeployment(
                    applicationId: dataset.application.applicationId, name: BenchDataset.scriptName, code: BenchDataset.scriptCode)
                _ = try await storage.scripts.deploy(deployment, maximumCount: 100, now: SystemWallClock().now())
            }
            return (dataset, try await storageBaselines(storage: storage, dataset: dataset))
        }
        var measurements = baselines

        let server = try await ServerProcess.start(
            executable: serverExecutable ?? SystemProbe.executablePath, arguments: storageArguments,
            logPath: database.directory + "/server.log", cpu: isPinned ? 0 : nil)
        let eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        do {
            let session = BenchSession(
                server: server,
                generator: LoadGenerator(eventLoops: Array(eventLoopGroup.makeIterator()), host: "127.0.0.1", port: server.port),
                signer: RequestSigner(
                    applicationKey: dataset.application.applicationKey, clientKey: dataset.application.clientKey, host: "127.0.0.1",
                    port: server.port, timestamp: SystemWallClock().now().formatted),
                dataset: dataset, engine: database.engine, warmUp: .seconds(warmUp), duration: .seconds(duration),
                realtime: RealtimeBenchSettings(
                    idleSubscribers: realtimeSubscribers, fanOutSubscribers: fanOutSubscribers, fanOutWrites: fanOutWrites),
                eventLoopGroup: eventLoopGroup)
            measurements += try await session.runAll(
                selectedScenarios, connectionCounts: connectionCounts, includesHalfLoad: !skipsHalfLoad)
        } catch {
            await server.stop()
            try? await eventLoopGroup.shutdownGracefully()
            throw error
        }
        await server.stop()
        try await eventLoopGroup.shutdownGracefully()
        return measurements
    }

    /// In-process inserts and point reads on the seeded storage, at the first connection count.
    private func storageBaselines(storage: any StorageBackend, dataset: BenchDataset) async throws -> [BenchMeasurement] {
        let baseline = StorageBaseline(storage: storage, dataset: dataset)
        let concurrency = connectionCounts.first ?? 64
        var rows: [BenchMeasurement] = []
        for (name, label) in [("storage.insert", "storage insert, in-process"), ("storage.getById", "storage getById, in-process")] {
            SystemProbe.resetPeakMemory(processId: getpid())
            let cpuStart = SystemProbe.cpuSeconds(processId: getpid())
            let summary =
                name == "storage.insert"
                ? try await baseline.inserts(concurrency: concurrency, warmUp: .seconds(warmUp), duration: .seconds(duration))
                : try await baseline.pointReads(concurrency: concurrency, warmUp: .seconds(warmUp), duration: .seconds(duration))
            let cpuEnd = SystemProbe.cpuSeconds(processId: getpid())
            let cpu = cpuStart.flatMap { start in cpuEnd.map { ($0 - start) / Double(duration + warmUp) } }
            progress("\(label) × \(concurrency): \(BenchReport.grouped(summary.requestsPerSecond)) op/s")
            rows.append(
                BenchMeasurement(
                    name: name, label: label, connections: concurrency, pacing: "closed loop", summary: summary, serverCPU: cpu,
                    peakRSSBytes: SystemProbe.peakResidentBytes(processId: getpid()),
                    note: "no HTTP; CPU and RSS of the benchmark process"))
        }
        return rows
    }
}
