import ArgumentParser
import Foundation
import KumoStorage
import Logging
import NCMBWire
import ServiceLifecycle

/// `kumo serve` options of the index advisor (docs/decisions/0075-index-advisor.md): which finds count as slow, and
/// whether the advisor creates indexes by itself. Each has an environment variable; the flag wins.
struct IndexAdvisorOptions: ParsableArguments {
    @Option(setting: "slow-query-ms")
    var slowQueryMillisecondsOption: Double?

    @Option(setting: "auto-index")
    var autoIndexOption: String?

    /// The threshold in milliseconds; 0 turns recording off.
    var slowQueryMilliseconds: Double {
        ServeSettings.value(slowQueryMillisecondsOption, "KUMO_SLOW_QUERY_MS") ?? 100
    }

    /// Whether the advisor creates indexes by itself.
    var createsIndexes: Bool { ServeSettings.isOn(autoIndexOption, key: "auto-index") }

    func validate() throws {
        if let slowQueryMillisecondsOption, !(slowQueryMillisecondsOption >= 0 && slowQueryMillisecondsOption <= 600_000) {
            throw ValidationError("--slow-query-ms takes 0 (off) to 600000 milliseconds, not \(slowQueryMillisecondsOption)")
        }
        try ServeSettings.checkOnOff(autoIndexOption, key: "auto-index")
        if createsIndexes, slowQueryMilliseconds == 0 {
            throw ValidationError("--auto-index on needs slow queries to be recorded: --slow-query-ms must be above 0")
        }
    }

    /// The recorder the storage notes slow finds in, or `nil` when recording is off.
    func makeRecorder() -> SlowQueryRecorder? {
        guard slowQueryMilliseconds > 0 else { return nil }
        return SlowQueryRecorder(threshold: .microseconds(Int64(slowQueryMilliseconds * 1000)))
    }
}

/// Moves the recorder's notes into the database every 10 seconds (and once more at shutdown), so that `kumo classes
/// index suggest` sees every instance's slow queries; with `--auto-index on` it also creates the indexes called for.
struct IndexAdvisorService: Service {
    let advisor: IndexAdvisor
    let logger: Logger
    /// How often notes are collected.
    var interval: Duration = .seconds(10)

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { [interval] in try await Task.sleep(for: interval) }
            } catch {
                break
            }
            await collect()
        }
        await collect()
    }

    /// One collection; failures are logged and the notes of that round are lost (they are advice, not data).
    private func collect() async {
        do {
            let now = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))
            let (created, dropped) = try await advisor.collect(now: now)
            for build in created {
                logger.notice(
                    "Created an index the slow queries called for",
                    metadata: [
                        "class": "\(build.index.className.rawValue)", "fields": "\(build.index.fieldList)", "index": "\(build.index.name)",
                        "objects": "\(build.objectCount)",
                    ])
            }
            if dropped > 0 {
                logger.warning("Slow query shapes beyond the recorder's limit were not recorded", metadata: ["runs": "\(dropped)"])
            }
        } catch {
            logger.warning("Could not record slow queries", metadata: ["error": "\(error)"])
        }
    }
}
