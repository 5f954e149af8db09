import Foundation
import Prometheus

#if canImport(Glibc)
    import Glibc
#endif

/// The process gauges Prometheus' client libraries conventionally export (`process_resident_memory_bytes`,
/// `process_virtual_memory_bytes`, `process_open_fds`, `process_max_fds`, `process_cpu_seconds_total`,
/// `process_start_time_seconds`), read from `/proc/self` and `getrusage` when the metrics are scraped.
///
/// Linux only: on other systems the gauges stay at zero (Kumo's servers run on Linux; the SDK never links this).
final class ProcessMetrics: Sendable {
    private let residentMemory: Gauge
    private let virtualMemory: Gauge
    private let openDescriptors: Gauge
    private let maximumDescriptors: Gauge
    private let cpuSeconds: Gauge
    private let startTime: Gauge

    init(registry: PrometheusCollectorRegistry) {
        func gauge(_ name: String, _ unit: String, _ help: String) -> Gauge {
            registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "process", metricName: name, unitName: unit, helpText: help))
        }
        residentMemory = gauge("resident_memory", "bytes", "Resident memory size in bytes.")
        virtualMemory = gauge("virtual_memory", "bytes", "Virtual memory size in bytes.")
        openDescriptors = gauge("open", "fds", "Number of open file descriptors.")
        maximumDescriptors = gauge("max", "fds", "Maximum number of open file descriptors.")
        // A gauge: the value is read whole from the kernel at each scrape (the conventional name keeps `_total`).
        cpuSeconds = gauge("cpu_seconds", "total", "Total user and system CPU time spent in seconds.")
        startTime = gauge("start_time", "seconds", "Start time of the process since unix epoch in seconds.")
        startTime.set(Date().timeIntervalSince1970 - ProcessInfo.processInfo.systemUptime + Self.processUptimeOffset())
    }

    /// Reads the current values.
    func update() {
        #if os(Linux)
            if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
                let fields = statm.split(separator: " ").compactMap { Double($0) }
                let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
                if fields.count >= 2 {
                    virtualMemory.set(fields[0] * pageSize)
                    residentMemory.set(fields[1] * pageSize)
                }
            }
            if let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
                openDescriptors.set(Double(descriptors.count))
            }
            var limit = rlimit()
            if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 { maximumDescriptors.set(Double(limit.rlim_cur)) }
            var usage = rusage()
            if getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 {
                let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1_000_000
                let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1_000_000
                cpuSeconds.set(user + system)
            }
        #endif
    }

    /// Seconds between boot and the process's start, from `/proc/self/stat` (field 22, in clock ticks); 0 elsewhere.
    private static func processUptimeOffset() -> Double {
        #if os(Linux)
            guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
                let afterName = stat.lastIndex(of: ")")
            else { return 0 }
            // Fields after the command name start at field 3; the start time is field 22.
            let fields = stat[stat.index(after: afterName)...].split(separator: " ")
            guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
            return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        #else
            return 0
        #endif
    }
}
