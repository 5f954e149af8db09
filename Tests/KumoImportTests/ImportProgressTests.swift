import Foundation
import KumoImport
import KumoTestSupport
import NCMBWire
import Testing

/// The two forms of progress output: a bar redrawn in place on a terminal, plain lines otherwise.
@Suite struct ImportProgressTests {
    /// Collects what a display writes.
    final class Output: Sendable {
        private let box = LockedBox<[String]>([])
        var writes: [String] { box.get() }
        var write: @Sendable (String) -> Void { { [box] text in box.mutate { $0.append(text) } } }
    }

    @Test func aTerminalBarShowsObjectsRateTimeLeftAndClass() {
        let snapshot = ImportProgressSnapshot(phase: .objects, className: "GameScore", done: 500_000, total: 1_000_000, elapsed: 20)

        let line = TerminalProgressBar.line(snapshot, width: 20)

        #expect(line == "objects [##########----------]  50% 500,000/1,000,000  25,000/s  ETA 0:20  GameScore")
    }

    @Test func aTerminalBarRedrawsInPlaceAndEndsItsPhaseWithANewLine() async {
        let output = Output()
        let bar = TerminalProgressBar(width: 4, write: output.write)

        await bar.update(ImportProgressSnapshot(phase: .objects, className: "A", done: 1, total: 4, elapsed: 1))
        await bar.update(ImportProgressSnapshot(phase: .objects, className: "A", done: 2, total: 4, elapsed: 1.01))
        await bar.finish(ImportProgressSnapshot(phase: .objects, className: "A", done: 4, total: 4, elapsed: 2))

        #expect(
            output.writes == [
                "\robjects [#---]  25% 1/4  1/s  ETA 0:03  A\u{1B}[K",
                "\robjects [####] 100% 4/4  2/s  ETA 0:00  A\u{1B}[K\n",
            ])
    }

    @Test(arguments: TestDatabase.engines)
    func plainLinesNameEachPhaseAndClassOfARealImport(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let output = Output()

            _ = try await ImportHarness.run(
                application, paths: [try ImportHarness.fixtures()], progress: PlainProgressLines(interval: 3600, write: output.write))

            let text = output.writes.joined()
            #expect(!text.contains("\r"))
            // The harness's clock stands still: no rate, no time left.
            #expect(text.contains("checking 6/6 (100%) 0/s class Stage done\n"))
            #expect(text.contains("objects 11/11 (100%) 0/s class Stage done\n"))
            for className in ["user", "role", "installation", "push", "GameScore", "Stage"] {
                #expect(text.contains(" class \(className)\n"), "\(className)")
            }
            #expect(text.contains("relations 4/4 (100%)"))
        }
    }

    @Test func theLiveClockGivesTheWallClocksDateAndSecondsThatNeverGoBack() {
        let date = WireDate(millisecondsSince1970: 1_234_567_890_000)
        let clock = ImportClock.live(now: { date })

        let first = clock.elapsed()
        let second = clock.elapsed()

        #expect(clock.now() == date)
        #expect(first >= 0 && second >= first)
    }
}
