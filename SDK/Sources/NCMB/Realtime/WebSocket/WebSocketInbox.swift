import Foundation

/// The text messages a reader thread has received and `receive()` has not yet taken, at most ``capacity`` of them.
///
/// The reader thread blocks in ``put(_:)`` while the inbox is full, so it stops reading the socket and TCP slows the
/// server down: memory stays bounded whatever the server sends. An async ``take()`` waits for the next message.
final class WebSocketInbox: @unchecked Sendable {
    // @unchecked: every stored property is read and written only while `condition` is locked.
    private let condition = NSCondition()
    /// The messages waiting, oldest first.
    private var messages: [String] = []
    /// The task waiting in `take()`, if any.
    private var waiter: CheckedContinuation<String, any Error>?
    /// Why the connection ended; `take()` throws it once the waiting messages are taken.
    private var ending: (any Error)?
    /// Whether the connection was closed by the client: `put` refuses and `take` throws at once.
    private var isAborted = false
    /// The most messages held at once.
    let capacity: Int

    /// Creates an empty inbox.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Hands a message to the waiting `take()` or queues it, blocking the calling thread while the inbox is full.
    ///
    /// - Returns: `false` when the inbox was aborted: the reader should stop.
    func put(_ message: String) -> Bool {
        condition.lock()
        while messages.count >= capacity, !isAborted { condition.wait() }
        guard !isAborted else {
            condition.unlock()
            return false
        }
        if let waiter {
            self.waiter = nil
            condition.unlock()
            waiter.resume(returning: message)
            return true
        }
        messages.append(message)
        condition.unlock()
        return true
    }

    /// Records that the connection ended with `error`: `take()` throws it after the waiting messages.
    func finish(_ error: any Error) {
        condition.lock()
        if ending == nil { ending = error }
        let waiter = messages.isEmpty ? self.waiter : nil
        if waiter != nil { self.waiter = nil }
        let failure = ending ?? error
        condition.unlock()
        waiter?.resume(throwing: failure)
    }

    /// Drops the waiting messages and makes `put` refuse and `take` throw `error` from now on.
    func abort(_ error: any Error) {
        condition.lock()
        isAborted = true
        if ending == nil { ending = error }
        messages.removeAll()
        let waiter = self.waiter
        self.waiter = nil
        let failure = ending ?? error
        condition.broadcast()
        condition.unlock()
        waiter?.resume(throwing: failure)
    }

    /// The next message; waits for one.
    ///
    /// - Throws: The error the connection ended with, once no message is waiting (at once after ``abort(_:)``);
    ///   ``WebSocketError/invalidRequest(_:)`` when another `take()` is already waiting.
    func take() async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            if !isAborted, !messages.isEmpty {
                let message = messages.removeFirst()
                condition.signal()
                condition.unlock()
                continuation.resume(returning: message)
                return
            }
            if let ending {
                condition.unlock()
                continuation.resume(throwing: ending)
                return
            }
            guard waiter == nil else {
                condition.unlock()
                continuation.resume(throwing: WebSocketError.invalidRequest("receive() called while another receive() waits"))
                return
            }
            waiter = continuation
            condition.unlock()
        }
    }
}
