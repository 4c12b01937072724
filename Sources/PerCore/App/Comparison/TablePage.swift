import Foundation

/// What the table shows for one product: its committed fields and where it stands, as text.
public struct ProductRowText: Equatable, Sendable {
    public var rank: String
    public var unitPrice: String
    /// "Best value", "+14% more", or why the product is not ranked.
    public var verdict: String
    /// The same, shorter, for a narrow column: "Best", "+14%", "no qty".
    public var shortVerdict: String
    public var isBest: Bool
    public var isRanked: Bool
    /// Not ranked only because a price, quantity or unit is not typed yet.
    public var isIncomplete: Bool
    public var price: String?
    public var quantity: String?
    public var unit: String?
    public var name: String?
    public var shop: String?
    /// The numbers after the shop in the name's cell, kept whole: the uses and the deposit per pack, `50 washes +3.42 dep`
    /// (a deposit is never part of the unit price).
    public var numbers: String?
    /// The offer, after the deposit in the name's cell, marked with the price it left: `2/3.00 (shelf 3.58)` where the
    /// ranking uses it (the unit price column is the offer's, the shelf's unit price beside it), else why not:
    /// `2/3.00 ended`, `Clubcard 1.50 members`, `2/3.00 no deal` (decision 286).
    public var deal: String?
    /// The same where room is short, the shelf's unit price or why the offer is not paid kept: `shelf 3.58`, `ended`,
    /// `members`, `no deal`.
    public var shortDeal: String?
    /// What the texts were made from, so an unchanged row can be kept.
    let product: Product
    let unitPriceValue: UnitPrice?

    /// `toBuy`: the shopping list's product to buy when it is not the best value (pinned, or the best at the current
    /// shop); its verdict says so.
    init(_ product: Product, in comparison: Comparison, toBuy: ProductID? = nil) {
        self.product = product
        switch comparison.standing(of: product) {
        case .excluded(let problem):
            (rank, unitPrice, verdict, isBest, isRanked) = ("-", "", problem.message, false, false)
            shortVerdict = problem.shortMessage
            isIncomplete = problem.isMissing
            unitPriceValue = nil
        case .ranked(let r, let price, let v):
            unitPriceValue = price
            rank = String(r)
            unitPrice = comparison.pricePerBasisText(price) ?? ""
            // The product pinned to buy says so (the best value is the one to buy when none is).
            let pinned = toBuy == product.id && v != .bestValue
            verdict = pinned ? "\(v.text), to buy" : v.text
            // `+14%, to buy`: never `+14% buy`, which read as something else (issue 39, decision 324).
            shortVerdict = pinned ? "\(v.shortText), to buy" : v.shortText
            isBest = v == .bestValue
            isRanked = true
            isIncomplete = false
        }
        price = product.price.map(MoneyFormat.plain.price)
        quantity = product.quantityText
        unit = product.unit?.symbol
        // The name, and what a field says with it (`FieldSpec.withTheName`).
        let named = ([product.name] + ProductField.withTheName.compactMap { $0(product) }).filter { !$0.isEmpty }.joined(separator: " ")
        name = named.isEmpty ? nil : named
        shop = product.shop.isEmpty ? nil : product.shop
        let kept = [product.uses?.text, product.deposit.map { "+" + DecimalText.format($0) + " dep" }].compactMap { $0 }
        numbers = kept.isEmpty ? nil : kept.joined(separator: " ")
        let marks = product.deal.map { offer -> (String, String?) in
            switch comparison.pricePaid(of: product) {
            case .multibuy, .member:
                let shelf = comparison.shelfUnitPrice(of: product).flatMap(comparison.pricePerBasisText)
                return (offer.shortText + (shelf.map { " (shelf \($0))" } ?? ""), shelf.map { "shelf " + $0 })
            case .ended: return (offer.shortText + " ended", "ended")
            case .notAMember: return (offer.shortText + " members", "members")
            case .noDeal: return (offer.shortText + " no deal", "no deal")
            case .shelf: return (offer.shortText, nil)
            }
        }
        deal = marks?.0
        shortDeal = marks?.1 ?? marks?.0
    }

    /// What follows the name in its cell: ` @ Costco +3.42 dep`, ` @ Costco`, ` +3.42 dep`, or nothing.
    var tail: String { (shop.map { " @ " + $0 } ?? "") + (numbers.map { " " + $0 } ?? "") + (deal.map { " " + $0 } ?? "") }

    /// `tail` with the offer's short mark (`shortDeal`), where room is short.
    var shortTail: String { (shop.map { " @ " + $0 } ?? "") + (numbers.map { " " + $0 } ?? "") + (shortDeal.map { " " + $0 } ?? "") }

    /// The name cell when neither the name, the shop nor the deposit is being edited: `Oats @ Costco +3.42 dep`,
    /// `@ Costco`, `Oats`.
    public var nameAndShop: String? {
        guard shop != nil || numbers != nil || deal != nil else { return name }
        return ((name ?? "") + tail).trimmingCharacters(in: .whitespaces)
    }

    /// A one-line row of the compact table (no price, quantity or unit cells) in `width` columns: what the product is,
    /// its name and where, longest first (`3.99 for 500 g Oats @ Lidl`). `for` goes before the name is cut (`3.99 500 g
    /// Oats @ Lidl`), then the name is cut (`3.99 500 g O… @ Lidl`), then left out; the shop gives way to the name only
    /// when one shop is on view (`keepsShop` false). Past that, the price alone.
    func described(in width: Int, keepsShop: Bool, decimal: DecimalMark, ellipsis: Character) -> String {
        guard let parts = product.pricedAs?.map(decimal.shown) else { return nameAndShop ?? "" }
        let long = parts.joined(separator: " for "), short = parts.joined(separator: " ")
        let at = tail, atShort = shortTail
        // The uses and deposit are numbers: every form keeps them, the shop's place given up first; so is the offer's mark
        // (its short form: the shelf's unit price beside the offer's, decision 286).
        let dep = (numbers.map { " " + $0 } ?? "") + (shortDeal.map { " " + $0 } ?? "")
        var forms: [String] = []
        if let name {
            // The whole name before its cut (`a…` hid `alpha` where `5.49 1 kg alpha` fitted).
            forms.append(long + " " + name + at)
            forms.append(short + " " + name + at)
            if deal != nil { forms += [long + " " + name + atShort, short + " " + name + atShort] }
            // Cut to three letters at least: `T…` says nothing.
            let room = width - TextWidth.of(short + " " + atShort)
            if room >= 4 { forms.append(short + " " + TextWidth.truncate(name, to: room, ellipsis: ellipsis) + atShort) }
        }
        forms.append(long + at)
        if !keepsShop, let name {
            // One shop on view: the name before the shop.
            let room = width - TextWidth.of(long + " ")
            let roomWithDeposit = room - TextWidth.of(dep)
            if roomWithDeposit >= 2 { forms.append(long + " " + TextWidth.truncate(name, to: roomWithDeposit, ellipsis: ellipsis) + dep) }
        }
        if !keepsShop { forms.append(long + dep) }
        forms += [short + at, short + atShort, short + dep]
        if let price, !dep.isEmpty { forms.append(decimal.shown(price) + dep) }
        return forms.first { TextWidth.of($0) <= width }
            ?? price.map { decimal.shown(NumberFit.fit($0, width: width, ellipsis: ellipsis)) } ?? TextWidth.truncate(short, to: width, ellipsis: ellipsis)
    }

    /// The widths `described` needs: the whole text, and the least that keeps the price, the size and (`keepsShop`) the shop.
    func describedWidths(keepsShop: Bool) -> (whole: Int, least: Int) {
        guard let parts = product.pricedAs else { return (TextWidth.of(nameAndShop ?? ""), 0) }
        let at = tail
        let whole = parts.joined(separator: " for ") + (name.map { " " + $0 } ?? "") + at
        let dep = (numbers.map { " " + $0 } ?? "") + (shortDeal.map { " " + $0 } ?? "")
        return (TextWidth.of(whole), TextWidth.of(parts.joined(separator: " ") + (keepsShop ? at : dep)))
    }
}

/// The rows of the visible page, derived from the comparison once per change of it (Decimal
/// arithmetic and formatting are slow; a digit typed into a field changes none of this).
public struct TablePage: Equatable, Sendable {
    var comparisonID: ComparisonID?
    var revision: Int
    /// The products shown, by index, in the table's order.
    public private(set) var indices: [Int]
    public private(set) var rows: [ProductRowText]
    /// What each row's empty unit and shop suggest (`Comparison.suggestion(for:session:)`), by position like `rows`:
    /// found once per change of the comparison, not at every frame (each may look back over every product).
    public private(set) var suggestions: [Suggestion] = []
    /// Two shops or more among the rows, a suggested one (`@ Lidl?`) included: each row's shop is kept whole, its name
    /// cut instead (decision 111). Found with the rows: the layout and the drawing of every frame ask.
    private(set) var showsSeveralShops = false
    /// What every row's verdict and unit price depend on besides its own product.
    var context: Context?
    /// The best unit price per basis, as shown in the summary (nil while nothing is ranked).
    public private(set) var bestText: String?
    /// The best value's product: its index (checked again after each change) and its label.
    var bestIndex: Int?
    public private(set) var bestLabel: String?

    struct Context: Equatable, Sendable {
        var best: UnitPrice?
        var basis: ComparisonBasis?
        var volumeSystem: VolumeSystem
        var toBuy: ProductID?
        /// Who is shopping: an offer's mark depends on it.
        var shopper: Shopper = Shopper()
    }

    public static let empty = TablePage(comparisonID: nil, revision: -1, indices: [], rows: [], context: nil)

    init(comparisonID: ComparisonID?, revision: Int, indices: [Int], rows: [ProductRowText], context: Context?) {
        self.comparisonID = comparisonID
        self.revision = revision
        self.indices = indices
        self.rows = rows
        self.context = context
    }

    /// The rows of the products at `indices`; rows of `previous` whose product and context are unchanged are
    /// kept, with only their rank looked up again (one edit shifts the ranks of others). Without a session, no
    /// suggestions and no shop you are in.
    public init(_ comparison: Comparison, indices: [Int], reusing previous: TablePage = .empty, session: Session? = nil) {
        let toBuy = Self.productToBuy(comparison, at: session?.shop)
        let context = Context(best: comparison.bestUnitPrice, basis: comparison.basis, volumeSystem: comparison.volumeSystem,
                              toBuy: toBuy, shopper: comparison.shopper)
        let reusable = previous.comparisonID == comparison.id && previous.context == context
        let rows = indices.map { index -> ProductRowText in
            let product = comparison.products[index]
            if reusable, case var row? = previous.rowIfShown(index), row.product == product {
                if let price = row.unitPriceValue { row.rank = String(comparison.rank(of: price)) }
                return row
            }
            return ProductRowText(product, in: comparison, toBuy: toBuy)
        }
        self.init(comparisonID: comparison.id, revision: comparison.revision, indices: indices, rows: rows, context: context)
        suggestions = indices.map { index in session.map { comparison.suggestion(for: index, session: $0) } ?? Suggestion() }
        showsSeveralShops = Set((rows.compactMap(\.shop) + suggestions.compactMap(\.shop)).compactMap { ShopName($0)?.text.lowercased() }).count > 1
        bestText = comparison.bestUnitPrice.flatMap(comparison.pricePerBasisText)
        if let best = comparison.bestUnitPrice {
            // Typing more products keeps the best where it was: found again only when it moved or changed.
            let products = comparison.products
            if previous.comparisonID == comparison.id, let kept = previous.bestIndex, products.indices.contains(kept),
               comparison.unitPrice(of: products[kept]) == best {
                bestIndex = kept
            } else {
                // Usually the product just edited, which is on the page: looked for there before everywhere.
                bestIndex = indices.sorted().first { comparison.unitPrice(of: products[$0]) == best }
                    ?? products.indices.first { comparison.unitPrice(of: products[$0]) == best }
            }
            bestLabel = bestIndex.map { TerminalText.singleLine(products[$0].label) }
        }
    }

    /// The shopping list's product to buy, by `ListItem`'s rule (`ProductChoice`): without a current shop the pinned
    /// one (the best value is marked already); at a shop, one pass over the products, only with a shop.
    static func productToBuy(_ comparison: Comparison, at shop: ShopName?) -> ProductID? {
        guard let shop else { return comparison.pinned }
        var choice = ProductChoice<(id: ProductID, price: UnitPrice)>(pinned: comparison.pinned)
        for product in comparison.products {
            let place = ProductChoice<(id: ProductID, price: UnitPrice)>.place(of: product.shop, at: shop)
            if case .elsewhere = place { continue }
            guard let price = comparison.unitPrice(of: product) else { continue }
            choice.offer((product.id, price), id: product.id, place: place) { $0.price < $1.price }
        }
        return choice.chosen?.id
    }

    public init(_ comparison: Comparison, range: Range<Int>) {
        self.init(comparison, indices: Array(range))
    }


    func isCurrent(for comparison: Comparison, indices: [Int]) -> Bool {
        comparisonID == comparison.id && revision == comparison.revision && self.indices == indices
    }

    /// The row of product `index`, which must be shown.
    public func row(_ index: Int) -> ProductRowText { rowIfShown(index)! }

    /// What product `index`'s empty fields suggest, which must be shown.
    public func suggestion(_ index: Int) -> Suggestion { indices.firstIndex(of: index).map { suggestions[$0] }! }

    func rowIfShown(_ index: Int) -> ProductRowText? {
        indices.firstIndex(of: index).map { rows[$0] }
    }
}
