/// What this run of per is, whatever screen or comparison is open: its identity, the terminal and
/// its settings. Opening another comparison keeps it whole, so a new setting cannot be reset by accident.
public struct Session: Equatable, Sendable {
    /// Makes product and comparison IDs unique across sessions sharing a database.
    public let id: String
    /// How many IDs this session has made.
    var serial: Int
    public var size: TerminalSize
    /// The glyphs the screen is drawn with (they set the toolbar's widths for clicks).
    public var glyphs: GlyphSet
    public var isReadOnly: Bool
    /// The day on the user's clock: a committed price, quantity or unit is dated with it. Set by the edge at start
    /// and kept current by `.terminal(.today(...))`, which the loop sends when the day changes (checked at each poll).
    /// Nil when the clock is outside 2000-9999 (decision 113): prices are then saved without a day.
    public var today: CalendarDay?
    /// The product table's order (Ctrl-S), whichever comparison is open.
    public var tableOrder: TableOrder = .entry
    /// The comparison unit the user last chose (F2) for each family: a comparison that takes a family without a
    /// choice of its own starts with it.
    public var chosenBases: [UnitFamily: ComparisonBasis] = [:]
    /// Shown with prices and unit prices; a typed or pasted price may carry it (`$3.99`).
    public var currency: Currency?
    /// The decimal mark numbers are drawn with (`decimal` setting); they are kept and typed with a point.
    public var decimal: DecimalMark = .point
    /// The shop the user is in (`--shop`): the shop of the new product a comparison opens with (over the shop of
    /// the product before it), and the shopping list's shop: each item's product to buy is the best there.
    public var shop: ShopName?
    /// The volume units a new comparison starts with (`--uk`, `uk = yes`); Ctrl-E switches an open one's.
    public var volumeSystem: VolumeSystem = .us
    /// A price seen more than this many days before `today` is marked stale in the table (`--stale-days`).
    public var staleDays: Int = Session.defaultStaleDays
    public static let defaultStaleDays = 90
    /// `ACCESSIBLE=1` or `accessible = yes`, for screen readers: no key flash, and a message stays until the next one.
    public var accessible = false
    /// The member schemes the shopper is in (`member = Clubcard`, `--member Clubcard`): their member prices are the
    /// prices ranked (decision 285).
    public var members: [String] = []
    /// Who is shopping, for the prices they can pay: the schemes and today.
    public var shopper: Shopper { Shopper(schemes: members, today: today) }
    /// The shopping list's order: as edited, or grouped by the shop of each item's product to buy (Ctrl-S there).
    public var listOrder: ListOrder = .recent
    /// The shopping list's rows in the order drawn when one was opened from it: the list shown again keeps their places
    /// (issue 28: nothing moves under a thumb); empty when it was left with Esc, so it opens in `listOrder` afresh.
    public internal(set) var listPlaces: [ComparisonID] = []
    /// Comparisons deleted in this run (the last deleted last), for Ctrl-Y on the list.
    public internal(set) var deletedComparisons: [Comparison] = []
    /// How many deleted comparisons Ctrl-Y can bring back.
    public static let undoDepth = 20

    public init(id: String = EntityID.random().rawValue, serial: Int = 0, size: TerminalSize = TerminalSize(width: 80, height: 24),
                glyphs: GlyphSet = .utf8, isReadOnly: Bool = false, currency: Currency? = nil, today: CalendarDay? = .reference,
                shop: ShopName? = nil, staleDays: Int = Session.defaultStaleDays, decimal: DecimalMark = .point,
                volumeSystem: VolumeSystem = .us, accessible: Bool = false) {
        self.decimal = decimal
        self.volumeSystem = volumeSystem
        self.accessible = accessible
        self.shop = shop
        self.id = id
        self.serial = serial
        self.size = size
        self.glyphs = glyphs
        self.isReadOnly = isReadOnly
        self.currency = currency
        self.today = today
        self.staleDays = staleDays
    }

    mutating func makeProductID() -> ProductID {
        serial += 1
        return ProductID("\(id)-\(serial)")
    }

    /// Whether this run of per made the product (its ID carries this session's id).
    func made(_ product: ProductID) -> Bool {
        product.rawValue.hasPrefix("\(id)-")
    }

    mutating func makeComparisonID() -> ComparisonID {
        serial += 1
        return ComparisonID("\(id)-c\(serial)")
    }

    /// A new comparison of this session: its own id, in the session's volume system.
    mutating func makeComparison(title: String = "") -> Comparison {
        Comparison(id: makeComparisonID(), title: title, volumeSystem: volumeSystem)
    }
}

public struct TerminalSize: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
