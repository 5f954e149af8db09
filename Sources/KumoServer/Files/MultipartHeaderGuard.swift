/// Keeps bytes that would crash MultipartKit 4.7.1 away from its parser (found by the multipart fuzz target of issue 16,
/// `Fuzz/Crashes/multipart`): its header-name check indexes a 128-entry table with the byte itself, so a byte of 0x80
/// or more in a part's header name traps ("Index out of range") and would stop the server on one upload.
///
/// The guard follows the parser's own states over the same bytes, chunk by chunk (preamble, the delimiter, header
/// names and values, body, the next delimiter, epilogue) and refuses a body as soon as a header name holds a byte of
/// 0x80 or more; the upload then answers 400 E400004 `file is invalid format.` as for any malformed body. Every other
/// byte goes on to the parser, which keeps deciding what is valid. Remove it once MultipartKit checks the byte.
struct MultipartHeaderGuard {
    private enum State {
        case preamble(match: Int)
        case beforeHeaders(expectingLineFeed: Bool)
        case headerName(isEmpty: Bool)
        case headerValue
        case afterHeaderValue
        case afterHeaders
        case body
        case delimiter(match: Int)
        case epilogue
        /// The parser has thrown or will throw on these bytes: nothing more to watch.
        case done
    }

    private let delimiter: [UInt8]
    private var state = State.preamble(match: 0)

    /// A guard for parts separated by `boundary`.
    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// Follows `bytes`; `false` when a header name holds a byte the parser cannot take.
    mutating func admits(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes {
            switch state {
            case .preamble(let match):
                state = preamble(after: match, byte)
            case .beforeHeaders(let expectingLineFeed):
                // The parser takes CR LF here (a second CR LF after the first is an error it reports itself).
                if !expectingLineFeed && byte == 13 {
                    state = .beforeHeaders(expectingLineFeed: true)
                } else if expectingLineFeed && byte == 10 {
                    state = .headerName(isEmpty: true)
                } else {
                    state = .done
                }
            case .headerName(let isEmpty):
                if byte >= 0x80 { return false }
                if byte == 58 && !isEmpty {
                    state = .headerValue
                } else if byte == 13 && isEmpty {
                    state = .afterHeaders
                } else {
                    state = .headerName(isEmpty: false)
                }
            case .headerValue:
                if byte == 13 { state = .afterHeaderValue }
            case .afterHeaderValue:
                state = byte == 10 ? .headerName(isEmpty: true) : .done
            case .afterHeaders:
                state = byte == 10 ? .body : .done
            case .body:
                if byte == delimiter[0] { state = .delimiter(match: 1) }
            case .delimiter(let match):
                state = self.delimiter(after: match, byte)
            case .epilogue, .done:
                return true
            }
        }
        return true
    }

    private func preamble(after match: Int, _ byte: UInt8) -> State {
        var match = match
        if match == 0 && byte == delimiter[2] {
            match = 3
        } else if byte == delimiter[match] {
            match += 1
        } else if match > 0 && byte == delimiter[0] {
            match = 1
        } else {
            match = 0
        }
        return match >= delimiter.count ? .beforeHeaders(expectingLineFeed: false) : .preamble(match: match)
    }

    private func delimiter(after match: Int, _ byte: UInt8) -> State {
        guard match < delimiter.count else {
            switch byte {
            case 13: return .beforeHeaders(expectingLineFeed: true)
            case 45: return .epilogue
            default: return .done
            }
        }
        if byte == delimiter[match] { return .delimiter(match: match + 1) }
        return byte == delimiter[0] ? .delimiter(match: 1) : .body
    }
}
