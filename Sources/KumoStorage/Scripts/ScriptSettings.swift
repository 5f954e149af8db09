package import NCMBWire

/// The script limits of one application (docs/wire/endpoints/scripts.md): NCMB's documented values by default, each
/// configurable with `kumo scripts settings`.
package struct ScriptSettings: Sendable, Hashable {
    /// The largest script file a deployment accepts, in bytes. Defaults to 32 768 (32 KB).
    package var maximumFileSize = 32 * 1024
    /// The most scripts the application may have. Defaults to 100.
    package var maximumCount = 100
    /// How long one call may run before its worker is killed and the call answers 500, in milliseconds. Defaults to
    /// 30 000 (30 s).
    package var timeoutMilliseconds = 30_000
    /// The largest answer a script may give, in bytes; a larger one answers 500. Defaults to 65 536 (64 KB).
    package var maximumResponseSize = 64 * 1024
    /// How many calls of the application may run at once; further calls wait (at most the timeout, and at most
    /// ``maximumQueuedExecutions`` of them) or are refused with 429 E429002. Defaults to 4.
    package var maximumConcurrentExecutions = 4
    /// How many calls of the application may wait for a worker; more are refused with 429 E429002. Defaults to 256.
    package var maximumQueuedExecutions = 256

    /// Creates settings; every value defaults to NCMB's documented limit.
    package init() {}

    /// The ranges each setting must stay in; `kumo scripts settings` refuses values outside them.
    package enum Bounds {
        /// 1 byte … 1 MiB.
        package static let fileSize = 1...(1024 * 1024)
        /// 1 … 10 000 scripts.
        package static let count = 1...10_000
        /// 100 ms … 10 minutes.
        package static let timeoutMilliseconds = 100...600_000
        /// 1 byte … 16 MiB.
        package static let responseSize = 1...(16 * 1024 * 1024)
        /// 1 … 256 calls at once.
        package static let concurrentExecutions = 1...256
        /// 0 … 100 000 waiting calls.
        package static let queuedExecutions = 0...100_000
    }

    /// The stored form: only the values that differ from the defaults.
    package var storedJSON: JSONObject {
        let defaults = ScriptSettings()
        var object = JSONObject()
        for (key, value, defaultValue) in entries(defaults) where value != defaultValue {
            object[key] = .integer(Int64(value))
        }
        return object
    }

    /// Reads the stored form; missing keys and values outside ``Bounds`` keep their defaults.
    package init(storedJSON object: JSONObject) {
        self.init()
        func read(_ key: String, _ range: ClosedRange<Int>) -> Int? {
            guard case .integer(let value)? = object[key], let integer = Int(exactly: value), range.contains(integer) else {
                return nil
            }
            return integer
        }
        maximumFileSize = read("maximumFileSize", Bounds.fileSize) ?? maximumFileSize
        maximumCount = read("maximumCount", Bounds.count) ?? maximumCount
        timeoutMilliseconds = read("timeoutMilliseconds", Bounds.timeoutMilliseconds) ?? timeoutMilliseconds
        maximumResponseSize = read("maximumResponseSize", Bounds.responseSize) ?? maximumResponseSize
        maximumConcurrentExecutions = read("maximumConcurrentExecutions", Bounds.concurrentExecutions) ?? maximumConcurrentExecutions
        maximumQueuedExecutions = read("maximumQueuedExecutions", Bounds.queuedExecutions) ?? maximumQueuedExecutions
    }

    /// Each stored key with this value and the default's.
    private func entries(_ defaults: ScriptSettings) -> [(String, Int, Int)] {
        [
            ("maximumFileSize", maximumFileSize, defaults.maximumFileSize), ("maximumCount", maximumCount, defaults.maximumCount),
            ("timeoutMilliseconds", timeoutMilliseconds, defaults.timeoutMilliseconds),
            ("maximumResponseSize", maximumResponseSize, defaults.maximumResponseSize),
            ("maximumConcurrentExecutions", maximumConcurrentExecutions, defaults.maximumConcurrentExecutions),
            ("maximumQueuedExecutions", maximumQueuedExecutions, defaults.maximumQueuedExecutions),
        ]
    }
}
