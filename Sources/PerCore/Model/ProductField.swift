/// The fields of a product, in the order next/previous walks them.
public enum ProductField: String, CaseIterable, Sendable, Hashable {
    case price
    case quantity
    case unit
    case name
    case shop
    /// The deposit on one pack (`Product.deposit`), after the shop: price⏎ quantity⏎ unit⏎ stays the rhythm.
    case deposit
    /// An offer beside the price (`Product.deal`: `2 for 3.00`, `Clubcard 1.50`), typed as text after the deposit.
    case deal
    /// How many uses the product holds (`Product.uses`: 50 washes), its count on the keypad after the offer; the word is
    /// the comparison's (`ComparisonScreen.useWord`).
    case uses

    public var isNumeric: Bool {
        switch self {
        case .price, .quantity, .deposit, .uses: true
        case .unit, .name, .shop, .deal: false
        }
    }

    /// Committing a change to this field sets the product's `seen` day and keeps the earlier price in the history.
    public var isPricing: Bool {
        switch self {
        case .price, .quantity, .unit: true
        // A deposit is no part of the unit price: its change is no new price seen.
        // An offer is beside the shelf price, not a new one seen.
        // Uses say what a price buys, not a price seen.
        case .name, .shop, .deposit, .deal, .uses: false
        }
    }

    public var title: String {
        switch self {
        case .price: "Price"
        case .quantity: "Quantity"
        case .unit: "Unit"
        case .name: "Name"
        case .shop: "Shop"
        case .deposit: "Deposit"
        case .deal: "Deal"
        case .uses: "Uses"
        }
    }
}

/// One fact a product stores beside its id: its names in files and how it reads and writes as text. Every copy of a
/// product's data and every format that keeps products (the database, the recovery journal, the exports) loops over
/// `ProductDatum.all`, so a fact added there reaches them all; `ProductSchemaTests` round-trips each through each.
public struct ProductDatum: Sendable {
    /// What its text is, which says how a file's text of it is checked (and `text` is the one kind a CSV export guards
    /// against spreadsheet formulas).
    public enum Kind: Sendable { case text, decimal, unit, multipack, day, deal, uses }

    /// Its name in every file: the JSON and CSV exports, the recovery journal (Docs/VOCABULARY.md).
    public let key: String
    /// Its name in files written before the vocabulary was one (format 1), which import still reads; nil: the same.
    public let earlierKey: String?
    /// Its column in the database's `product` table.
    public let column: String
    public let kind: Kind
    /// The field whose edit writes it (the first datum of a field is its value, any other describes it: the quantity's
    /// multipack shape); nil: none (the day seen, written with every pricing field).
    public let field: ProductField?
    /// Whether it is part of a price seen (`PriceRecord`, the `price_history` columns); a CSV export writes these
    /// columns first, as its first format did, and the product's own after them.
    public let isPriceSeen: Bool
    /// Its value as text (decimal text, a unit's symbol, `6*330`, a `YYYY-MM-DD` day); nil: not set.
    public let text: @Sendable (Product) -> String?
    /// Its text in an export (JSON null, an empty CSV cell when nil): `text`, unless the export leaves it out.
    public let exported: @Sendable (Product) -> String?
    /// Sets it from `text`; text that is no value of it (nil included) leaves it not set.
    public let read: @Sendable (inout Product, String?) -> Void
    /// Whether it holds something other than what `read` of nil leaves.
    public let isSet: @Sendable (Product) -> Bool
    /// Sets it to the other product's.
    public let copy: @Sendable (Product, inout Product) -> Void
    /// Whether the two products hold the same.
    public let same: @Sendable (Product, Product) -> Bool

    /// `exportedWhen`: whether an export writes it (a shop that is not said is null, a multipack shape that no longer
    /// describes the quantity is left out, as the table shows it).
    init<Value: Equatable & Sendable>(_ key: String, earlier earlierKey: String? = nil, column: String? = nil, _ kind: Kind, field: ProductField?, priceSeen: Bool,
                                      _ path: WritableKeyPath<Product, Value> & Sendable,
                                      text: @escaping @Sendable (Value) -> String?, value: @escaping @Sendable (String?) -> Value,
                                      exportedWhen: @escaping @Sendable (Product) -> Bool = { _ in true }) {
        self.key = key
        self.earlierKey = earlierKey
        self.column = column ?? key
        self.kind = kind
        self.field = field
        self.isPriceSeen = priceSeen
        self.text = { text($0[keyPath: path]) }
        self.exported = { exportedWhen($0) ? text($0[keyPath: path]) : nil }
        self.read = { $0[keyPath: path] = value($1) }
        let blank = value(nil)
        self.isSet = { $0[keyPath: path] != blank }
        self.copy = { $1[keyPath: path] = $0[keyPath: path] }
        self.same = { $0[keyPath: path] == $1[keyPath: path] }
    }

    /// In the JSON export's order; a multipack shape after the quantity it describes (readers check it against it).
    public static let all: [ProductDatum] = [
        ProductDatum("name", .text, field: .name, priceSeen: true, \.name, text: { $0 }, value: { $0 ?? "" }),
        ProductDatum("price", .decimal, field: .price, priceSeen: true, \.price, text: { $0.map(DecimalText.format) }, value: { $0.flatMap(DecimalText.parse) }),
        ProductDatum("quantity", .decimal, field: .quantity, priceSeen: true, \.quantity, text: { $0.map(DecimalText.format) }, value: { $0.flatMap(DecimalText.parse) }),
        ProductDatum("pack", earlier: "quantity_pack", column: "quantity_pack", .multipack, field: .quantity, priceSeen: false, \.pack, text: { $0?.text },
                     value: { $0.flatMap(Multipack.init(parsing:)) }, exportedWhen: { $0.pack?.describes($0.quantity) == true }),
        ProductDatum("unit", .unit, field: .unit, priceSeen: true, \.unit, text: { $0?.symbol },
                     value: { $0.flatMap(MeasureUnit.init(symbol:)) }),
        ProductDatum("shop", earlier: "store", column: "store", .text, field: .shop, priceSeen: true, \.shop, text: { $0 }, value: { ShopName.trimmed($0 ?? "") },
                     exportedWhen: { !$0.shop.isEmpty }),
        ProductDatum("seen", .day, field: nil, priceSeen: true, \.seen, text: { $0?.iso }, value: { $0.flatMap(CalendarDay.init(iso:)) }),
        ProductDatum("deposit", .decimal, field: .deposit, priceSeen: false, \.deposit, text: { $0.map(DecimalText.format) },
                     value: { $0.flatMap(DecimalText.parse) }),
        // After the price it is beside: `2 for 3.00`, `Clubcard 1.50 until 2026-12-31` (`Deal.text`); JSON's is an object.
        ProductDatum("deal", .deal, field: .deal, priceSeen: false, \.deal, text: { $0?.text }, value: { $0.flatMap(Deal.init(parsing:)) }),
        // `50 washes` (`Uses.text`); JSON's is an object, `{count, word}`.
        ProductDatum("uses", .uses, field: .uses, priceSeen: false, \.uses, text: { $0?.text }, value: { $0.flatMap(Uses.init(parsing:)) }),
    ]
}

extension ProductField {
    /// What its edit writes: its value first, then what describes it.
    public var data: [ProductDatum] { ProductDatum.all.filter { $0.field == self } }

    /// Copies its data (the quantity with its multipack shape) from `source` into `product`.
    public func copy(from source: Product, into product: inout Product) {
        for datum in data { datum.copy(source, &product) }
    }

    /// Whether its value (not what describes it: the quantity by its number) differs between the two.
    public func changed(from a: Product, to b: Product) -> Bool { !data[0].same(a, b) }
}
