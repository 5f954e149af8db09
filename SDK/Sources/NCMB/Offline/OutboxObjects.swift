import Foundation

/// The live objects saved eventually, by local identity, so that a create landing later fills in its object's
/// `objectId` and `createDate`. Objects are held weakly.
final class OutboxObjects: Sendable {
    /// The registry of the process.
    static let shared = OutboxObjects()

    private let table = Locked<[ObjectIdentifier: Registration]>([:])

    /// The local identity of `object`, given on its first eventual write.
    func localId(of object: NCMBBase) -> UUID {
        table.withLock { table in
            table = table.filter { $0.value.object != nil }
            if let registration = table[ObjectIdentifier(object)], registration.object === object { return registration.localId }
            let localId = UUID()
            table[ObjectIdentifier(object)] = Registration(object: object, localId: localId)
            return localId
        }
    }

    /// The live object of a local identity, if it still exists.
    func object(_ localId: UUID) -> NCMBBase? {
        table.withLock { table in table.values.first { $0.localId == localId }?.object }
    }
}

/// One registered object.
private struct Registration: @unchecked Sendable {
    // @unchecked: the weak reference is to a Sendable object and only read under the registry's lock.
    weak var object: NCMBBase?
    let localId: UUID
}
