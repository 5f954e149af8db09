#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// Makes freed large buffers go back to the system (docs/decisions/0069-memory-budget.md).
///
/// glibc serves an allocation above its mmap threshold with its own mapping, returned to the system when freed, but it
/// raises that threshold each time such a buffer is freed (up to 32 MiB). After a few large request bodies every later
/// body then lands in a thread's heap, which keeps the memory: sixteen 15 MB creates one after the other left the
/// server at 388 MB peak instead of 138 MB. A fixed threshold of 256 KiB keeps large buffers on their own mappings.
/// An operator's `MALLOC_MMAP_THRESHOLD_` wins.
enum MemoryReturn {
    /// The fixed threshold.
    static let threshold: Int32 = 256 * 1024
    /// glibc's `M_MMAP_THRESHOLD` parameter of `mallopt` (`<malloc.h>`, which the Glibc module does not import).
    static let mmapThresholdParameter: Int32 = -3

    static func configure() {
        #if canImport(Glibc)
            guard ProcessInfo.processInfo.environment["MALLOC_MMAP_THRESHOLD_"] == nil,
                let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
            else { return }
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThresholdParameter, threshold)
        #endif
    }
}
