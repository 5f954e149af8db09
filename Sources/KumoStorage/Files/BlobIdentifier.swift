/// Blob ids: 32 lowercase hexadecimal characters (128 bits from the system's cryptographically secure generator).
///
/// Shared by every `BlobStore` so that an id is also a safe file name: a value that is not of this form never names a
/// blob, which keeps a stored `blobId` from ever reaching outside its application's directory.
package enum BlobIdentifier {
    /// The number of characters of an id.
    package static let length = 32

    /// A fresh random id.
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for _ in 0..<(length / 16) {
            var value = generator.next() as UInt64
            for _ in 0..<16 {
                bytes.append(digits[Int(value & 0xF)])
                value >>= 4
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` has the form of an id (32 lowercase hexadecimal characters).
    package static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        return bytes.count == length
            && bytes.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    /// Whether an application id may name a directory: not empty, no `/` or NUL, no leading `.` (which also excludes
    /// `.`, `..` and the staging directory `.uploads`) and no `..` anywhere.
    package static func isUsableApplicationId(_ applicationId: String) -> Bool {
        !applicationId.isEmpty && !applicationId.hasPrefix(".") && !applicationId.contains("..")
            && !applicationId.utf8.contains(UInt8(ascii: "/")) && !applicationId.utf8.contains(0)
    }
}
