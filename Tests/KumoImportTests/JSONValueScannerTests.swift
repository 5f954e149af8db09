import KumoImport
import Testing

@Suite struct JSONValueScannerTests {
    private func scan(_ text: String) -> JSONValueScanner.Outcome {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { JSONValueScanner.scan($0, from: 0) }
    }

    @Test func findsTheEndOfAnObject() {
        #expect(scan(#"{"a":[1,2.5e3,"x\u00e9"],"b":{"c":null}} ,"#) == .complete(end: 40))
    }
}
