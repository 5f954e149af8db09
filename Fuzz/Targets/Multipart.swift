// Fuzz target `multipart`: the multipart/form-data upload parser (`MultipartUploadReader`,
// Sources/KumoServer/Files/MultipartUploadReader.swift and MultipartScanner.swift, compiled into this target from their
// source), with `MultipartForm` (SDK/Sources/NCMBWire/Routing), the body the SDK sends.
//
// Two input forms:
// - `E` + `fileName` NUL `mimeType` NUL `acl JSON` NUL `file bytes`: the SDK's encoding round trip. The body
//   `MultipartForm` writes must read back as the same file bytes, MIME type and ACL, whole and fed in small pieces
//   (skipped when the data holds the boundary delimiter or the MIME type is not a plain header value).
// - anything else: the first line is the request's `Content-Type`, the rest the body. The reader's result (file bytes,
//   ACL text, MIME type, or its error) must not depend on how the body is cut into buffers: the body is read whole and
//   cut into pieces of 1 to 7 bytes.

import Glibc
import KumoSeams
import NCMBWire
import NIOCore

/// `FUZZ_SKIP_KNOWN_CRASHES=1` skips the inputs of known, unfixed findings (Fuzz/README.md#findings) so that a campaign
/// can look past them.
private let skipsKnownCrashes = getenv("FUZZ_SKIP_KNOWN_CRASHES") != nil

/// Finding 1 (Fuzz/Crashes/multipart, Fuzz/README.md#findings, fixed): MultipartKit 4.7.1's `MultipartParser`, which Kumo
/// used then, trapped (index out of range in `isAllowedHeaderFieldNameCharacter`, a 128-entry table) on a part header
/// name byte of 0x80 or more.
/// Whether `body` may hold such a name: follows the parser's header states after every `--<boundary>` CR LF (a name
/// runs to `:`, a value to CR LF, an empty name ends the headers), erring on the side of yes.
private func mayHaveNonASCIIHeaderName(_ body: [UInt8], boundary: String) -> Bool {
    let delimiter = Array(("--" + boundary).utf8)
    let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
    guard body.count >= delimiter.count else { return false }
    for start in 0...(body.count - delimiter.count) where body[start..<(start + delimiter.count)].elementsEqual(delimiter) {
        var position = start + delimiter.count
        guard position + 1 < body.count, body[position] == cr, body[position + 1] == lf else { continue }
        position += 2
        var isName = true
        var nameLength = 0
        scan: while position < body.count {
            let byte = body[position]
            position += 1
            if isName {
                if byte == UInt8(ascii: ":"), nameLength > 0 {
                    isName = false
                } else if byte == cr, nameLength == 0 {
                    break scan
                } else if byte >= 0x80 {
                    return true
                } else {
                    nameLength += 1
                }
            } else if byte == cr {
                guard position < body.count, body[position] == lf else { break scan }
                position += 1
                isName = true
                nameLength = 0
            }
        }
    }
    return false
}

private struct Outcome: Equatable {
    var file: [UInt8] = []
    var acl: [UInt8]?
    var contentType: String?
    var error: String?
}

/// Reads `body` fed in pieces of `pieceSize` bytes (the whole body when `nil`).
private func read(_ body: [UInt8], boundary: String, pieceSize: Int?) -> Outcome {
    let reader = MultipartUploadReader(boundary: boundary)
    var outcome = Outcome()
    do throws(KumoError) {
        var start = 0
        repeat {
            let end = pieceSize.map { min(start + $0, body.count) } ?? body.count
            try reader.consume(ByteBuffer(bytes: body[start..<end]))
            outcome.file += reader.takeFileBytes()
            start = end
        } while start < body.count
        try reader.finish()
    } catch {
        outcome.error = error.description
        outcome.file = []
        return outcome
    }
    outcome.acl = reader.aclText
    outcome.contentType = reader.fileContentType
    return outcome
}

private func roundTrip(_ bytes: ArraySlice<UInt8>) {
    let pieces = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
    guard pieces.count == 4 else { return }
    let fileName = String(decoding: pieces[0], as: UTF8.self)
    let mimeType = String(decoding: pieces[1], as: UTF8.self)
    let data = Array(pieces[3])
    // A header value the parser keeps as is: printable ASCII, not starting or ending with a space.
    guard !mimeType.isEmpty, mimeType.utf8.allSatisfy({ (0x21...0x7E).contains($0) || $0 == 0x20 }),
        mimeType.first != " ", mimeType.last != " "
    else { return }
    var acl: JSONObject?
    if !pieces[2].isEmpty {
        guard let object = (try? JSONValue(parsing: pieces[2]))?.objectValue else { return }
        acl = object
    }
    let form = MultipartForm(fileName: fileName, mimeType: mimeType, data: data, acl: acl)
    // The boundary must not occur in the data (nor in the ACL JSON): a client picks one that does not.
    let delimiter = Array(("\r\n--" + form.boundary).utf8)
    let aclBytes = acl.map { JSONValue.object($0).serializedBytes() } ?? []
    for haystack in [data, aclBytes] where haystack.count >= delimiter.count {
        for index in 0...(haystack.count - delimiter.count) where haystack[index..<(index + delimiter.count)].elementsEqual(delimiter) {
            return
        }
    }
    let body = form.encodedBytes()
    guard MultipartUploadReader.boundary(contentType: form.contentType) == form.boundary else {
        fuzzFailure("the boundary of \(form.contentType) is not read back")
    }
    let expected = Outcome(file: data, acl: acl == nil ? nil : aclBytes, contentType: mimeType, error: nil)
    for pieceSize in [nil, 1, 5] {
        let outcome = read(body, boundary: form.boundary, pieceSize: pieceSize)
        guard outcome == expected else {
            fuzzFailure("MultipartForm body read back as \(outcome), expected \(expected) (pieces of \(String(describing: pieceSize)))")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    if bytes.first == UInt8(ascii: "E") {
        roundTrip(bytes.dropFirst())
        return 0
    }
    let lineEnd = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let contentType = String(decoding: bytes[..<lineEnd], as: UTF8.self)
    guard let boundary = MultipartUploadReader.boundary(contentType: contentType) else { return 0 }
    let body = lineEnd < bytes.endIndex ? Array(bytes[(lineEnd + 1)...]) : []
    if skipsKnownCrashes, mayHaveNonASCIIHeaderName(body, boundary: boundary) { return 0 }
    let whole = read(body, boundary: boundary, pieceSize: nil)
    let pieceSize = 1 + body.count % 7
    let cut = read(body, boundary: boundary, pieceSize: pieceSize)
    guard whole == cut else {
        fuzzFailure("the body read whole gives \(whole), cut into pieces of \(pieceSize) bytes \(cut)")
    }
    return 0
}
