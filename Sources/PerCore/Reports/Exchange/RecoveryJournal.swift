import Foundation

/// A recovery file: every write a session could not make, in the order it was asked, so `per import` can make each
/// exactly once. `{"per-recovery": 1, "id": "…", "database": "…", "changes": [{"change": "field", "at": 1764000000000,
/// …}, …]}`, one change a line; prices and quantities as decimal text, as in an export. The id is recorded in the
/// database when the changes are made, so importing the same file again changes nothing. `database` names the
/// database the changes belong to (`ComparisonDatabase.identity`), `at` each change's time (milliseconds since 1970):
/// a change older than what the database holds is not made. Files of an older per have neither (both optional; an
/// older per reading a newer file ignores them, so the version stays 1).
public struct RecoveryJournal: Equatable, Sendable {
    /// The version of the format this per writes and reads.
    public static let version = 1
    /// The largest recovery file per reads (a session's queue is small; a comparison saved whole is its largest part).
    public static let maxFileBytes = 64 << 20

    /// One change and when it was made.
    public struct Entry: Equatable, Sendable {
        public var change: PendingWrite
        /// Milliseconds since 1970 by the clock of the session that made the change; nil: not known (an older file).
        public var at: Int64?
        /// The change's own id (`<session>-<n>`), recorded in the database with the change (`applied_change`), so that a
        /// replay never makes it twice; nil in files of per 0.2.0.
        public var id: String?

        public init(_ change: PendingWrite, at: Int64?, id: String? = nil) {
            self.change = change
            self.at = at
            self.id = id
        }
    }

    public var id: String
    /// The id of the database the changes were made for (`ComparisonDatabase.identity`); nil: not known.
    public var database: String?
    public var entries: [Entry]

    /// The changes, in order (their times not known when set).
    public var changes: [PendingWrite] {
        get { entries.map(\.change) }
        set { entries = newValue.map { Entry($0, at: nil) } }
    }

    /// Changes whose times are not known, for no database in particular (as files of an older per).
    public init(id: String = EntityID.random().rawValue, changes: [PendingWrite]) {
        self.init(id: id, database: nil, entries: changes.map { Entry($0, at: nil) })
    }

    /// Changes with their times (`times[i]` is `changes[i]`'s, milliseconds since 1970; the two have one count).
    public init(id: String = EntityID.random().rawValue, database: String?, changes: [PendingWrite], times: [Int64]) {
        precondition(changes.count == times.count, "one time per change")
        self.init(id: id, database: database, entries: zip(changes, times).map { Entry($0, at: $1) })
    }

    public init(id: String = EntityID.random().rawValue, database: String?, entries: [Entry]) {
        self.id = id
        self.database = database
        self.entries = entries
    }

    /// Whether a file's first bytes are a recovery file's: `{"per-recovery"` after a byte-order mark and blank space.
    /// Needs at most `markerLookahead` bytes (fewer at the end of the file).
    public static func isJournal(_ head: [UInt8]) -> Bool {
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return rest.starts(with: Array(#"{"per-recovery""#.utf8))
    }

    /// Enough bytes for `isJournal` unless a file starts with a great deal of blank space.
    public static let markerLookahead = 4096

    // MARK: What it holds, in words

    /// The kinds of change, in the order a summary names them.
    public enum Kind: CaseIterable, Sendable {
        case field, productBroughtBack, productDeleted, productsCleared, header, pin, comparisonSavedWhole
        case newComparison, rename, deletion, comparisonBroughtBack, newItem, count, tick, ticksCleared, aisleMove
        case historyEntry

        func words(_ n: Int) -> String {
            let (one, many): (String, String) = switch self {
            case .field: ("field", "fields")
            case .productBroughtBack: ("product brought back", "products brought back")
            case .productDeleted: ("product deleted", "products deleted")
            case .productsCleared: ("comparison cleared", "comparisons cleared")
            case .header: ("title or unit", "titles or units")
            case .pin: ("pin", "pins")
            case .comparisonSavedWhole: ("comparison saved whole", "comparisons saved whole")
            case .newComparison: ("new comparison", "new comparisons")
            case .rename: ("rename", "renames")
            case .deletion: ("deletion", "deletions")
            case .comparisonBroughtBack: ("comparison brought back", "comparisons brought back")
            case .newItem: ("new item", "new items")
            case .count: ("count", "counts")
            case .tick: ("tick", "ticks")
            case .ticksCleared: ("clearing of ticks", "clearings of ticks")
            case .aisleMove: ("aisle move", "aisle moves")
            case .historyEntry: ("price history change", "price history changes")
            }
            return "\(n) \(n == 1 ? one : many)"
        }
    }

    /// What a change is, for people; nil for one that saves nothing the user made (a blank page let go).
    public static func kind(of change: PendingWrite) -> Kind? {
        switch change {
        case .edit(let edit, _, _): kind(of: edit)
        case .restore: .comparisonSavedWhole
        case .other(let effect): kind(of: effect)
        }
    }

    private static func kind(of edit: ComparisonEdit) -> Kind {
        switch edit {
        case .saveField: .field
        case .restoreProduct: .productBroughtBack
        case .deleteProduct, .withdrawProduct: .productDeleted
        case .deleteAllProducts: .productsCleared
        case .saveHeader: .header
        case .pinProduct: .pin
        }
    }

    private static func kind(of effect: DatabaseEffect) -> Kind? {
        switch effect {
        case .edit(let edit, _): kind(of: edit)
        case .restoreComparison: .comparisonSavedWhole
        case .createComparison: .newComparison
        case .addListItem: .newItem
        case .changeListCount: .count
        case .setTicked: .tick
        case .clearTicks: .ticksCleared
        case .moveInAisle: .aisleMove
        case .renameComparison: .rename
        case .deleteComparison: .deletion
        case .restoreDeletedComparison: .comparisonBroughtBack
        case .changeHistoryEntry: .historyEntry
        case .discardIfBlank, .loadShoppingList, .loadHistory, .openComparison, .openNew: nil
        }
    }

    /// The changes the user made (`kind(of:)` not nil).
    public var userChanges: Int { changes.count(where: { Self.kind(of: $0) != nil }) }

    /// `2 fields, 1 tick, 1 count, 1 new item`.
    public var summary: String {
        var counts: [Kind: Int] = [:]
        for change in changes { if let kind = Self.kind(of: change) { counts[kind, default: 0] += 1 } }
        return Kind.allCases.compactMap { kind in counts[kind].map { kind.words($0) } }.joined(separator: ", ")
    }
}

// MARK: - Writing

extension RecoveryJournal {
    /// The file's text.
    public func encoded() -> String {
        Self.file(id: id, database: database, lines: entries.compactMap(Self.line))
    }

    /// One change as the file holds it, its time and id included (nil for a read, which is never queued): a copy for
    /// the road keeps each change it makes so (`copy_change`), and `file` makes the lines a recovery file again.
    public static func line(_ entry: Entry) -> String? {
        guard var members = encode(entry.change) else { return nil }
        if let at = entry.at { members["at"] = String(at) }
        if let id = entry.id { members["changeId"] = string(id) }
        return object(members)
    }

    /// A recovery file's text holding `lines` (each a `line`), in order.
    public static func file(id: String, database: String?, lines: [String]) -> String {
        let database = database.map { ", \"database\": \(JSONExchange.string($0))" } ?? ""
        return "{\"per-recovery\": \(version), \"id\": \(JSONExchange.string(id))\(database), \"changes\": [\n"
            + lines.map { "  " + $0 }.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]}\n"
    }

    /// A change's members (nil for a read, which is never queued).
    private static func encode(_ change: PendingWrite) -> [String: String]? {
        switch change {
        case .edit(let edit, let header, let needsRow): encode(edit, of: header, needsRow: needsRow)
        case .restore(let comparison): ["change": string("restoreComparison"), "comparison": whole(comparison)]
        case .other(let effect): encode(effect)
        }
    }

    private static func encode(_ edit: ComparisonEdit, of header: ComparisonHeader, needsRow: Bool) -> [String: String] {
        var members = ["comparison": Self.header(header), "newRow": needsRow ? "true" : "false"]
        switch edit {
        case .saveField(let field, let product, let keepsEarlierPrice):
            members["change"] = string("field")
            members["field"] = string(field.rawValue)
            members["product"] = self.product(product)
            members["keepsEarlierPrice"] = keepsEarlierPrice ? "true" : "false"
        case .restoreProduct(let product, let position):
            members["change"] = string("restoreProduct")
            members["product"] = self.product(product)
            members["position"] = String(position)
        case .deleteProduct(let id):
            members["change"] = string("deleteProduct")
            members["product"] = string(id.rawValue)
        case .withdrawProduct(let id):
            members["change"] = string("withdrawProduct")
            members["product"] = string(id.rawValue)
        case .deleteAllProducts(let products):
            members["change"] = string("deleteProducts")
            members["products"] = ids(products)
        case .saveHeader:
            members["change"] = string("header")
        case .pinProduct(let id):
            members["change"] = string("pin")
            members["product"] = id.map { string($0.rawValue) } ?? "null"
        }
        return members
    }

    private static func encode(_ effect: DatabaseEffect) -> [String: String]? {
        switch effect {
        case .edit(let edit, let header): encode(edit, of: header, needsRow: false)
        case .restoreComparison(let comparison): (["change": string("restoreComparison"), "comparison": whole(comparison)])
        case .createComparison(let comparison): (["change": string("newComparison"), "comparison": whole(comparison)])
        case .addListItem(let comparison): (["change": string("newItem"), "comparison": whole(comparison)])
        case .changeListCount(let id, let delta, let pack):
            // The pack counted (DECISIONS 344), left out for a count as packs (as a file from before amounts has it).
            (["change": string("count"), "id": string(id.rawValue), "by": String(delta)]
                .merging(pack.map { ["packQuantity": string(DecimalText.format($0.quantity)), "packUnit": string($0.unit.symbol)] } ?? [:]) { a, _ in a })
        case .setTicked(let id, let ticked): (["change": string("tick"), "id": string(id.rawValue), "ticked": ticked ? "true" : "false"])
        case .clearTicks: (["change": string("clearTicks")])
        case .moveInAisle(let id, let step, let shop):
            (["change": string("aisleMove"), "id": string(id.rawValue), "by": String(step), "shop": optional(shop?.text)])
        case .renameComparison(let id, let title): (["change": string("rename"), "id": string(id.rawValue), "title": string(title)])
        case .deleteComparison(let id): (["change": string("deleteComparison"), "id": string(id.rawValue)])
        case .restoreDeletedComparison(let comparison): (["change": string("undoDeleteComparison"), "comparison": whole(comparison)])
        case .discardIfBlank(let id): (["change": string("discardIfBlank"), "id": string(id.rawValue)])
        case .changeHistoryEntry(.delete(let entry, let id)):
            (["change": string("deleteHistoryEntry"), "id": string(id.rawValue), "entry": String(entry.rawValue)])
        case .changeHistoryEntry(.restore(let record, let id)):
            (["change": string("restoreHistoryEntry"), "id": string(id.rawValue), "entry": record.entry.map { String($0.rawValue) } ?? "null",
                    "product": product(record.asProduct)])
        case .changeHistoryEntry(.fix(let entry, let id, let shop, let seen)):
            (["change": string("fixHistoryEntry"), "id": string(id.rawValue), "entry": String(entry.rawValue), "shop": string(shop),
                    "seen": optional(seen?.iso)])
        case .loadShoppingList, .loadHistory, .openComparison, .openNew: nil   // reads: nothing to write
        }
    }

    private static let order = ["change", "changeId", "at", "id", "entry", "comparison", "newRow", "field", "product", "position", "keepsEarlierPrice",
                                "by", "packQuantity", "packUnit", "ticked", "ids", "title", "per", "volumeSystem", "pinned", "products",
                                "name", "price", "quantity", "unit", "pack", "shop", "seen"]
        + ProductDatum.all.map(\.key).filter { !["name", "price", "quantity", "unit", "pack", "shop", "seen"].contains($0) }

    /// Members in a fixed order (the order above), so files read well and compare byte for byte.
    private static func object(_ members: [String: String]) -> String {
        "{" + order.compactMap { key in members[key].map { "\(string(key)): \($0)" } }.joined(separator: ", ") + "}"
    }

    private static func string(_ text: String) -> String { JSONExchange.string(text) }
    private static func optional(_ text: String?) -> String { text.map(string) ?? "null" }
    private static func ids(_ ids: [EntityID]) -> String { "[" + ids.map { string($0.rawValue) }.joined(separator: ", ") + "]" }

    private static func headerMembers(_ header: ComparisonHeader) -> [String: String] {
        ["id": string(header.id.rawValue), "title": string(header.title), "per": optional(ComparisonExchange.basisText(header.chosenBasis)),
         "volumeSystem": string(header.volumeSystem.rawValue)]
    }

    private static func header(_ header: ComparisonHeader) -> String { object(headerMembers(header)) }

    private static func whole(_ comparison: Comparison) -> String {
        var members = headerMembers(comparison.header)
        members["pinned"] = optional(comparison.pinned?.rawValue)
        members["products"] = "[" + comparison.products.map(product).joined(separator: ", ") + "]"
        return object(members)
    }

    private static func product(_ p: Product) -> String {
        var members = ["id": string(p.id.rawValue)]
        for datum in ProductDatum.all { members[datum.key] = optional(datum.text(p)) }
        return object(members)
    }
}

// MARK: - Reading

extension RecoveryJournal {
    /// Reads a recovery file, checking every value as `per import` checks an export's (numbers in `NumberRange`, text
    /// without control characters, known units and days: with `today`, the importer's, a day after tomorrow is
    /// refused; one family of units in a comparison saved whole). Throws `ExchangeError` for a file per refuses and
    /// `ExchangeInputError` for bytes that are not UTF-8 or more than `maxFileBytes` of them.
    public static func decode(from next: @escaping () throws -> [UInt8], today: CalendarDay? = nil) throws -> RecoveryJournal {
        var stream = ByteStream(limit: maxFileBytes, next: next)
        try stream.skipByteOrderMark()
        var parser = JSONParser(stream)
        try parser.skipSpace()   // blank space before `{`, as `isJournal` allows
        let root = try parser.parseValue(depth: 0)
        try parser.expectEnd()
        let file = try Members(root, what: "the recovery file")
        let version = try file.int("per-recovery", in: 1...Int.max)
        guard version == Self.version else {
            throw ExchangeError(line: root.line, field: "per-recovery", problem: "version \(version): written by a newer per, which can import it")
        }
        let id = try file.id("id")
        let database = try file.optionalString("database") == nil ? nil : try file.id("database").rawValue
        var entries: [Entry] = []
        // The keys of each kind of change, from the first of its kind (a kind's keys are the same for all of them).
        var known: [String: Set<String>] = [:]
        for (i, node) in try file.array("changes").enumerated() {
            let m = try Members(node, what: "change \(i + 1)")
            let at = m.members["at"] == nil ? nil : Int64(try m.int("at", in: 0...Int.max))
            let changeID = m.members["changeId"] == nil ? nil : try m.id("changeId").rawValue
            let change = try change(m, today: today)
            let kind = try m.string("change")
            if known[kind] == nil { known[kind] = keys(of: change) }
            try m.refuseUnknown(known[kind]!)
            entries.append(Entry(change, at: at, id: changeID))
        }
        return RecoveryJournal(id: id.rawValue, database: database, entries: entries)
    }

    /// Reads a recovery file held in memory.
    public static func decode(_ text: String, today: CalendarDay? = nil) throws -> RecoveryJournal {
        var given = false
        return try decode(from: { defer { given = true }; return given ? [] : Array(text.utf8) }, today: today)
    }

    /// The keys a change of its kind may have: those this per writes for it (and their earlier names), `change`,
    /// `at` and `changeId`.
    private static func keys(of change: PendingWrite) -> Set<String> {
        var keys: Set<String> = ["change", "at", "changeId"]
        if case .other(.changeListCount) = change { keys.formUnion(["packQuantity", "packUnit"]) }   // a count with a pack or without
        for key in encode(change)?.keys ?? [:].keys {
            keys.insert(key)
            if key == "shop" { keys.insert("store") }
        }
        return keys
    }

    /// A product's keys: its id and every datum's (and earlier) names.
    private static let productKeys: Set<String> = Set(["id"] + ProductDatum.all.flatMap { [$0.key] + ($0.earlierKey.map { [$0] } ?? []) })

    private static func change(_ m: Members, today: CalendarDay?) throws(ExchangeError) -> PendingWrite {
        let kind = try m.string("change")
        func edit(_ edit: ComparisonEdit) throws(ExchangeError) -> PendingWrite {
            .edit(edit, of: try header(m.node("comparison"), place: m.place + ", comparison"), needsRow: try m.bool("newRow"))
        }
        switch kind {
        case "field":
            guard let field = ProductField(rawValue: try m.string("field")) else {
                throw m.refuse("field", "not a product field (one of \(ProductField.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return try edit(.saveField(field, product: try product(m.node("product"), place: m.place + ", product", today: today), keepsEarlierPrice: try m.bool("keepsEarlierPrice")))
        case "restoreProduct":
            return try edit(.restoreProduct(try product(m.node("product"), place: m.place + ", product", today: today), position: try m.int("position", in: 0...1_000_000_000)))
        case "deleteProduct":
            return try edit(.deleteProduct(try m.id("product")))
        case "withdrawProduct":
            return try edit(.withdrawProduct(try m.id("product")))
        case "deleteProducts":
            return try edit(.deleteAllProducts(try m.ids("products")))
        case "header":
            return try edit(.saveHeader)
        case "pin":
            return try edit(.pinProduct(try m.isNull("product") ? nil : try m.id("product")))
        case "restoreComparison":
            return .restore(try whole(m.node("comparison"), place: m.place + ", comparison", today: today))
        case "newComparison":
            return .other(.createComparison(try whole(m.node("comparison"), place: m.place + ", comparison", today: today)))
        case "newItem":
            return .other(.addListItem(try whole(m.node("comparison"), place: m.place + ", comparison", today: today)))
        case "undoDeleteComparison":
            return .other(.restoreDeletedComparison(try whole(m.node("comparison"), place: m.place + ", comparison", today: today)))
        case "count":
            let pack = try ComparisonExchange.listAmount(try m.optionalString("packQuantity") ?? "", unit: try m.optionalString("packUnit") ?? "",
                                                         line: m.members["packQuantity"]?.line)
            return .other(.changeListCount(try m.id("id"), by: try m.int("by", in: -ListItem.maximumCount...ListItem.maximumCount), pack: pack))
        case "tick":
            return .other(.setTicked(try m.id("id"), try m.bool("ticked")))
        case "clearTicks":
            return .other(.clearTicks)
        case "aisleMove":
            return .other(.moveInAisle(try m.id("id"), by: try m.int("by", in: -1...1), at: try m.optionalText("shop", earlier: "store").flatMap(ShopName.init)))
        case "rename":
            return .other(.renameComparison(try m.id("id"), try m.text("title")))
        case "deleteComparison":
            return .other(.deleteComparison(try m.id("id")))
        case "discardIfBlank":
            return .other(.discardIfBlank(try m.id("id")))
        case "deleteHistoryEntry":
            return .other(.changeHistoryEntry(.delete(PriceEntryID(Int64(try m.int("entry", in: 1...Int.max))), of: try m.id("id"))))
        case "restoreHistoryEntry":
            let product = try product(m.node("product"), place: m.place + ", product", today: today)
            guard var record = PriceRecord(product) else { throw m.refuse("product", "a price needs its price, quantity and unit") }
            record.entry = try m.isNull("entry") ? nil : PriceEntryID(Int64(try m.int("entry", in: 1...Int.max)))
            return .other(.changeHistoryEntry(.restore(record, in: try m.id("id"))))
        case "fixHistoryEntry":
            let seen = try m.optionalString("seen").flatMap { text throws(ExchangeError) in try ComparisonExchange.day(text, line: m.line, field: m.place + ", seen", today: today) }
            return .other(.changeHistoryEntry(.fix(PriceEntryID(Int64(try m.int("entry", in: 1...Int.max))), of: try m.id("id"),
                                                   shop: try m.optionalText("shop", earlier: "store") ?? "", seen: seen)))
        default:
            throw m.refuse("change", "\(ComparisonExchange.quoted(kind)) is not a change this per knows")
        }
    }

    /// `alsoKnown`: the keys of a whole comparison besides its header's.
    private static func header(_ node: JSONNode, place: String, alsoKnown: Set<String> = []) throws(ExchangeError) -> ComparisonHeader {
        let m = try Members(node, what: place)
        try m.refuseUnknown(alsoKnown.union(["id", "title", "per", "volumeSystem"]))
        let basis = try m.optionalString("per").flatMap { text throws(ExchangeError) in try ComparisonExchange.basis(text, line: m.line, field: place + ", per") }
        let system = try ComparisonExchange.volumeSystem(try m.optionalString("volumeSystem") ?? "", line: m.line, field: place + ", volumeSystem")
        return ComparisonHeader(id: try m.id("id"), title: try m.text("title"), chosenBasis: basis, volumeSystem: system)
    }

    private static func whole(_ node: JSONNode, place: String, today: CalendarDay?) throws(ExchangeError) -> Comparison {
        let header = try header(node, place: place, alsoKnown: ["pinned", "products"])
        let m = try Members(node, what: place)
        var comparison = Comparison(header)
        for (i, product) in try m.array("products").enumerated() {
            let product = try self.product(product, place: "\(place), product \(i + 1)", today: today)
            if comparison.useWord == nil, let family = comparison.family, let unit = product.unit, unit.family != family {
                throw ExchangeError(line: m.line, field: "\(place), product \(i + 1), unit",
                                    problem: "\(unit.kindDescription), but the comparison is \(family.comparisonPhrase) (one comparison, one family of units)")
            }
            comparison.append(product)
        }
        comparison.pinned = try m.isNull("pinned") ? nil : try m.id("pinned")
        return comparison
    }

    private static func product(_ node: JSONNode, place: String, today: CalendarDay?) throws(ExchangeError) -> Product {
        let m = try Members(node, what: place)
        try m.refuseUnknown(productKeys)
        var product = Product.new(id: try m.id("id"))
        for datum in ProductDatum.all {
            var text = try m.optionalString(datum.key)
            if text == nil, let earlier = datum.earlierKey { text = try m.optionalString(earlier) }
            datum.read(&product, try checked(text, as: datum, in: m, today: today))
        }
        return product
    }

    /// A product's datum as this file writes it, checked as `per import` checks an export's: nil when not set.
    private static func checked(_ text: String?, as datum: ProductDatum, in m: Members, today: CalendarDay?) throws(ExchangeError) -> String? {
        guard let text else { return nil }
        let field = m.place + ", " + datum.key
        switch datum.kind {
        case .text:
            try ComparisonExchange.checkText(text, line: m.members[datum.key]?.line, place: field)
            return text
        case .decimal:
            let value = try ComparisonExchange.decimal(text, line: m.line, field: field)
            let written = ComparisonExchange.trimmed(text)
            if let violation = NumberRange.violation(ofText: written) { throw m.refuse(datum.key, violation.message(naming: ComparisonExchange.quoted(written))) }
            if written.hasPrefix("-") && value?.isZero == false { throw m.refuse(datum.key, "\(ComparisonExchange.quoted(written)) is below zero") }
            return value.map(DecimalText.format)
        case .unit:
            return try ComparisonExchange.unit(text, line: m.line, field: field)?.symbol
        case .multipack:
            guard let pack = Multipack(parsing: text),
                  NumberRange.violation(of: pack.count) == nil, NumberRange.violation(of: pack.size) == nil else {
                throw m.refuse(datum.key, "\(ComparisonExchange.quoted(text)) is not a multipack (count*size, each a number per takes)")
            }
            return pack.text
        case .day:
            return try ComparisonExchange.day(text, line: m.line, field: field, today: today)?.iso
        case .deal:
            return try ComparisonExchange.deal(text, shelf: nil, line: m.line, field: field)?.text
        case .uses:
            return try ComparisonExchange.uses(text, line: m.line, field: field)?.text
        }
    }

    /// An object's members (the reader refuses a repeated key), with what names it in messages.
    private struct Members {
        let members: [String: JSONNode]
        /// The keys in file order.
        let keys: [String]
        let line: Int
        let place: String

        init(_ node: JSONNode, what place: String) throws(ExchangeError) {
            guard case .object(let list) = node.value else { throw ExchangeError(line: node.line, field: place, problem: "expected an object ({…})") }
            var members: [String: JSONNode] = [:]
            for (key, value) in list { members[key] = value }
            self.members = members
            keys = list.map(\.key)
            line = node.line
            self.place = place
        }

        func refuse(_ key: String, _ problem: String) -> ExchangeError {
            ExchangeError(line: members[key]?.line ?? line, field: "\(place), \(key)", problem: problem)
        }

        /// Refuses the first member not in `known`, naming it: a key no per wrote here (a typo, a hand's edit, a newer per).
        func refuseUnknown(_ known: Set<String>) throws(ExchangeError) {
            guard let key = keys.first(where: { !known.contains($0) }) else { return }
            throw refuse(key, "not a key per reads here (a newer per's, or a file edited by hand)")
        }

        func node(_ key: String) throws(ExchangeError) -> JSONNode {
            guard let node = members[key] else { throw refuse(key, "missing") }
            return node
        }

        func isNull(_ key: String) throws(ExchangeError) -> Bool {
            if case .null = try node(key).value { return true }
            return false
        }

        func string(_ key: String) throws(ExchangeError) -> String {
            guard case .string(let text) = try node(key).value else { throw refuse(key, "expected text in quotes") }
            return text
        }

        /// Text, null or missing (nil).
        func optionalString(_ key: String) throws(ExchangeError) -> String? {
            guard let node = members[key] else { return nil }
            switch node.value {
            case .null: return nil
            case .string(let text): return text
            case .number, .bool, .array, .object: throw refuse(key, "expected text in quotes")
            }
        }

        /// Text per takes in a title or name (no control characters but tab and line breaks, not too long).
        func text(_ key: String) throws(ExchangeError) -> String {
            let text = try string(key)
            try ComparisonExchange.checkText(text, line: members[key]?.line, place: "\(place), \(key)")
            return text
        }

        /// `key`'s text, else what files before the one vocabulary called it `earlier`.
        func optionalText(_ key: String, earlier: String) throws(ExchangeError) -> String? {
            if let text = try optionalText(key) { return text }
            return try optionalText(earlier)
        }

        func optionalText(_ key: String) throws(ExchangeError) -> String? {
            guard let text = try optionalString(key) else { return nil }
            try ComparisonExchange.checkText(text, line: members[key]?.line, place: "\(place), \(key)")
            return text
        }

        /// An id: text on one line, not empty, at most 200 characters.
        func id(_ key: String) throws(ExchangeError) -> EntityID {
            try Self.id(try string(key), refuse: { refuse(key, $0) })
        }

        func ids(_ key: String) throws(ExchangeError) -> [EntityID] {
            try array(key).map { node throws(ExchangeError) in
                guard case .string(let text) = node.value else { throw refuse(key, "expected ids in quotes") }
                return try Self.id(text, refuse: { refuse(key, $0) })
            }
        }

        private static func id(_ text: String, refuse: (String) -> ExchangeError) throws(ExchangeError) -> EntityID {
            guard !text.isEmpty, text.unicodeScalars.count <= 200, !text.unicodeScalars.contains(where: TerminalText.isControl) else {
                throw refuse("\(ComparisonExchange.quoted(text)) is not an id (text on one line, 1 to 200 characters)")
            }
            return EntityID(text)
        }

        func array(_ key: String) throws(ExchangeError) -> [JSONNode] {
            guard case .array(let items) = try node(key).value else { throw refuse(key, "expected a list ([…])") }
            return items
        }

        func bool(_ key: String) throws(ExchangeError) -> Bool {
            guard case .bool(let value) = try node(key).value else { throw refuse(key, "expected true or false") }
            return value
        }

        /// A whole number in `range`, written without a fraction or exponent.
        func int(_ key: String, in range: ClosedRange<Int>) throws(ExchangeError) -> Int {
            guard case .number(let text) = try node(key).value, let value = Int(text), range.contains(value) else {
                throw refuse(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
    }
}
