import KumoSeams
import KumoStorage

extension ServerEnvironment {
    /// Inserts the object `makeObject` builds for a fresh objectId (it may depend on the id, e.g. a user's default ACL).
    ///
    /// A 16-character collision is astronomically rare; one retry with another id settles it. Any other duplicate
    /// (`userName`, `roleName`, `deviceToken`, …) is the caller's answer and is rethrown.
    func createWithFreshObjectId(_ makeObject: (_ objectId: String) throws -> NewObject) async throws -> StoredObject {
        var attempt = 0
        while true {
            do {
                return try await storage.objects.create(try makeObject(identifiers.objectId()))
            } catch StorageError.duplicate(let field) where field == "objectId" && attempt == 0 {
                attempt += 1
            }
        }
    }
}
