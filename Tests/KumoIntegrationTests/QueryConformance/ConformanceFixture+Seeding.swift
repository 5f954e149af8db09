import Hummingbird
import HummingbirdTesting
import KumoTestSupport
import NCMBWire

/// What seeding learnt: each handle's objectId, class and `createDate`, to fill placeholders and name results.
struct FixtureIndex: Sendable {
    /// A created object.
    struct Entry: Sendable {
        /// The objectId the server assigned.
        var objectId: String
        /// The object's class.
        var className: String
        /// The `createDate` string the server answered.
        var createDate: String
    }

    /// Entries by handle.
    private(set) var entries: [String: Entry] = [:]
    /// Handles by objectId.
    private var handles: [String: String] = [:]

    /// Records a created object.
    mutating func record(_ handle: String, _ entry: Entry) {
        entries[handle] = entry
        handles[entry.objectId] = handle
    }

    /// The handle of an objectId, or the objectId marked with `?` when no fixture object has it.
    func handle(ofObjectId objectId: String) -> String { handles[objectId] ?? "?\(objectId)" }

    /// The objectId of a handle (a handle that is not in the fixture is used as the objectId itself).
    func objectId(of handle: String) -> String { entries[handle]?.objectId ?? handle }

    /// `text` with `<handle>` replaced by the objectId and `<createDate:handle>` by the `createDate` string.
    ///
    /// Anything else between angle brackets is left as it is.
    func substitute(_ text: String) -> String {
        var result = ""
        var remainder = text[...]
        while let open = remainder.firstIndex(of: "<"), let close = remainder[open...].firstIndex(of: ">") {
            result += remainder[..<open]
            let token = String(remainder[remainder.index(after: open)..<close])
            result += replacement(for: token) ?? "<\(token)>"
            remainder = remainder[remainder.index(after: close)...]
        }
        return result + remainder
    }

    /// The value of one placeholder token, or `nil` when it names no fixture object.
    private func replacement(for token: String) -> String? {
        let createDatePrefix = "createDate:"
        if token.hasPrefix(createDatePrefix) {
            return entries[String(token.dropFirst(createDatePrefix.count))]?.createDate
        }
        return entries[token]?.objectId
    }
}

/// A failure while building the fixture; the suite cannot run without it.
struct FixtureSeedingError: Error, CustomStringConvertible {
    let description: String
}

extension ConformanceFixture {
    /// Creates every fixture object and runs the updates through the server, advancing the clock one second before
    /// each request so `createDate` and `updateDate` follow the lists.
    ///
    /// - Throws: ``FixtureSeedingError`` when the server refuses a write.
    static func seed(through requester: TestRequester, clock: TestClock) async throws -> FixtureIndex {
        var index = FixtureIndex()
        for object in objects {
            clock.advance(milliseconds: 1000)
            let response = try await requester.send(
                .post, "/2013-09-01/classes/\(object.className)", body: index.substitute(object.body))
            guard response.status.code == 201, let created = response.json?.objectValue,
                let objectId = created["objectId"]?.stringValue, let createDate = created["createDate"]?.stringValue
            else {
                throw FixtureSeedingError(description: "creating \(object.handle) answered \(response.status.code) \(response.text)")
            }
            index.record(object.handle, FixtureIndex.Entry(objectId: objectId, className: object.className, createDate: createDate))
        }
        for update in updates {
            clock.advance(milliseconds: 1000)
            guard let entry = index.entries[update.handle] else {
                throw FixtureSeedingError(description: "update of unknown handle \(update.handle)")
            }
            let response = try await requester.send(
                .put, "/2013-09-01/classes/\(entry.className)/\(entry.objectId)", body: index.substitute(update.body))
            guard response.status.code == 200 else {
                throw FixtureSeedingError(description: "updating \(update.handle) answered \(response.status.code) \(response.text)")
            }
        }
        return index
    }
}
