// Shared by every fuzz target (Fuzz/build.sh compiles this file into each one).

/// The fuzzer's input as bytes.
func fuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// Splits `bytes` at every `separator`, keeping empty pieces: `a\0\0b` → `a`, ``, `b`.
func fuzzPieces(_ bytes: [UInt8], separator: UInt8) -> [[UInt8]] {
    bytes.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
}

/// Stops the run with a message libFuzzer reports as a crash, saving the input.
func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("fuzz property violated: " + message, file: file, line: line)
}
