/// The fields of a product, in the order next/previous walks them.
public enum ProductField: String, CaseIterable, Sendable, Hashable {
    case price
    case quantity
    case unit
    case name
    case shop

    public var isNumeric: Bool {
        switch self {
        case .price, .quantity: true
        case .unit, .name, .shop: false
        }
    }

    /// Committing a change to this field sets the product's `seen` day and keeps the earlier price in the history.
    public var isPricing: Bool {
        switch self {
        case .price, .quantity, .unit: true
        case .name, .shop: false
        }
    }

    public var title: String {
        switch self {
        case .price: "Price"
        case .quantity: "Quantity"
        case .unit: "Unit"
        case .name: "Name"
        case .shop: "Shop"
        }
    }
}

/// One fact a product stores beside its id: its names in files and how it reads and writes as text. Every copy of a
/// product's data and every format that keeps products (the database, the recovery journal, the exports) loops over
/// `ProductDatum.all`, so a fact added there reaches them all; `ProductSchemaTests` round-trips each through each.
public struct ProductDatum: Sendable {
    /// What its text is, which says how a file's text of it is checked.
    public enum Kind: Sendable { case text, decimal, unit, multipack, day }

    /// Its name in the recovery journal and the JSON export.
    public let key: String
    /// Its column in the database's `product` table and in the CSV export.
    public let column: String
    public let kind: Kind
    /// The field whose edit writes it (the first datum of a field is its value, any other describes it: the quantity's
    /// multipack shape); nil: none (the day seen, written with every pricing field).
    public let field: ProductField?
    /// Its value as text (decimal text, a unit's symbol, `6*330`, a `YYYY-MM-DD` day); nil: not set.
    public let text: @Sendable (Product) -> String?
    /// Sets it from `text`; text that is no value of it (nil included) leaves it not set.
    public let read: @Sendable (inout Product, String?) -> Void
    /// Sets it to the other product's.
    public let copy: @Sendable (Product, inout Product) -> Void
    /// Whether the two products hold the same.
    public let same: @Sendable (Product, Product) -> Bool

    init<Value: Equatable & Sendable>(_ key: String, column: String? = nil, _ kind: Kind, field: ProductField?, _ path: WritableKeyPath<Product, Value> & Sendable,
                           text: @escaping @Sendable (Value) -> String?, value: @escaping @Sendable (String?) -> Value) {
        self.key = key
        self.column = column ?? key
        self.kind = kind
        self.field = field
        self.text = { text($0[keyPath: path]) }
        self.read = { $0[keyPath: path] = value($1) }
        self.copy = { $1[keyPath: path] = $0[keyPath: path] }
        self.same = { $0[keyPath: path] == $1[keyPath: path] }
    }

    /// In the database's column order.
    public static let all: [ProductDatum] = [
        ProductDatum("price", .decimal, field: .price, \.price, text: { $0.map(DecimalText.format) }, value: { $0.flatMap(DecimalText.parse) }),
        ProductDatum("quantity", .decimal, field: .quantity, \.quantity, text: { $0.map(DecimalText.format) }, value: { $0.flatMap(DecimalText.parse) }),
        ProductDatum("pack", column: "quantity_pack", .multipack, field: .quantity, \.pack, text: { $0?.text }, value: { $0.flatMap(Multipack.init(parsing:)) }),
        ProductDatum("unit", .unit, field: .unit, \.unit, text: { $0?.symbol }, value: { $0.flatMap(MeasureUnit.init(symbol:)) }),
        ProductDatum("name", .text, field: .name, \.name, text: { $0 }, value: { $0 ?? "" }),
        ProductDatum("store", .text, field: .shop, \.shop, text: { $0 }, value: { $0 ?? "" }),
        ProductDatum("seen", .day, field: nil, \.seen, text: { $0?.iso }, value: { $0.flatMap(CalendarDay.init(iso:)) }),
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
