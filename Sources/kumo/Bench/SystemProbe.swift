import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the benchmark reads from the operating system: CPU pinning, CPU time and peak memory of a process, and a
/// description of the machine. Linux only (`/proc`); elsewhere every probe answers "unknown" and nothing is pinned.
enum SystemProbe {
    /// The number of logical CPUs online.
    static var processorCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Pins every thread of a process to one CPU; threads created later inherit the pinning from their creator.
    ///
    /// - Returns: whether every thread was pinned.
    @discardableResult
    static func pin(processId: Int32, toCPU cpu: Int) -> Bool {
        #if os(Linux)
            guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(processId)/task") else { return false }
            // Glibc declares sched_setaffinity only under _GNU_SOURCE, which Swift's Glibc module does not set.
            typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32
            guard let symbol = dlsym(nil, "sched_setaffinity") else { return false }
            let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
            var mask = [UInt8](repeating: 0, count: 128)
            mask[cpu / 8] |= UInt8(1 << (cpu % 8))
            var pinnedAll = true
            for thread in threads {
                guard let threadId = Int32(thread) else { continue }
                let result = mask.withUnsafeBytes { bytes in bytes.baseAddress.map { setAffinity(threadId, bytes.count, $0) } ?? -1 }
                if result != 0 { pinnedAll = false }
            }
            return pinnedAll
        #else
            return false
        #endif
    }

    /// The CPU time (user plus system) a process has used so far, in seconds, or `nil` when unknown.
    static func cpuSeconds(processId: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(processId)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name: state is field 3, utime field 14, stime field 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(clockTicksPerSecond)
    }

    /// The time one CPU has spent busy and in total so far, in clock ticks (`/proc/stat`; idle and I/O wait count as
    /// not busy), or `nil` when unknown.
    static func cpuTicks(cpu: Int) -> (busy: Double, total: Double)? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("cpu\(cpu) ") {
            let values = line.split(separator: " ").dropFirst().compactMap { Double($0) }
            guard values.count >= 5 else { return nil }
            let total = values.reduce(0, +)
            return (total - values[3] - values[4], total)
        }
        return nil
    }

    /// The peak resident set size of a process since it started or since ``resetPeakMemory(processId:)``, in bytes.
    static func peakResidentBytes(processId: Int32) -> Int? {
        statusValue("VmHWM", processId: processId).map { $0 * 1024 }
    }

    /// The resident set size of a process now, in bytes.
    static func residentBytes(processId: Int32) -> Int? {
        statusValue("VmRSS", processId: processId).map { $0 * 1024 }
    }

    /// Restarts the peak-RSS measurement of a process (`echo 5 > /proc/PID/clear_refs`), so that each scenario reports
    /// its own peak.
    ///
    /// - Returns: whether the kernel accepted the reset; when not, peaks cover the life of the process.
    @discardableResult
    static func resetPeakMemory(processId: Int32) -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/\(processId)/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// One line describing the machine: CPU model, logical CPUs, memory and kernel.
    static func machineDescription() -> String {
        var parts: [String] = []
        if let cpuInfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = cpuInfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        {
            parts.append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        parts.append("\(processorCount) logical CPUs")
        let gibibytes = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        parts.append(String(format: "%.0f GiB RAM", gibibytes))
        var name = utsname()
        if uname(&name) == 0 {
            let system = withUnsafeBytes(of: name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            parts.append("\(system) \(release)")
        }
        return parts.joined(separator: ", ")
    }

    /// The path of the running executable.
    static var executablePath: String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    private static var clockTicksPerSecond: Int {
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        return ticks > 0 ? ticks : 100
    }

    /// A `kB` value of `/proc/PID/status`.
    private static func statusValue(_ key: String, processId: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(processId)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") })
        else { return nil }
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }.first
    }
}
