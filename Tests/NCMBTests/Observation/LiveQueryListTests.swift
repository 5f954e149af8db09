import NCMB
import Testing

/// How the results of a live query follow the changes of its subscription.
@Suite struct LiveQueryListTests {
    /// An element: its objectId and a version.
    struct Item: Sendable, Equatable {
        let objectId: String
        var version = 1
    }

    func list(_ ids: [String], insertsFirst: Bool = true, limit: Int = 100) -> LiveQueryList<Item> {
        var list = LiveQueryList<Item>(objectId: { $0.objectId }, insertsFirst: insertsFirst, limit: limit)
        list.elements = ids.map { Item(objectId: $0) }
        return list
    }

    // MARK: Tests

    @Test func aNewObjectGoesFirstWithinTheLimit() {
        var list = list(["b", "c"], limit: 2)

        #expect(list.apply(.insert(Item(objectId: "a"))) == false)

        #expect(list.elements.map(\.objectId) == ["a", "b"])
    }

    @Test func anUpdateReplacesTheObjectWhereItIs() {
        var list = list(["a", "b", "c"])

        #expect(list.apply(.replace(Item(objectId: "b", version: 2))) == false)

        #expect(list.elements == [Item(objectId: "a"), Item(objectId: "b", version: 2), Item(objectId: "c")])
    }

    @Test func anInsertOfAnObjectAlreadyThereReplacesIt() {
        var list = list(["a", "b"])

        _ = list.apply(.insert(Item(objectId: "b", version: 3)))

        #expect(list.elements == [Item(objectId: "a"), Item(objectId: "b", version: 3)])
    }

    @Test func anUpdateOfAnObjectNotThereInsertsIt() {
        var list = list(["a"])

        _ = list.apply(.replace(Item(objectId: "z")))

        #expect(list.elements.map(\.objectId) == ["z", "a"])
    }

    @Test func aDeleteRemovesTheObject() {
        var list = list(["a", "b"])

        #expect(list.apply(.remove(objectId: "a")) == false)
        _ = list.apply(.remove(objectId: "missing"))

        #expect(list.elements.map(\.objectId) == ["b"])
    }

    @Test func anOrderedQueryRunsAgainToPlaceANewObject() {
        var list = list(["a"], insertsFirst: false)

        #expect(list.apply(.insert(Item(objectId: "b"))) == true)
        #expect(list.elements.map(\.objectId) == ["a"])
    }

    @Test func aReconnectionRunsTheQueryAgainAndADisconnectionChangesNothing() {
        var list = list(["a"])

        #expect(list.apply(.resynchronize) == true)
        #expect(list.apply(.disconnected) == false)
        #expect(list.elements.map(\.objectId) == ["a"])
    }
}
