import Foundation

/// Splits a `multipart/form-data` body into part headers, part bytes and part ends as its buffers arrive
/// (docs/decisions/0113-uploads-scanned-in-bulk.md).
///
/// The cost per buffer is a copy and a search: the delimiter `CR LF -- boundary` is found with `memchr` on its first byte
/// and `memcmp` on the rest, and the bytes before it are handed on as one block. No Swift code runs per byte of a part's
/// body, so an upload is not slower in a debug build than the copy itself, and an event loop that scans a buffer is
/// held for microseconds.
///
/// The grammar is RFC 2046's, strictly: the first `--boundary` (anything before it is a preamble), then per part `CR LF`,
/// header lines `name: value CR LF` (a name of visible ASCII without `:`; at most ``maximumHeaderBytes`` per part), an empty
/// line, the part's bytes up to the next `CR LF --boundary`; `--` after a boundary ends the body (anything after it is an
/// epilogue).
package struct MultipartScanner {
    /// What the scanner found in a buffer, in order.
    enum Event {
        /// A header line of the current part, its value without surrounding blanks.
        case header(name: String, value: String)
        /// Bytes of the current part.
        case body(UnsafeRawBufferPointer)
        /// The current part ended with a delimiter.
        case partEnd
    }

    /// Thrown for a body that breaks the grammar.
    struct Malformed: Error {}

    /// The most bytes of header lines one part may have.
    package static let maximumHeaderBytes = 16 * 1024

    private enum State {
        /// Before the first delimiter.
        case preamble
        /// Right after a delimiter: `CR LF` (a part follows) or `--` (the end).
        case afterDelimiter
        /// Inside a part's header lines, having read `bytes` of them.
        case headers(bytes: Int)
        /// Inside a part's bytes.
        case body
        /// After the closing delimiter: everything is ignored.
        case epilogue
    }

    /// `CR LF -- boundary`.
    private let delimiter: [UInt8]
    private var state = State.preamble
    /// Bytes received but not yet scanned: a possible start of a delimiter or an incomplete header line.
    private var pending: [UInt8] = []
    /// Whether a part has started: a body must have one (RFC 2046), so a close delimiter before any part is malformed.
    private var hasPart = false

    /// Whether the body so far ends right after a delimiter (or after the closing one): no part is left unfinished.
    var isBetweenParts: Bool {
        switch state {
        case .afterDelimiter, .epilogue: true
        case .preamble, .headers, .body: false
        }
    }

    /// A scanner for parts separated by `boundary`.
    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// Scans the next bytes of the body, handing what it finds to `handle` in order.
    ///
    /// - Throws: ``Malformed`` at the first byte that breaks the grammar.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, _ handle: (Event) -> Void) throws(Malformed) {
        if case .epilogue = state { return }
        guard !pending.isEmpty else {
            // The common case: the buffer is scanned where it is, and only an unfinished tail is kept.
            let consumed = try scanPending(bytes, handle)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[consumed...]))
            return
        }
        var input = pending
        pending = []
        input.append(contentsOf: bytes)
        var consumed = 0
        var failure: Malformed?
        input.withUnsafeBytes { bytes in
            do throws(Malformed) { consumed = try scanPending(bytes, handle) } catch { failure = error }
        }
        if let failure { throw failure }
        pending = Array(input[consumed...])
    }

    /// Scans `input` as far as it can and returns how many of its bytes were used.
    private mutating func scanPending(_ input: UnsafeRawBufferPointer, _ handle: (Event) -> Void) throws(Malformed) -> Int {
        var position = 0
        while position < input.count {
            switch state {
            case .preamble:
                // The first boundary may start the body without its CR LF.
                guard let found = find(delimiter.dropFirst(2), in: input, from: position) else {
                    return max(position, input.count - (delimiter.count - 1))
                }
                position = found + delimiter.count - 2
                state = .afterDelimiter
            case .afterDelimiter:
                guard input.count - position >= 2 else { return position }
                switch (input[position], input[position + 1]) {
                case (13, 10):
                    state = .headers(bytes: 0)
                    hasPart = true
                case (45, 45) where hasPart: state = .epilogue
                default: throw Malformed()
                }
                position += 2
                if case .epilogue = state { return input.count }
            case .headers(let bytes):
                guard let lineEnd = find([13, 10], in: input, from: position) else {
                    // An unfinished line is checked as far as it goes, so that a bad name is refused at once.
                    if bytes + input.count - position > Self.maximumHeaderBytes { throw Malformed() }
                    let partial = UnsafeRawBufferPointer(rebasing: input[position...])
                    let name = partial.prefix { $0 != UInt8(ascii: ":") && $0 != 13 }
                    guard Self.isHeaderName(name) else { throw Malformed() }
                    return position
                }
                let length = lineEnd - position
                guard bytes + length + 2 <= Self.maximumHeaderBytes else { throw Malformed() }
                if length == 0 {
                    state = .body
                } else {
                    handle(try Self.header(UnsafeRawBufferPointer(rebasing: input[position..<lineEnd])))
                    state = .headers(bytes: bytes + length + 2)
                }
                position = lineEnd + 2
            case .body:
                guard let found = find(delimiter[...], in: input, from: position) else {
                    // The last bytes may be the start of a delimiter: they wait for the next buffer.
                    let safe = max(position, input.count - (delimiter.count - 1))
                    if safe > position { handle(.body(UnsafeRawBufferPointer(rebasing: input[position..<safe]))) }
                    return safe
                }
                if found > position { handle(.body(UnsafeRawBufferPointer(rebasing: input[position..<found]))) }
                handle(.partEnd)
                position = found + delimiter.count
                state = .afterDelimiter
            case .epilogue:
                return input.count
            }
        }
        return position
    }

    /// The first position at or after `start` where `needle` occurs in `input`: `memchr` finds candidates for its first
    /// byte, `memcmp` checks the rest.
    private func find(_ needle: ArraySlice<UInt8>, in input: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = input.baseAddress, let first = needle.first, input.count - start >= needle.count else { return nil }
        let last = input.count - needle.count
        var position = start
        return needle.withUnsafeBytes { needleBytes in
            while position <= last {
                guard let hit = memchr(base + position, Int32(first), last - position + 1) else { return nil }
                let offset = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + offset, needleBytes.baseAddress!, needle.count) == 0 { return offset }
                position = offset + 1
            }
            return nil
        }
    }

    /// Whether `bytes` are visible ASCII (a header name, or its start).
    private static func isHeaderName(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// A header line: a name of visible ASCII but `:`, a colon, a value without surrounding blanks.
    private static func header(_ line: UnsafeRawBufferPointer) throws(Malformed) -> Event {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { throw Malformed() }
        let name = line[..<colon]
        guard isHeaderName(name) else { throw Malformed() }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
        while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
        return .header(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }
}
