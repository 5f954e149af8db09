import Foundation
import NCMBWire

/// Writes a synthetic NCMB export of any size, for measuring `kumo import` (`kumo sample-export`): one
/// `{"results":[…]}` file per class, objects with every field type (string, number, boolean, Date, GeoPoint, Pointer,
/// array, nested object) and, for one object in ten, an ACL naming a user. Deterministic: the same count gives the same
/// bytes.
package enum SampleExport {
    /// Writes `objects` objects spread over `classes` classes (`Sample1`, `Sample2`, …) into `directory`.
    ///
    /// - Returns: The bytes written.
    package static func write(objects: Int, classes: Int, into directory: String) throws -> Int64 {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let classCount = max(1, classes)
        var written: Int64 = 0
        for classIndex in 0..<classCount {
            let path = URL(fileURLWithPath: directory).appendingPathComponent("Sample\(classIndex + 1).json").path
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw ImportError.source("cannot write \(path)")
            }
            defer { try? handle.close() }
            var buffer: [UInt8] = Array(#"{"results":["#.utf8)
            let count = objects / classCount + (classIndex < objects % classCount ? 1 : 0)
            for index in 0..<count {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                buffer.append(0x0A)
                appendObject(number: index * classCount + classIndex, to: &buffer)
                if buffer.count >= 1 << 20 {
                    try handle.write(contentsOf: buffer)
                    written += Int64(buffer.count)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            buffer.append(contentsOf: Array("\n]}\n".utf8))
            try handle.write(contentsOf: buffer)
            written += Int64(buffer.count)
        }
        return written
    }

    /// The objectId of sample object `number`: `s` and 15 digits.
    package static func objectId(_ number: Int) -> String {
        let digits = String(number)
        return "s" + String(repeating: "0", count: max(0, 15 - digits.count)) + digits
    }

    private static func appendObject(number: Int, to buffer: inout [UInt8]) {
        let milliseconds = Int64(1_600_000_000_000) + Int64(number) * 1000
        let created = WireDate(millisecondsSince1970: milliseconds).formatted
        let updated = WireDate(millisecondsSince1970: milliseconds + 60_000).formatted
        let acl =
            number % 10 == 0
            ? #"{"*":{"read":true},"\#(objectId(number / 10))":{"read":true,"write":true}}"#
            : #"{"*":{"read":true,"write":true}}"#
        let latitude = Double(number % 180) - 89.5
        let longitude = Double(number % 360) - 179.5
        let text =
            #"{"objectId":"\#(objectId(number))","createDate":"\#(created)","updateDate":"\#(updated)","acl":\#(acl),"#
            + #""name":"player \#(number)","score":\#(number % 100_000),"ratio":\#(Double(number % 1000) / 8),"cheat":\#(number % 7 == 0),"#
            + #""playedAt":{"__type":"Date","iso":"\#(updated)"},"#
            + #""location":{"__type":"GeoPoint","latitude":\#(latitude),"longitude":\#(longitude)},"#
            + #""owner":{"__type":"Pointer","className":"user","objectId":"\#(objectId(number / 10))"},"#
            + #""tags":["t\#(number % 13)","t\#(number % 17)"],"stats":{"level":\#(number % 50),"items":[\#(number % 3),\#(number % 5)]}}"#
        buffer.append(contentsOf: text.utf8)
    }
}
