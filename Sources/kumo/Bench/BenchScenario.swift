import Foundation
import NCMBWire

/// The scenarios of `kumo bench`, in the order they run.
enum BenchScenario: String, CaseIterable, Sendable {
    /// `GET /health`: a trivial JSON route on the same server, no storage, no signature: the HTTP ceiling.
    case ceiling
    /// `POST /classes/BenchCreate` with three fields: one durable insert per request.
    case create
    /// `GET /classes/BenchItem/{objectId}` of a seeded item.
    case getById
    /// 20 of the seeded items: `where={"score":{"$gte":N}}&order=-createDate&limit=20`, no count.
    case query
    /// A sorted page with a narrow filter: `where={"score":{"$gte":990}}&order=score&limit=20` (1 % of the items
    /// match): the baseline of the sorted pages below (issue 32; docs/decisions/0141-sorted-pages-on-indexes.md).
    case sortedPageNarrow
    /// A sorted page with a wide filter: `where={"score":{"$gte":N}}&order=score&limit=20`, N from 0 to 500 (half to
    /// all of the items match); with `score` indexed the page walks the index and stops after 20 entries.
    case sortedPage
    /// `sortedPage` in descending order (`order=-score`): the index's descending companion.
    case sortedPageDescending
    /// `sortedPage` at page 50 (`skip=980`).
    case sortedPageDeep
    /// `sortedPageDescending` at page 50 (`skip=980`).
    case sortedPageDeepDescending
    /// A sorted page after an equality: `where={"category":"cK","score":{"$gte":N}}&order=score&limit=20` (a tenth of
    /// the items per category, half to all of them in range); with `category,score` indexed the page walks the index
    /// from the equality (docs/decisions/0168-sorted-pages-after-equalities.md).
    case sortedPageEquality
    /// An equality alone, ordered by another field: `where={"category":"cK"}&order=-score&limit=20`.
    case sortedPageEqualityDescending
    /// `sortedPageEqualityDescending` at page 50 (`skip=980`).
    case sortedPageEqualityDeep
    /// The paging query of a filtered list: `where={"score":N}&order=-createDate&limit=20&count=1`. Each score is held
    /// by one item in 1 000 (100 of 100 000); `score` has an index unless `--no-indexes`.
    case queryCount
    /// The same shape on a dotted path (`where={"stats.score":N}`, docs/decisions/0104-dotted-paths.md): an object
    /// field's key, indexed as `stats.score:number` unless `--no-indexes`.
    case queryCountPath
    /// The same shape on the unindexed real `ratio` (`where={"ratio":X}`, one item in 1 000 again): the cost of a
    /// filtered count without an index.
    case queryCountUnindexed
    /// A count over a wide range, as a list's total: `where={"score":{"$gte":N}}&count=1&limit=0`, N from 0 to 500 (half
    /// to all of the items); with `score` indexed the count reads the index (docs/decisions/0175-counts-by-legs.md).
    case queryCountWide
    /// `PUT /classes/BenchItem/{objectId}` with `{"counter":{"__op":"Increment","amount":1}}`.
    case update
    /// `create` while one realtime subscriber listens to another class: the change feed is on, so every write builds and
    /// publishes its change and the realtime module matches it (and delivers it nowhere). Its rate beside `create`'s is
    /// the feed's cost on writes (issue 32; docs/decisions/0091-change-feed.md).
    case createWatched
    /// `update` with the change feed on, as `createWatched`.
    case updateWatched
    /// The query of `query` with `include=owner`: one pointer expanded per result.
    case include
    /// `POST /login` with user name and password (bcrypt), once users exist.
    case login
    /// getById measured while other connections send wrong-password logins without pause: hashing must not slow other
    /// requests (issue 4). Compare its rate with `getById`'s.
    case loginStorm
    /// `GET /2015-09-01/script/bench.js`: a deployed script that answers `ok` as text, run by a warm Node.js worker
    /// (issue 14). Skipped, with the reason, when the server cannot run scripts (no Node.js).
    case script
    /// Idle realtime subscribers (`--realtime-subscribers`, 10 000 by default): the server's memory per subscriber
    /// (issue 19).
    case realtimeIdle
    /// One create at a time reaching every one of `--fanout-subscribers` subscribers (1 000 by default): the latency
    /// from sending the write to each subscriber's event; target p99 < 50 ms (issue 32).
    case realtimeFanout
    /// Creates of objects of 1,000, 10,000 and 100,000 fields, three each, one at a time, then an Increment of one field
    /// of the widest: the cost per field must stay flat (issue 28, item 1).
    case wideObjects
    /// Uploads (multipart) and downloads of 1, 16 and 100 MiB, one at a time, with `GET /health` sent beside the uploads:
    /// MiB/s and what a small request sees meanwhile (issue 28, item 9).
    case fileTransfer

    /// The scenario a `…Watched` one measures again with the change feed on.
    var unwatched: BenchScenario? {
        switch self {
        case .createWatched: .create
        case .updateWatched: .update
        default: nil
        }
    }

    /// Whether the scenario measures realtime subscriptions over WebSockets (``BenchSession/runRealtime(_:)``) instead of
    /// HTTP requests at each connection count.
    var isRealtime: Bool { self == .realtimeIdle || self == .realtimeFanout }

    /// Whether the scenario measures single large requests one at a time (``BenchSession/runOneShot(_:)``).
    var isOneShot: Bool { self == .wideObjects || self == .fileTransfer }

    /// Whether the scenario runs on its own rather than as a rate at each connection count.
    var runsOnItsOwn: Bool { isRealtime || isOneShot }

    /// How the scenario appears in the table.
    var label: String {
        switch self {
        case .ceiling: "ceiling: GET /health"
        case .create: "create"
        case .getById: "getById"
        case .query: "query 20 (where + order)"
        case .sortedPageNarrow: "sorted page: score >= 990 (1 %), order=score, limit 20"
        case .sortedPage: "sorted page: score >= N (wide), order=score, limit 20"
        case .sortedPageDescending: "sorted page: score >= N (wide), order=-score, limit 20"
        case .sortedPageDeep: "sorted page 50: score >= N (wide), order=score, skip 980"
        case .sortedPageDeepDescending: "sorted page 50: score >= N (wide), order=-score, skip 980"
        case .sortedPageEquality: "sorted page: category = cK, score >= N, order=score, limit 20"
        case .sortedPageEqualityDescending: "sorted page: category = cK, order=-score, limit 20"
        case .sortedPageEqualityDeep: "sorted page 50: category = cK, order=-score, skip 980"
        case .queryCount: "query 20 + count=1, where score = N (indexed)"
        case .queryCountPath: "query 20 + count=1, where stats.score = N (indexed path)"
        case .queryCountUnindexed: "query 20 + count=1, where ratio = X (no index)"
        case .queryCountWide: "count=1, limit=0, where score >= N (wide, indexed)"
        case .update: "update (Increment)"
        case .createWatched: "create, change feed on (a subscriber of another class)"
        case .updateWatched: "update, change feed on (a subscriber of another class)"
        case .include: "query 20 + include pointer"
        case .login: "login (bcrypt)"
        case .loginStorm: "getById during a wrong-password login storm"
        case .script: "script: GET, trivial Node.js script"
        case .realtimeIdle: "realtime: idle subscribers (connect → subscribed)"
        case .realtimeFanout: "realtime: fan-out of one create to every subscriber"
        case .wideObjects: "wide objects: create 1k, 10k, 100k fields"
        case .fileTransfer: "files: upload and download 1, 16, 100 MiB"
        }
    }

    /// The status of a correct answer.
    var expectedStatus: UInt {
        switch self {
        case .create, .createWatched: 201
        default: 200
        }
    }

    /// Parses `a,b,c`; every name must be a scenario (`ceiling` is always run, as every ratio needs it).
    static func parseList(_ text: String) -> [BenchScenario]? {
        var chosen: Set<BenchScenario> = [.ceiling]
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let scenario = BenchScenario(rawValue: name) else { return nil }
            chosen.insert(scenario)
        }
        return allCases.filter(chosen.contains)
    }

    /// The seeded-item thresholds the queries cycle through: about half of the items match on average.
    private static let scoreThresholds: [Int64] = [0, 100, 200, 300, 400, 500, 600, 700, 800, 900]

    /// The scores `queryCount` cycles through, each held by one seeded item in 1 000.
    private static let scoreValues: [Int64] = (0..<10).map { Int64($0 * 7) }

    /// The ratios `queryCountUnindexed` cycles through: seeded values (``BenchDataset`` gives item `i` the ratio
    /// `Double(i % 1000) / 1000 + 0.25`), each held by one item in 1 000.
    private static let ratioValues: [Double] = (0..<10).map { Double($0 * 7) / 1000 + 0.25 }

    /// The requests the scenario cycles through, printed by the shared router (login takes its users from `userNames`).
    func requests(dataset: BenchDataset, userNames: [String], password: String) -> [RequestData] {
        let items = ClassReference.custom(BenchDataset.itemClass)
        let objectIds = Array(dataset.itemObjectIds.shuffled().prefix(4096))
        switch self {
        case .ceiling:
            return [RequestData(method: .get, path: "/health")]
        case .create, .createWatched:
            let body: JSONObject = ["score": 42, "name": "created", "category": "c1"]
            return [APIRouter.print(.objects(.custom(BenchDataset.createClass), .create(body)))]
        case .getById, .loginStorm:
            return objectIds.map { APIRouter.print(.objects(items, .get(objectId: $0))) }
        case .update, .updateWatched:
            let body: JSONObject = ["counter": ["__op": "Increment", "amount": 1]]
            return objectIds.map { APIRouter.print(.objects(items, .update(objectId: $0, body))) }
        case .query, .include:
            return BenchScenario.scoreThresholds.map { threshold in
                let condition = WhereClause.field(BenchDataset.scoreField, [.greaterThanOrEqualTo(.integer(threshold))])
                return BenchScenario.page(where: condition, includesCount: false, include: self == .include)
            }
        case .sortedPageNarrow:
            return [BenchScenario.sortedPage(threshold: 990, isDescending: false, skip: 0)]
        case .sortedPage, .sortedPageDescending, .sortedPageDeep, .sortedPageDeepDescending:
            let isDescending = self == .sortedPageDescending || self == .sortedPageDeepDescending
            let skip = self == .sortedPageDeep || self == .sortedPageDeepDescending ? 980 : 0
            return BenchScenario.scoreThresholds.prefix(6).map { threshold in
                BenchScenario.sortedPage(threshold: threshold, isDescending: isDescending, skip: skip)
            }
        case .sortedPageEquality:
            return BenchScenario.scoreThresholds.prefix(6).enumerated().map { position, threshold in
                BenchScenario.sortedPage(category: "c\(position)", threshold: threshold, skip: 0)
            }
        case .sortedPageEqualityDescending, .sortedPageEqualityDeep:
            let skip = self == .sortedPageEqualityDeep ? 980 : 0
            return (0..<10).map { BenchScenario.sortedPage(category: "c\($0)", threshold: nil, skip: skip) }
        case .queryCount:
            return BenchScenario.scoreValues.map { score in
                BenchScenario.page(where: .field(BenchDataset.scoreField, [.equalTo(.integer(score))]), includesCount: true)
            }
        case .queryCountPath:
            return BenchScenario.scoreValues.map { score in
                BenchScenario.page(where: .field(BenchDataset.statsScorePath, [.equalTo(.integer(score))]), includesCount: true)
            }
        case .queryCountUnindexed:
            return BenchScenario.ratioValues.map { ratio in
                BenchScenario.page(where: .field(BenchDataset.ratioField, [.equalTo(.double(ratio))]), includesCount: true)
            }
        case .queryCountWide:
            return BenchScenario.scoreThresholds.prefix(6).map { threshold in
                let condition = WhereClause.field(BenchDataset.scoreField, [.greaterThanOrEqualTo(.integer(threshold))])
                let parameters = QueryParameters(whereQuery: WhereQuery([condition]), limit: 0, includesCount: true)
                return APIRouter.print(.objects(items, .find(parameters)))
            }
        case .script:
            return [APIRouter.print(.script(ScriptRoute(name: BenchDataset.scriptName, method: .get)))]
        case .realtimeIdle, .realtimeFanout, .wideObjects, .fileTransfer:
            return []
        case .login:
            return userNames.map { name in
                APIRouter.print(.login(.body(BenchSession.credentials(userName: name, password: password))))
            }
        }
    }

    /// A page of 20 items, newest first, matching `condition`; with `count=1` and `include=owner` when asked.
    private static func page(where condition: WhereClause, includesCount: Bool, include: Bool = false) -> RequestData {
        let parameters = QueryParameters(
            whereQuery: WhereQuery([condition]), order: [SortKey(field: .createDate, isDescending: true)], limit: 20,
            includesCount: includesCount, include: include ? [[BenchDataset.ownerField]] : [])
        return APIRouter.print(.objects(.custom(BenchDataset.itemClass), .find(parameters)))
    }

    /// A page of 20 items with `score >= threshold`, ordered by `score`, after `skip` items.
    private static func sortedPage(threshold: Int64, isDescending: Bool, skip: Int) -> RequestData {
        let parameters = QueryParameters(
            whereQuery: WhereQuery([.field(BenchDataset.scoreField, [.greaterThanOrEqualTo(.integer(threshold))])]),
            order: [SortKey(field: BenchDataset.scoreField, isDescending: isDescending)], limit: 20, skip: skip > 0 ? skip : nil)
        return APIRouter.print(.objects(.custom(BenchDataset.itemClass), .find(parameters)))
    }

    /// A page of 20 items of `category`, ordered by `score` (ascending with a `threshold`, else descending), after
    /// `skip` items.
    private static func sortedPage(category: String, threshold: Int64?, skip: Int) -> RequestData {
        var clauses: [WhereClause] = [.field(BenchDataset.categoryField, [.equalTo(.string(category))])]
        if let threshold { clauses.append(.field(BenchDataset.scoreField, [.greaterThanOrEqualTo(.integer(threshold))])) }
        let parameters = QueryParameters(
            whereQuery: WhereQuery(clauses), order: [SortKey(field: BenchDataset.scoreField, isDescending: threshold == nil)],
            limit: 20, skip: skip > 0 ? skip : nil)
        return APIRouter.print(.objects(.custom(BenchDataset.itemClass), .find(parameters)))
    }

    /// The background load of `loginStorm`: logins of the bench users with a wrong password (answered 401 E401002).
    static func wrongPasswordLogins(userNames: [String]) -> [RequestData] {
        userNames.map { name in
            APIRouter.print(.login(.body(BenchSession.credentials(userName: name, password: "not-the-password"))))
        }
    }
}
