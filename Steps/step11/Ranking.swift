import CourseCore
import GRDB

/// A body's place among the bodies of its type, by mean radius.
struct RankedBody: Decodable, Equatable, FetchableRecord {
    var englishName: String
    var bodyType: String
    var meanRadius: Double?
    var rank: Int

    static let tableHeaders = ["rank", "englishName", "bodyType", "meanRadius (km)"]
    var tableRow: [String?] { ["\(rank)", englishName, bodyType, meanRadius.map { "\($0)" }] }
}

// [docs:rank]
/// Every body ranked by mean radius within its type, largest first, in one
/// query: `RANK() OVER (PARTITION BY body_type ORDER BY mean_radius DESC)`.
///
/// A window function computes a value from the rows around each row (its
/// *window*: here the rows of the same type, in radius order) without
/// merging them as GROUP BY would. RANK gives equal radii the same rank and
/// skips the next ones (1, 1, 3); a missing radius (NULL) sorts last.
/// `type`: only that type's bodies (any case), or all.
func rankBodies(_ db: Database, type: String?) throws -> [RankedBody] {
    try RankedBody.fetchAll(
        db,
        sql: """
            SELECT english_name AS englishName, body_type AS bodyType, mean_radius AS meanRadius,
                   RANK() OVER (PARTITION BY body_type ORDER BY mean_radius DESC) AS rank
            FROM body
            WHERE ?1 IS NULL OR body_type = ?1 COLLATE NOCASE
            ORDER BY body_type, rank, english_name
            """, arguments: [type])
}
// [/docs:rank]

// [docs:rank-in-swift]
/// The same answer the naive way: fetch the rows, group and sort them in
/// Swift, give equal radii the same rank. (`SELECT … FROM body`, then work.)
func rankBodiesInSwift(_ db: Database, type: String?) throws -> [RankedBody] {
    let rows = try Row.fetchAll(db, sql: "SELECT english_name, body_type, mean_radius FROM body")
    let bodies = rows.map { row in
        RankedBody(
            englishName: row["english_name"], bodyType: row["body_type"], meanRadius: row["mean_radius"], rank: 0)
    }
    var ranked: [RankedBody] = []
    let types = Dictionary(grouping: bodies, by: \.bodyType)
    for (bodyType, members) in types where type == nil || bodyType.lowercased() == type?.lowercased() {
        // Largest first, NULL last (as SQLite sorts NULL in DESC order).
        let sorted = members.sorted { ($0.meanRadius ?? -.infinity) > ($1.meanRadius ?? -.infinity) }
        for (index, body) in sorted.enumerated() {
            var body = body
            let tied = index > 0 && sorted[index - 1].meanRadius == body.meanRadius
            body.rank = tied ? ranked[ranked.count - 1].rank : index + 1
            ranked.append(body)
        }
    }
    return ranked.sorted { ($0.bodyType, $0.rank, $0.englishName) < ($1.bodyType, $1.rank, $1.englishName) }
}
// [/docs:rank-in-swift]

/// The body types present, for the message that refuses an unknown one.
func bodyTypes(_ db: Database) throws -> [String] {
    // SELECT DISTINCT body_type FROM body ORDER BY body_type
    try BodyDocument.select(BodyColumns.bodyType, as: String.self).distinct().order(BodyColumns.bodyType).fetchAll(db)
}

/// A year and what was discovered up to it.
struct TimelineRow: Decodable, Equatable, FetchableRecord {
    var period: Int
    var discovered: Int
    var runningTotal: Int

    static let tableHeaders = ["from", "discovered", "running total"]
    var tableRow: [String?] { ["\(period)", "\(discovered)", "\(runningTotal)"] }
}

// [docs:timeline]
/// Discoveries per period of `years`, every period from the first discovery
/// to the last, those with none included, with a running total.
///
/// - `periods` is a recursive CTE that generates the series: it starts at
///   the first period and adds `years` until it passes the last discovery.
///   (SQLite 3.40 has no `generate_series` unless built with it.)
/// - `LEFT JOIN` keeps the periods no body matches (count 0).
/// - `SUM(…) OVER (ORDER BY period)`: a running total, each row adding its
///   own count to the rows before it.
func discoveryTimeline(_ db: Database, years: Int) throws -> [TimelineRow] {
    try TimelineRow.fetchAll(
        db,
        sql: """
            WITH RECURSIVE
              bounds(first, last) AS (
                SELECT min(discovery_year) / ?1 * ?1, max(discovery_year) FROM body),
              periods(period) AS (
                SELECT first FROM bounds WHERE first IS NOT NULL
                UNION ALL
                SELECT period + ?1 FROM periods, bounds WHERE period + ?1 <= last)
            SELECT period, count(body.id) AS discovered,
                   SUM(count(body.id)) OVER (ORDER BY period) AS runningTotal
            FROM periods LEFT JOIN body ON body.discovery_year / ?1 * ?1 = period
            GROUP BY period ORDER BY period
            """, arguments: [years])
}
// [/docs:timeline]

/// A discovery and the years since the one before it.
struct DiscoveryGap: Decodable, Equatable, FetchableRecord {
    var englishName: String
    var discoveryYear: Int
    var yearsSincePrevious: Int?
}

// [docs:gaps]
/// Each discovery with the years since the previous one: `LAG(x)` is `x` on
/// the row before in the window's order (NULL for the first row).
func discoveryGaps(_ db: Database) throws -> [DiscoveryGap] {
    try DiscoveryGap.fetchAll(
        db,
        sql: """
            SELECT english_name AS englishName, discovery_year AS discoveryYear,
                   discovery_year - LAG(discovery_year) OVER (ORDER BY discovery_year, english_name)
                     AS yearsSincePrevious
            FROM body WHERE discovery_year IS NOT NULL
            ORDER BY discovery_year, english_name
            """)
}
// [/docs:gaps]
