import Foundation

/// Where a product stands in its comparison.
public enum Standing: Equatable, Sendable {
    case excluded(ProductProblem)
    case ranked(rank: Int, unitPrice: UnitPrice, verdict: Verdict)
}

public enum Verdict: Equatable, Sendable {
    case bestValue
    /// Percent more than the best value, already rounded for display.
    case more(percent: Decimal)

    public var text: String {
        switch self {
        case .bestValue: "Best value"
        case .more(let percent): "+\(DecimalText.format(percent))% more"
        }
    }

    /// For a narrow column: "Best", "+14%".
    public var shortText: String {
        switch self {
        case .bestValue: "Best"
        case .more(let percent): "+\(DecimalText.format(percent))%"
        }
    }
}

/// A titled list of products of one unit family, ranked by unit price.
///
/// The ranking is derived from the products but kept as a sorted multiset of unit prices,
/// updated incrementally, so that changing one product of 100,000 costs a binary search.
public struct Comparison: Equatable, Sendable {
    /// The name of a comparison without a title, the same everywhere: the app, `per lists`, `per show Untitled`.
    public static let untitled = "Untitled"
    /// The title as shown, `untitled` when empty.
    public var displayTitle: String { title.isEmpty ? Self.untitled : title }
    /// No title and no product holding anything: a blank page, not kept when the user leaves it.
    public var isBlank: Bool { title.isEmpty && products.allSatisfy(\.isBlank) }

    public var id: ComparisonID
    public var title: String
    public private(set) var products: [Product] {
        didSet { revision &+= 1 }
    }
    /// The comparison unit the user picked; ignored while it is not of the products' family.
    public var chosenBasis: ComparisonBasis? {
        // By use or not changes every unit price (decision 304); per kg or per 100 g only how they are shown.
        didSet { if chosenBasis?.useWord != oldValue?.useWord { rebuildRanking() } else { revision &+= 1 } }
    }
    public var volumeSystem: VolumeSystem {
        didSet { if volumeSystem != oldValue { rebuildRanking() } }
    }
    /// The product the user chose to buy instead of the best value (the shopping list's product to buy); a
    /// product that is gone or not ranked pins nothing.
    public var pinned: ProductID? {
        didSet { revision &+= 1 }
    }
    /// Who is shopping (their member schemes, today): the ranking uses the price they will pay (`Product.pricePaid`,
    /// decision 285). Not part of `==`: it is the session's, not the comparison's data.
    public var shopper = Shopper() {
        didSet { if shopper != oldValue { rebuildRanking() } }
    }
    private var sortedUnitPrices = SortedUnitPrices([])
    /// Counts changes, so views can tell cheaply whether what they derived is still current.
    public private(set) var revision = 0

    public init(id: ComparisonID = .random(), title: String = "", products: [Product] = [], basis: ComparisonBasis? = nil, volumeSystem: VolumeSystem = .us,
                pinned: ProductID? = nil) {
        self.id = id
        self.pinned = pinned
        self.title = title
        self.products = products
        self.chosenBasis = basis
        self.volumeSystem = volumeSystem
        rebuildRanking()
    }

    public static func == (a: Comparison, b: Comparison) -> Bool {
        a.id == b.id && a.title == b.title && a.products == b.products && a.chosenBasis == b.chosenBasis && a.volumeSystem == b.volumeSystem
            && a.pinned == b.pinned
    }

    // MARK: Derived

    /// The family of the first product that has a unit.
    public var family: UnitFamily? { products.lazy.compactMap(\.unit).first?.family }

    /// The word a comparison by use counts (`per wash`, decision 304); nil when it compares by unit.
    public var useWord: CountWord? { chosenBasis?.useWord }

    /// Whether its products' units are not all of one family (only a comparison by use may hold such).
    public var hasMixedFamilies: Bool {
        guard let family else { return false }
        return products.contains { $0.unit.map { $0.family != family } ?? false }
    }

    public var basis: ComparisonBasis? {
        if let chosenBasis, chosenBasis.isByUse { return chosenBasis }
        guard let family else { return chosenBasis }
        if let chosenBasis, chosenBasis.family == family, NumberRange.contains(chosenBasis.amount) { return chosenBasis }
        return products.lazy.compactMap(\.unit).first.map(ComparisonBasis.following) ?? family.defaultBasis
    }

    /// `(US)` or `(UK)` while a customary volume (tsp to gal, whose size is either) is the comparison unit or a
    /// product's unit: its prices per unit say which; nil otherwise (metric volumes are the same in both).
    public var volumeSystemMark: String? {
        guard family == .volume, useWord == nil else { return nil }
        let inPlay = basis?.unit.sizeDependsOnVolumeSystem == true || products.contains { $0.unit?.sizeDependsOnVolumeSystem == true }
        return inPlay ? volumeSystem.mark : nil
    }

    /// The comparison unit as a shopper reads it, the volume system beside a customary volume: `fl oz (US)`, `kg`;
    /// empty without a unit.
    public var perLabel: String {
        guard let basis else { return "" }
        return volumeSystemMark.map { "\(basis.label) \($0)" } ?? basis.label
    }

    public var rankedCount: Int { sortedUnitPrices.count }
    public var bestUnitPrice: UnitPrice? { sortedUnitPrices.first }

    public func problem(of product: Product) -> ProductProblem? {
        guard let price = product.price, !price.isZero else { return .noPrice }
        if let violation = NumberRange.violation(of: price) { return .outOfRange(.price, violation) }
        if price.isSignMinus { return .negativePrice }   // not zero (above): below it
        // By use the uses are the amount: the size and unit may be anything, or not said (decision 305).
        if let word = useWord {
            if let uses = product.uses, uses.word != word, product.unit != .counted(word) { return .otherUses(uses.word, comparison: word) }
            return product.useCount(of: word) == nil ? .noUses(word) : nil
        }
        guard let quantity = product.quantity else { return .noQuantity }
        if let violation = NumberRange.violation(of: quantity) { return .outOfRange(.quantity, violation) }
        if quantity.isZero || quantity.isSignMinus { return .nonPositiveQuantity }
        guard let unit = product.unit else { return .noUnit }
        if let family, unit.family != family { return .otherFamily(unit.family, comparison: family) }
        return nil
    }

    public func unitPrice(of product: Product) -> UnitPrice? {
        guard problem(of: product) == nil else { return nil }
        return checkedUnitPrice(of: product)
    }

    /// The unit price of a product `problem(of:)` found nothing wrong with (its price, quantity and unit are set).
    private func checkedUnitPrice(of product: Product) -> UnitPrice? {
        if let word = useWord {
            guard let uses = product.useCount(of: word), let (price, packs) = product.paying(shopper) else { return nil }
            return UnitPrice(price: price, baseQuantity: uses * Decimal(packs))
        }
        guard let (_, shelfQuantity, unit) = product.pricing, let (price, packs) = product.paying(shopper) else { return nil }
        let quantity = shelfQuantity * Decimal(packs)
        return unit.hasPowerOfTenFactor ? UnitPrice(price: price, baseQuantity: unit.inBaseUnits(quantity, in: volumeSystem))
            : UnitPrice(price: price, quantity: quantity, factor: unit.factor(in: volumeSystem))
    }

    /// The shelf price's unit price of a product whose ranked one is an offer's (a multi-buy's, a member's); nil when
    /// the ranking uses the shelf price or the product is not ranked.
    public func shelfUnitPrice(of product: Product) -> UnitPrice? {
        guard product.pricePaid(by: shopper).applied != nil, problem(of: product) == nil else { return nil }
        if let word = useWord {
            guard let price = product.price, let uses = product.useCount(of: word) else { return nil }
            return UnitPrice(price: price, baseQuantity: uses)
        }
        guard let (price, quantity, unit) = product.pricing else { return nil }
        return unit.hasPowerOfTenFactor ? UnitPrice(price: price, baseQuantity: unit.inBaseUnits(quantity, in: volumeSystem))
            : UnitPrice(price: price, quantity: quantity, factor: unit.factor(in: volumeSystem))
    }

    /// Which of the product's prices the ranking uses (decision 285).
    public func pricePaid(of product: Product) -> PricePaid { product.pricePaid(by: shopper) }

    public func standing(of product: Product) -> Standing {
        if let problem = problem(of: product) { return .excluded(problem) }
        let unitPrice = checkedUnitPrice(of: product)!
        let rank = lowerBound(of: unitPrice) + 1
        guard let best = bestUnitPrice, best < unitPrice else {
            return .ranked(rank: rank, unitPrice: unitPrice, verdict: .bestValue)
        }
        return .ranked(rank: rank, unitPrice: unitPrice, verdict: .more(percent: unitPrice.percentMore(than: best)))
    }

    /// 1 + how many ranked products are strictly cheaper.
    public func rank(of unitPrice: UnitPrice) -> Int { lowerBound(of: unitPrice) + 1 }

    public func standing(at index: Int) -> Standing { standing(of: products[index]) }

    /// Price per basis for display, e.g. 7.98 (per kg).
    public func pricePerBasis(_ unitPrice: UnitPrice) -> Decimal? {
        guard let basis else { return nil }
        return unitPrice.price(per: basis.baseAmount(in: volumeSystem))
    }

    /// The price per basis as the table shows it (`MoneyFormat.unitPrice`), from the Double estimate when that
    /// decides every digit, else exactly.
    public func pricePerBasisText(_ unitPrice: UnitPrice) -> String? {
        guard let basis else { return nil }
        let baseAmount = basis.baseAmount(in: volumeSystem)
        return MoneyFormat.unitPriceText(estimate: unitPrice.estimatedPrice(per: baseAmount))
            ?? MoneyFormat.plain.unitPrice(unitPrice.price(per: baseAmount))
    }

    /// The ranked products' indices with their unit prices, cheapest first (ties in entry order); excluded
    /// products are left out.
    public var ranked: [(index: Int, unitPrice: UnitPrice)] {
        products.indices.compactMap { i in unitPrice(of: products[i]).map { (index: i, unitPrice: $0) } }
            // `<` settles most pairs from its estimate; `==` would multiply Decimals for every pair.
            .sorted { a, b in a.unitPrice < b.unitPrice || (!(b.unitPrice < a.unitPrice) && a.index < b.index) }
    }

    /// Indices of products in ranking order (cheapest first, ties in entry order), excluded products last.
    public var indicesByRank: [Int] {
        let ranked = self.ranked.map(\.index)
        let isRanked = Set(ranked)
        return ranked + products.indices.filter { !isRanked.contains($0) }
    }

    // MARK: Changing products

    public mutating func append(_ product: Product) {
        insert(product, at: products.count)
    }

    public mutating func insert(_ product: Product, at index: Int) {
        let familyBefore = family
        products.insert(product, at: index)
        if family != familyBefore { rebuildRanking(); return }
        if let price = unitPrice(of: product) { insertUnitPrice(price) }
    }

    public mutating func replaceProduct(at index: Int, with product: Product) {
        let familyBefore = family
        let old = unitPrice(of: products[index])
        products[index] = product
        if family != familyBefore { rebuildRanking(); return }
        switch (old, unitPrice(of: product)) {
        case (let old?, let new?): removeUnitPrice(old); insertUnitPrice(new)
        case (let old?, nil): removeUnitPrice(old)
        case (nil, let new?): insertUnitPrice(new)
        case (nil, nil): break
        }
    }

    public mutating func removeProduct(at index: Int) {
        let familyBefore = family
        let old = unitPrice(of: products[index])
        products.remove(at: index)
        if family != familyBefore { rebuildRanking(); return }
        if let old { removeUnitPrice(old) }
    }

    public mutating func removeAllProducts() {
        products.removeAll()
        sortedUnitPrices.removeAll()
        revision &+= 1
    }

    // MARK: The sorted multiset

    private mutating func rebuildRanking() {
        sortedUnitPrices = SortedUnitPrices(products.compactMap(unitPrice(of:)))
        revision &+= 1
    }

    /// The ranked unit prices nearest `price` below and above it, one equal to `leavingOut` passed over (the product's
    /// own): a price far from both is far from every other (decision 270), found in the sorted set, not by a walk of
    /// every product (100,000 of them took a third of a second).
    func nearestUnitPrices(to price: UnitPrice, leavingOut: UnitPrice?) -> [UnitPrice] {
        sortedUnitPrices.neighbours(of: price, leavingOut: leavingOut)
    }

    /// The number of unit prices strictly below `price`.
    private func lowerBound(of price: UnitPrice) -> Int {
        sortedUnitPrices.lowerBound(of: price)
    }

    private mutating func insertUnitPrice(_ price: UnitPrice) {
        sortedUnitPrices.insert(price)
        revision &+= 1
    }

    private mutating func removeUnitPrice(_ price: UnitPrice) {
        sortedUnitPrices.remove(price)
        revision &+= 1
    }
}
