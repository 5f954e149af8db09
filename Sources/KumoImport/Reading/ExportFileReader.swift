import Foundation
import NCMBWire

/// One object of an export file, still encoded, with where it sits.
package struct ExportElement: Sendable {
    /// The element's JSON text.
    package var bytes: [UInt8]
    /// Its position in the file's array, from 0.
    package var index: Int
    /// The byte offset of its first byte in the file.
    package var offset: Int64
}

/// A file that is not an export: where (byte offset, and the element when inside one) and why.
package struct ExportReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    package var path: String
    /// The byte offset of the problem in the file.
    package var offset: Int64
    /// The element the problem is in, when it is inside one.
    package var index: Int?
    /// What is wrong.
    package var reason: String

    package var description: String {
        "\(path): byte \(offset)" + (index.map { " (object \($0))" } ?? "") + ": \(reason)"
    }
}

/// Reads an export file one object at a time, in bounded memory: `{"results":[…]}` as NCMB wrote it (other top-level
/// keys are skipped) or a plain array, UTF-8 with or without a byte-order mark. Every byte is validated as JSON on the
/// way, so reading a file to its end proves it is well-formed (the import reads every file once before writing).
///
/// Not thread-safe: one task drives a reader.
package final class ExportFileReader {
    /// The file.
    package let path: String
    /// The file's size in bytes.
    package let fileSize: Int64
    /// The largest element accepted; a larger one is an error rather than unbounded memory.
    package let maximumElementSize: Int

    private let handle: FileHandle
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// The file offset of `buffer[0]`.
    private var bufferStart: Int64 = 0
    private var position = 0
    private var isAtEndOfFile = false
    private var state = State.start
    private var nextIndex = 0

    private enum State {
        case start
        /// Inside the top-level object, before a key (`first`: right after `{`).
        case topObjectKey(first: Bool)
        /// Inside the top-level object, after a value.
        case topObjectAfterValue
        /// Inside the objects array (`first`: right after `[`); `inObject` when it is the value of `results`.
        case arrayElement(first: Bool, inObject: Bool)
        /// After the top-level value.
        case end
        /// Done.
        case finished
    }

    /// Opens a file.
    ///
    /// - Throws: ``ExportReadError`` when it cannot be opened.
    package init(path: String, chunkSize: Int = 1 << 20, maximumElementSize: Int = 64 << 20) throws(ExportReadError) {
        self.path = path
        self.chunkSize = max(16, chunkSize)
        self.maximumElementSize = maximumElementSize
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ExportReadError(path: path, offset: 0, index: nil, reason: "cannot be opened")
        }
        self.handle = handle
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        self.fileSize = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }

    deinit {
        try? handle.close()
    }

    /// How many bytes of the file have been consumed.
    package var bytesConsumed: Int64 { bufferStart + Int64(position) }

    /// The next object, or `nil` after the last one (the rest of the file checked).
    ///
    /// - Throws: ``ExportReadError`` for anything that is not a well-formed export.
    package func next() throws(ExportReadError) -> ExportElement? {
        while true {
            switch state {
            case .finished:
                return nil
            case .start:
                try skipByteOrderMark()
                switch try nextSignificantByte(orEndAs: "an empty file") {
                case UInt8(ascii: "["):
                    position += 1
                    state = .arrayElement(first: true, inObject: false)
                case UInt8(ascii: "{"):
                    position += 1
                    state = .topObjectKey(first: true)
                default:
                    throw error("expected {\"results\":[…]} or an array of objects")
                }
            case .topObjectKey(let first):
                let byte = try nextSignificantByte(orEndAs: "unexpected end of input")
                if first && byte == UInt8(ascii: "}") {
                    throw error("no \"results\" array")
                }
                let key = try readKey()
                if key == "results" {
                    guard try nextSignificantByte(orEndAs: "unexpected end of input") == UInt8(ascii: "[") else {
                        throw error("\"results\" is not an array")
                    }
                    position += 1
                    state = .arrayElement(first: true, inObject: true)
                } else {
                    _ = try nextSignificantByte(orEndAs: "unexpected end of input")
                    _ = try scanValue(index: nil)
                    state = .topObjectAfterValue
                }
            case .topObjectAfterValue:
                switch try nextSignificantByte(orEndAs: "unexpected end of input") {
                case UInt8(ascii: ","):
                    position += 1
                    state = .topObjectKey(first: false)
                case UInt8(ascii: "}"):
                    position += 1
                    state = .end
                default:
                    throw error("expected ',' or '}'")
                }
            case .arrayElement(let first, let inObject):
                let byte = try nextSignificantByte(orEndAs: "unexpected end of input")
                if byte == UInt8(ascii: "]"), first {
                    position += 1
                    state = inObject ? .topObjectAfterValue : .end
                    continue
                }
                if !first {
                    switch byte {
                    case UInt8(ascii: "]"):
                        position += 1
                        state = inObject ? .topObjectAfterValue : .end
                        continue
                    case UInt8(ascii: ","):
                        position += 1
                        _ = try nextSignificantByte(orEndAs: "unexpected end of input")
                    default:
                        throw error("expected ',' or ']'")
                    }
                }
                state = .arrayElement(first: false, inObject: inObject)
                let index = nextIndex
                nextIndex += 1
                guard buffer[position] == UInt8(ascii: "{") else { throw error("object \(index) is not an object", index: index) }
                let offset = bytesConsumed
                let range = try scanValue(index: index)
                return ExportElement(bytes: Array(buffer[range]), index: index, offset: offset)
            case .end:
                while true {
                    skipWhitespace()
                    if position < buffer.count { throw error("unexpected characters after the end of the export") }
                    guard try fill() else { break }
                }
                state = .finished
                return nil
            }
        }
    }

    // MARK: Reading

    private func error(_ reason: String, index: Int? = nil, at offset: Int64? = nil) -> ExportReadError {
        ExportReadError(path: path, offset: offset ?? bytesConsumed, index: index, reason: reason)
    }

    /// Reads more of the file into the buffer, dropping what was consumed; `false` at the end of the file.
    private func fill() throws(ExportReadError) -> Bool {
        guard !isAtEndOfFile else { return false }
        if position > 0 {
            buffer.removeFirst(position)
            bufferStart += Int64(position)
            position = 0
        }
        let data: Data?
        do {
            data = try handle.read(upToCount: chunkSize)
        } catch {
            throw self.error("cannot be read: \(error.localizedDescription)")
        }
        guard let data, !data.isEmpty else {
            isAtEndOfFile = true
            return false
        }
        buffer.append(contentsOf: data)
        return true
    }

    private func skipWhitespace() {
        while position < buffer.count {
            switch buffer[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The next byte that is not white space (not consumed).
    private func nextSignificantByte(orEndAs reason: String) throws(ExportReadError) -> UInt8 {
        while true {
            skipWhitespace()
            if position < buffer.count { return buffer[position] }
            guard try fill() else { throw error(reason) }
        }
    }

    private func skipByteOrderMark() throws(ExportReadError) {
        while buffer.count - position < 3, try fill() {}
        let head = buffer[position...].prefix(3)
        if head.elementsEqual([0xEF, 0xBB, 0xBF]) {
            position += 3
        } else if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            throw error("is UTF-16; export files are UTF-8")
        }
    }

    /// A top-level key and its `:`.
    private func readKey() throws(ExportReadError) -> String {
        guard buffer[position] == UInt8(ascii: "\"") else { throw error("expected a key") }
        let range = try scanValue(index: nil)
        let key = (try? JSONValue(parsing: buffer[range]))?.stringValue ?? ""
        guard try nextSignificantByte(orEndAs: "unexpected end of input") == UInt8(ascii: ":") else { throw error("expected ':'") }
        position += 1
        return key
    }

    /// An element past ``maximumElementSize``.
    private func tooLarge(index: Int?) -> ExportReadError {
        let size = maximumElementSize >= 1 << 20 ? "\(maximumElementSize >> 20) MiB" : "\(maximumElementSize >> 10) KiB"
        return error("an object larger than \(size)", index: index)
    }

    /// Validates the value at `position`, reading more of the file as needed, and consumes it.
    ///
    /// - Returns: Its range in the buffer (valid until the next read).
    private func scanValue(index: Int?) throws(ExportReadError) -> Range<Int> {
        while true {
            let start = position
            let outcome = buffer.withUnsafeBufferPointer { JSONValueScanner.scan($0, from: start) }
            switch outcome {
            case .complete(let end):
                // Also when the element arrived whole in one read: the limit does not depend on the chunk size.
                guard end - start <= maximumElementSize else { throw tooLarge(index: index) }
                position = end
                return start..<end
            case .invalid(let offset, let reason):
                throw error(reason, index: index, at: bufferStart + Int64(offset))
            case .incomplete:
                guard buffer.count - start < maximumElementSize else { throw tooLarge(index: index) }
                guard try fill() else { throw error("unexpected end of input", index: index, at: bufferStart + Int64(buffer.count)) }
            }
        }
    }
}
