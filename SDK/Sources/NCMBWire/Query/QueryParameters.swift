/// The query parameters of a collection `GET` (docs/wire/endpoints/queries.md): where, order, limit, skip, count,
/// include, keys.
package struct QueryParameters: Sendable, Hashable {
    /// The condition; `.all` when absent.
    package var whereQuery: WhereQuery
    /// Sort keys as sent; empty means the default order (docs/decisions/0002-default-order.md), or distance order for
    /// `$nearSphere`.
    package var order: [SortKey]
    /// `limit`, 0…1000; `nil` when absent (the default is 100, docs/decisions/0001-query-limit.md).
    package var limit: Int?
    /// `skip` ≥ 0; `nil` when absent.
    package var skip: Int?
    /// Whether `count=1` was sent.
    package var includesCount: Bool
    /// Pointer paths to expand, each a list of field names (`post.author` → `[post, author]`).
    package var include: [[FieldName]]
    /// The `keys` projection extension (docs/decisions/0011-extensions.md); `nil` returns every field.
    package var keys: [FieldName]?

    /// The default page size (docs/decisions/0001-query-limit.md).
    package static let defaultLimit = 100
    /// The largest accepted `limit` (docs/decisions/0001-query-limit.md).
    package static let maximumLimit = 1000
    /// The most fields an `order` may name (docs/wire/limits.md, docs/decisions/0065-query-size-limits.md): 16.
    package static let maximumOrderFieldCount = 16
    /// The most paths an `include` may name: 16.
    package static let maximumIncludePathCount = 16
    /// The most segments of one `include` path (`a.b.c.d`): 4.
    package static let maximumIncludeDepth = 4
    /// The most fields `keys` may name: 256.
    package static let maximumKeyCount = 256

    /// Creates parameters; every argument has the default a request without that parameter gets.
    package init(
        whereQuery: WhereQuery = .all, order: [SortKey] = [], limit: Int? = nil, skip: Int? = nil, includesCount: Bool = false,
        include: [[FieldName]] = [], keys: [FieldName]? = nil
    ) {
        self.whereQuery = whereQuery
        self.order = order
        self.limit = limit
        self.skip = skip
        self.includesCount = includesCount
        self.include = include
        self.keys = keys
    }

    /// The limit to apply: the sent one or the default.
    package var effectiveLimit: Int { limit ?? QueryParameters.defaultLimit }

    /// The skip to apply: the sent one or 0.
    package var effectiveSkip: Int { skip ?? 0 }
}
