import KumoMemberwise

/// Where an import stands, as its progress display shows it.
@PackageMemberwiseInit
package struct ImportProgressSnapshot: Sendable, Hashable {
    /// What the import is doing: checking files, writing objects, adding relation members, restoring settings.
    package enum Phase: String, Sendable, Hashable {
        case checking
        case objects
        case relations
        case finishing
    }

    /// The phase.
    package var phase: Phase
    /// The class being written.
    package var className: String
    /// Objects (or relation lists) done in this phase.
    package var done: Int
    /// Objects (or relation lists) in this phase.
    package var total: Int
    /// Seconds since the phase started.
    package var elapsed: Double

    /// Items per second so far.
    package var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }

    /// Seconds left at the current rate, or `nil` before there is a rate.
    package var secondsLeft: Double? {
        guard rate > 0, total >= done else { return nil }
        return Double(total - done) / rate
    }

    /// `1:02:03`, `2:03` or `0:07`.
    static func clock(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded()))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let tail = (rest < 10 ? "0" : "") + String(rest)
        guard hours > 0 else { return "\(minutes):\(tail)" }
        return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):\(tail)"
    }

    /// `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

/// Shows an import's progress; the importer calls it after every group of objects and once at the end of a phase.
package protocol ImportProgressDisplay: Sendable {
    /// The import moved on.
    func update(_ snapshot: ImportProgressSnapshot) async
    /// A phase ended.
    func finish(_ snapshot: ImportProgressSnapshot) async
}

/// A progress bar redrawn in place on a terminal (`\r`, erase to the end of the line), at most ten times a second:
/// percentage, objects done of all, objects per second, time left and the current class.
package actor TerminalProgressBar: ImportProgressDisplay {
    private let write: @Sendable (String) -> Void
    private let width: Int
    private var lastDrawn: Double = -1
    private var lastPhase: ImportProgressSnapshot.Phase?

    /// Creates a bar that writes through `write` (standard error in `kumo import`).
    package init(width: Int = 30, write: @escaping @Sendable (String) -> Void) {
        self.width = width
        self.write = write
    }

    package func update(_ snapshot: ImportProgressSnapshot) {
        guard snapshot.phase != lastPhase || snapshot.elapsed - lastDrawn >= 0.1 else { return }
        lastPhase = snapshot.phase
        lastDrawn = snapshot.elapsed
        write("\r" + Self.line(snapshot, width: width) + "\u{1B}[K")
    }

    package func finish(_ snapshot: ImportProgressSnapshot) {
        write("\r" + Self.line(snapshot, width: width) + "\u{1B}[K\n")
        lastPhase = nil
        lastDrawn = -1
    }

    /// `objects [##########----------]  50% 500,000/1,000,000  25,000/s  ETA 0:20  GameScore`.
    package static func line(_ snapshot: ImportProgressSnapshot, width: Int) -> String {
        let fraction = snapshot.total > 0 ? min(1, Double(snapshot.done) / Double(snapshot.total)) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = String(Int((fraction * 100).rounded(.down)))
        let eta = snapshot.secondsLeft.map { "ETA " + ImportProgressSnapshot.clock($0) } ?? "ETA -:--"
        return "\(snapshot.phase.rawValue) [\(bar)] " + String(repeating: " ", count: max(0, 3 - percent.count)) + "\(percent)% "
            + "\(ImportProgressSnapshot.grouped(snapshot.done))/\(ImportProgressSnapshot.grouped(snapshot.total))  "
            + "\(ImportProgressSnapshot.grouped(Int(snapshot.rate.rounded())))/s  \(eta)  \(snapshot.className)"
    }
}

/// Plain progress lines for logs and pipes: one when a phase or class starts, then one every `interval` seconds, and
/// one at the end of each phase.
package actor PlainProgressLines: ImportProgressDisplay {
    private let write: @Sendable (String) -> Void
    private let interval: Double
    private var lastWritten: Double = 0
    private var lastClass: String?
    private var lastPhase: ImportProgressSnapshot.Phase?

    /// Creates lines written through `write`, at most one per `interval` seconds between class changes.
    package init(interval: Double = 5, write: @escaping @Sendable (String) -> Void) {
        self.interval = interval
        self.write = write
    }

    package func update(_ snapshot: ImportProgressSnapshot) {
        let changed = snapshot.phase != lastPhase || snapshot.className != lastClass
        guard changed || snapshot.elapsed - lastWritten >= interval else { return }
        lastPhase = snapshot.phase
        lastClass = snapshot.className
        lastWritten = snapshot.elapsed
        write(Self.line(snapshot) + "\n")
    }

    package func finish(_ snapshot: ImportProgressSnapshot) {
        write(Self.line(snapshot) + " done\n")
        lastPhase = nil
        lastClass = nil
    }

    /// `objects 500000/1000000 (50%) 25000/s ETA 0:20 class GameScore`.
    package static func line(_ snapshot: ImportProgressSnapshot) -> String {
        let percent = snapshot.total > 0 ? Int((Double(snapshot.done) / Double(snapshot.total) * 100).rounded(.down)) : 100
        let eta = snapshot.secondsLeft.map { " ETA " + ImportProgressSnapshot.clock($0) } ?? ""
        return "\(snapshot.phase.rawValue) \(snapshot.done)/\(snapshot.total) (\(percent)%) \(Int(snapshot.rate.rounded()))/s\(eta) class \(snapshot.className)"
    }
}

/// Shows nothing (tests, `--progress none`).
@PackageMemberwiseInit
package struct SilentProgress: ImportProgressDisplay {
    package func update(_ snapshot: ImportProgressSnapshot) async {}
    package func finish(_ snapshot: ImportProgressSnapshot) async {}
}
