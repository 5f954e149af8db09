import Foundation
import KumoSeams
import Synchronization
import Testing

/// `PipeReader`, the thread-per-pipe replacement for `FileHandle.readabilityHandler`: every byte arrives in order and
/// the end is reported once, after the last chunk.
@Suite struct PipeReaderTests {
    @Test func everyChunkArrivesInOrderAndTheEndIsReportedOnce() async throws {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        // 200,000 bytes: more than one read and more than a pipe's buffer.
        child.arguments = ["-c", "i=0; while [ $i -lt 2000 ]; do printf '%099d\\n' $i; i=$((i+1)); done"]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let collected = Mutex<[UInt8]>([])
        let ends = Mutex(0)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            PipeReader.start(
                output.fileHandleForReading, name: "test-reader",
                received: { bytes in collected.withLock { $0.append(contentsOf: bytes) } },
                ended: {
                    ends.withLock { $0 += 1 }
                    finished.resume()
                })
        }
        child.waitUntilExit()

        let lines = String(decoding: collected.withLock { $0 }, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2000)
        #expect(lines.first == Substring(String(repeating: "0", count: 99)))
        #expect(lines.last.map { Int($0) } == 1999)
        #expect(ends.withLock { $0 } == 1)
    }

    @Test func aDiscardedPipeNeverBlocksTheChild() throws {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Far more than a pipe holds: without a reader the child would block forever on write.
        child.arguments = ["-c", "head -c 1000000 /dev/zero"]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        PipeReader.discard(output.fileHandleForReading, name: "test-discard")
        child.waitUntilExit()

        #expect(child.terminationStatus == 0)
    }
}
