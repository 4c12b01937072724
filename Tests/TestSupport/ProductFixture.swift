import Foundation
import PerCore

extension Product {
    /// A product for a test: what is not said is not set (a random id).
    public static func fixture(id: ProductID = .random(), name: String = "", price: Decimal? = nil, quantity: Decimal? = nil,
                               unit: MeasureUnit? = nil, pack: Multipack? = nil, shop: String = "", seen: CalendarDay? = nil,
                               deposit: Decimal? = nil) -> Product {
        Product(id: id, name: name, price: price, quantity: quantity, unit: unit, pack: pack, shop: shop, seen: seen, deposit: deposit)
    }
}
