internal import NCMBWire

/// An object of a data store class: create, fetch, update and delete it.
///
/// ```swift
/// let score = NCMBObject(className: "GameScore")
/// score["points"] = 42
/// score["tags"] = ["daily", "hard"]
/// try await score.save()
/// ```
///
/// Fields accept `String`, `Bool`, integers, `Double`, `Date`, `nil`, arrays and `[String: Any]` dictionaries of those,
/// ``NCMBPointer``, ``NCMBGeoPoint``, ``NCMBRelation``, ``NCMBDateField``, the update operators
/// (``NCMBIncrementOperator``, ``NCMBAddOperator``, ``NCMBAddUniqueOperator``, ``NCMBRemoveOperator``,
/// ``NCMBAddRelationOperator``, ``NCMBRemoveRelationOperator``) and saved objects, which are stored as Pointers.
///
/// Every operation has three forms: `async throws` (the one to use in Swift concurrency), a blocking form returning
/// ``NCMBResult`` and an `…InBackground(callback:)` form, as in ncmb_swift.
///
/// An object uses the settings of ``NCMB/initialize(applicationKey:clientKey:domainURL:apiVersion:)`` in effect when it
/// was created. It is safe to use from several threads.
public class NCMBObject: NCMBBase, NCMBFetchable, NCMBSavable, NCMBDeletable, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// Creates an object of a class, with no fields yet.
    ///
    /// - Parameter className: The class name, `[A-Za-z][A-Za-z0-9_]{0,99}`. The class is created on the server when
    ///   its first object is saved.
    public convenience init(className: String) {
        self.init(className: className, collection: .classes, context: .resolved)
    }

    /// Saves the object to the server and returns the result.
    ///
    /// - Returns: `.success` once the server has stored the object, or `.failure` with the error.
    @available(*, deprecated, message: "Use `try await save()`.")
    public func saveInBackground_async() async -> NCMBResult<Void> {
        await NCMBResult.capturing { try await self.save() }
    }
}
