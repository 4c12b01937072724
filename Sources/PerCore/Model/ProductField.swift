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

    /// What the comparison screen knows of it (`FieldSpec`): its title, whether it is part of a price seen, its cell,
    /// its editor and hints (made once: the table asks at every cell).
    public var spec: FieldSpec { Self.specs[self] ?? declared }

    private static let specs = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.declared) })

    /// The one switch of its kind: the screen, its layout and the table derive theirs from it.
    private var declared: FieldSpec {
        switch self {
        case .price: FieldSpec("Price", pricing: true, cell: .column(.price), .number(\.price), typed: { $0.price.map(MoneyFormat.plain.price) })
        case .quantity:
            FieldSpec("Quantity", pricing: true, cell: .column(.quantity),
                      .number(value: { $0.quantity }, commit: { typed, product, _ in
                          product.quantity = typed.value
                          product.pack = typed.multipack
                          return nil
                      }), typed: { $0.quantityText })
        case .unit: FieldSpec("Unit", pricing: true, cell: .column(.unit), .unit)
        case .name: FieldSpec("Name", cell: .column(.name), .text(\.name, hints: .init(what: "name", long: "Name this product (optional); Tab for its shop",
                                                                                  short: "Name (optional); Tab for its shop")))
        // Trimmed as import reads a shop (`ShopName.trimmed`): a typed " Lidl" would come back from a backup as "Lidl".
        case .shop:
            FieldSpec("Shop", .text(value: { $0.shop }, suggested: { $0.shop },
                                         hints: .init(what: "shop", long: "Where the price was seen (optional); Tab for the next product",
                                                      short: "Where the price was seen; Tab: next"), commit: { text, product, _ in
                product.shop = ShopName.trimmed(text)
                return nil
            }))
        // A deposit is no part of the unit price: its change is no new price seen. 0 is no deposit; a deposit above the
        // price is allowed (a crate's can be), and said.
        case .deposit:
            FieldSpec("Deposit", .number(value: { $0.deposit }, commit: { typed, product, _ in
                product.deposit = typed.value == 0 ? nil : typed.value
                guard let deposit = product.deposit, let price = product.price, deposit > price else { return nil }
                return StatusMessage("A deposit of \(DecimalText.format(deposit)) is more than the price \(DecimalText.format(price)): kept, never in the unit price")
            }))
        // An offer is beside the shelf price, not a new one seen. Read by `Deal.parse`; text it refuses keeps the earlier
        // offer (Enter and Tab stay: `ComparisonScreen.acceptsTheTypedDeal`).
        case .deal:
            FieldSpec("Deal", .text(value: { $0.deal?.text ?? "" }, suggested: nil,
                                        hints: .init(what: "offer", long: "An offer beside the price (2 for 3.00, optional); Tab: next",
                                                     short: "An offer (2 for 3.00); Tab: next"), commit: { text, product, context in
                switch Deal.parse(text, shelf: product.price, today: context.today) {
                case .success(let deal):
                    product.deal = deal
                    guard let deal, let price = product.price, !deal.isCheaper(than: price) else { return nil }
                    return StatusMessage("\(deal.text) costs no less than \(deal.count) at \(DecimalText.format(price)): kept, but it is no deal")
                case .failure(let problem): return StatusMessage(problem.message + ": kept the earlier offer", isWarning: true)
                }
            }))
        // Uses say what a price buys, not a price seen. 0 or below is refused before the field is left
        // (`ComparisonScreen.acceptsTheTypedUses`); a tap away keeps the earlier.
        case .uses:
            FieldSpec("Uses", .number(value: { $0.uses?.count }, commit: { typed, product, context in
                switch typed.value.map({ Uses.checked($0, word: context.useWord()) }) {
                case nil: product.uses = nil
                case .success(let uses)?: product.uses = uses
                case .failure(let problem)?: return StatusMessage(problem.message + ": kept the earlier uses", isWarning: true)
                }
                return nil
            }))
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
