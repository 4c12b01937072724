import Foundation

/// What the table shows for one product: its committed fields and where it stands, as text.
public struct ProductRowText: Equatable, Sendable {
    public var rank: String
    public var unitPrice: String
    /// "Best value", "+14% more", or why the product is not ranked.
    public var verdict: String
    public var isBest: Bool
    public var isRanked: Bool
    public var price: String?
    public var quantity: String?
    public var unit: String?
    public var name: String?
    /// What the texts were made from, so an unchanged row can be kept.
    let product: Product
    let unitPriceValue: UnitPrice?

    init(_ product: Product, in comparison: Comparison) {
        self.product = product
        unitPriceValue = comparison.unitPrice(of: product)
        switch comparison.standing(of: product) {
        case .excluded(let problem):
            (rank, unitPrice, verdict, isBest, isRanked) = ("-", "", problem.message, false, false)
        case .ranked(let r, let price, let v):
            rank = String(r)
            unitPrice = comparison.pricePerBasis(price).map(DecimalText.displayPrice) ?? ""
            verdict = v.text
            isBest = v == .bestValue
            isRanked = true
        }
        price = product.price.map { DecimalText.padFraction(DecimalText.format($0), to: 2) }
        quantity = product.quantityText
        unit = product.unit?.symbol
        name = product.name.isEmpty ? nil : product.name
    }
}

/// The rows of the visible page, derived from the comparison once per change of it (Decimal
/// arithmetic and formatting are slow; a digit typed into a field changes none of this).
public struct TablePage: Equatable, Sendable {
    var comparisonID: ComparisonID?
    var revision: Int
    public private(set) var range: Range<Int>
    public private(set) var rows: [ProductRowText]
    /// What every row's verdict and unit price depend on besides its own product.
    var context: Context?
    /// The best unit price per basis, as shown in the summary (nil while nothing is ranked).
    public private(set) var bestText: String?

    struct Context: Equatable, Sendable {
        var best: UnitPrice?
        var basis: ComparisonBasis?
        var volumeSystem: VolumeSystem
    }

    public static let empty = TablePage(comparisonID: nil, revision: -1, range: 0..<0, rows: [], context: nil)

    init(comparisonID: ComparisonID?, revision: Int, range: Range<Int>, rows: [ProductRowText], context: Context?) {
        self.comparisonID = comparisonID
        self.revision = revision
        self.range = range
        self.rows = rows
        self.context = context
    }

    /// The rows of `range`; rows of `previous` whose product and context are unchanged are kept,
    /// with only their rank looked up again (one edit shifts the ranks of others).
    public init(_ comparison: Comparison, range: Range<Int>, reusing previous: TablePage = .empty) {
        let context = Context(best: comparison.bestUnitPrice, basis: comparison.basis, volumeSystem: comparison.volumeSystem)
        let reusable = previous.comparisonID == comparison.id && previous.context == context
        let rows = range.map { index -> ProductRowText in
            let product = comparison.products[index]
            if reusable, previous.range.contains(index), case var row = previous.row(index), row.product == product {
                if let price = row.unitPriceValue { row.rank = String(comparison.rank(of: price)) }
                return row
            }
            return ProductRowText(product, in: comparison)
        }
        self.init(comparisonID: comparison.id, revision: comparison.revision, range: range, rows: rows, context: context)
        bestText = comparison.bestUnitPrice.flatMap(comparison.pricePerBasis).map(DecimalText.displayPrice)
    }

    func isCurrent(for comparison: Comparison, range: Range<Int>) -> Bool {
        comparisonID == comparison.id && revision == comparison.revision && self.range == range
    }

    /// The row of product `index`, which must be in `range`.
    public func row(_ index: Int) -> ProductRowText { rows[index - range.lowerBound] }
}
