package import Foundation

/// Reads a child process's output on a thread of its own with blocking `read(2)` calls, until the other end closes.
///
/// This replaces `FileHandle.readabilityHandler`: on Linux that handler is a Dispatch source on the descriptor, and
/// with swift-corelibs-foundation of Swift 6.3.1 a source being cancelled while its descriptor closes crashed the
/// Dispatch manager thread now and then (SIGSEGV in `_dispatch_event_loop_drain`, seen once in a full test run,
/// docs/decisions/0076-child-processes-without-foundation-process.md). A thread that owns the handle until end of file
/// has no such race: the descriptor is closed only after the last `read` returned.
package enum PipeReader {
    /// Starts reading `handle` on a new thread.
    ///
    /// - Parameters:
    ///   - handle: the read end of a pipe; the thread keeps it open until end of file or a read error, then lets go.
    ///   - name: the thread's name, for debuggers and crash reports.
    ///   - received: called on the reading thread with each chunk (never empty), in order.
    ///   - ended: called once on the reading thread after the last chunk (end of file or a read error).
    package static func start(
        _ handle: FileHandle, name: String, received: @escaping @Sendable ([UInt8]) -> Void,
        ended: @escaping @Sendable () -> Void = {}
    ) {
        let descriptor = handle.fileDescriptor
        let box = HandleBox(handle)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    received(Array(buffer[0..<count]))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            box.release()
            ended()
        }
        thread.name = name
        thread.start()
    }

    /// Drains `handle` on a thread of its own and drops what it reads, so that a child never blocks on a full pipe.
    package static func discard(_ handle: FileHandle, name: String) {
        start(handle, name: name, received: { _ in })
    }
}

/// Keeps a file handle (and so its descriptor) alive until the reading thread is done with it.
private final class HandleBox: @unchecked Sendable {
    // @unchecked: `handle` is written once more, by the reading thread, after its last read.
    private var handle: FileHandle?

    init(_ handle: FileHandle) { self.handle = handle }

    func release() { handle = nil }
}
