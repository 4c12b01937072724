import Foundation
import PerCore

/// A decimal from its text; the text must be a valid decimal.
public func decimal(_ text: String) -> Decimal { DecimalText.parse(text)! }

public func product(_ name: String, _ price: String?, _ quantity: String?, _ unit: MeasureUnit?) -> Product {
    Product.fixture(name: name, price: price.map(decimal), quantity: quantity.map(decimal), unit: unit)
}

/// A comparison with hostile text and awkward decimals.
public func sampleComparison(title: String = "Oats, \"rolled\"\nstraße 🥣") -> Comparison {
    Comparison(
        title: title,
        products: [
            product("Brand \"A\", big", "3.99", "500", .gram),
            product("Crème fraîche\r\nline two", "0.1", "12.345678901", .kilogram),
            product("", nil, nil, nil),
            product("tab\there", "1234567890.123456789", "0.0000001", .ounce),
        ],
        basis: ComparisonBasis(amount: 100, unit: .gram),
        volumeSystem: .imperial)
}
