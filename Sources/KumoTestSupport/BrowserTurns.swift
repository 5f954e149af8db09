/// One browser at a time in the whole test process.
///
/// Swift Testing runs suites side by side; each browser suite is `.serialized` inside, but a dozen suites each starting
/// a headless Chromium at once overloaded CI's two cores (the other suites then missed their time limits). Every
/// ``WebDriver/withSession(acceptLanguage:width:height:_:)`` takes a turn here first: waiting callers queue in order and
/// are resumed one by one; the wait is not cancellable (the turn is given back at once by a cancelled body).
actor BrowserTurns {
    static let shared = BrowserTurns()

    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits for the turn.
    func take() async {
        if !isTaken {
            isTaken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives the turn to the next waiting caller, or frees it.
    func giveBack() {
        if waiting.isEmpty {
            isTaken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
