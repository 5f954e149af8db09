import Foundation

/// The few pieces of S3's XML answers Kumo reads (listings, upload ids, errors), found without a general XML parser:
/// S3's answers are flat documents of known elements, and FoundationXML (libxml2) would be the only system library
/// of a static `kumo` binary.
package enum S3XML {
    /// The text of every `<name>…</name>` element in `document`, in order, entities decoded.
    package static func values(_ name: String, in document: Substring) -> [String] {
        elements(name, in: document).map(decodeEntities)
    }

    /// The text of the first `<name>` element, if any.
    package static func value(_ name: String, in document: Substring) -> String? {
        values(name, in: document).first
    }

    /// The inner text of every `<name>…</name>` element as a document of its own (e.g. each `<Contents>` of a
    /// listing), so that the fields of one element are read together.
    package static func elements(_ name: String, in document: Substring) -> [Substring] {
        let open = "<\(name)>"
        let close = "</\(name)>"
        var elements: [Substring] = []
        var rest = document
        while let start = rest.range(of: open) {
            let afterOpen = rest[start.upperBound...]
            guard let end = afterOpen.range(of: close) else { break }
            elements.append(afterOpen[..<end.lowerBound])
            rest = afterOpen[end.upperBound...]
        }
        return elements
    }

    /// Decodes the five predefined entities and numeric character references.
    static func decodeEntities(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let tail = rest[ampersand...]
            guard let semicolon = tail.firstIndex(of: ";"), tail.distance(from: ampersand, to: semicolon) <= 10 else {
                result.append("&")
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            let entity = tail[tail.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result.append("&")
            case "lt": result.append("<")
            case "gt": result.append(">")
            case "quot": result.append("\"")
            case "apos": result.append("'")
            default:
                if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += tail[...semicolon]
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// `text` with `&`, `<` and `>` escaped, for the bodies Kumo sends.
    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
