import Foundation

/// A product written on the command line: `[NAME=]PRICE/QUANTITY UNIT`, e.g. `oats=6.99/1kg`, `4.49/6x330ml`.
/// The first `/` separates price from quantity; the quantity may hold one keypad operation.
public struct ProductSpec: Equatable, Sendable {
    public var product: Product

    public struct ParseError: Error, Equatable, Sendable {
        public var argument: String
        public var reason: String
        public var message: String { "invalid item '\(argument)': \(reason)" }
    }

    public static func parse(_ argument: String) -> Result<Product, ParseError> {
        func fail(_ reason: String) -> Result<Product, ParseError> { .failure(ParseError(argument: argument, reason: reason)) }
        var name = ""
        var rest = Substring(argument)
        if let equals = argument.lastIndex(of: "=") {
            name = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
            rest = argument[argument.index(after: equals)...]
        }
        guard let slash = rest.firstIndex(of: "/") else {
            return fail("expected PRICE/QUANTITY UNIT, e.g. 3.99/500g")
        }
        let priceText = String(rest[..<slash]).trimmingCharacters(in: .whitespaces)
        let amountText = rest[rest.index(after: slash)...].trimmingCharacters(in: .whitespaces)
        guard !priceText.isEmpty else { return fail("missing price") }

        let price: Decimal
        switch CalculatorEngine.value(ofTyped: priceText) {
        case .success(let value?): price = value
        case .success(nil): return fail("missing price")
        case .failure(let error): return fail("price \(error.message)")
        }
        guard price > 0 else { return fail("price must be above zero") }

        let (quantityText, unitText) = splitQuantity(amountText)
        guard !quantityText.isEmpty else { return fail("missing quantity") }
        let quantity: Decimal
        switch CalculatorEngine.value(ofTyped: quantityText) {
        case .success(let value?): quantity = value
        case .success(nil): return fail("missing quantity")
        case .failure(let error): return fail("quantity \(error.message)")
        }
        guard quantity > 0 else { return fail("quantity must be above zero") }
        guard !unitText.isEmpty else { return fail("missing unit (e.g. g, kg, ml, l, oz, lb, fl oz, each)") }
        guard let unit = MeasureUnit(parsing: unitText) else { return fail("unknown unit '\(unitText)'") }
        return .success(Product(name: name, price: price, quantity: quantity, unit: unit))
    }

    /// Splits `6x330 ml` into `6x330` and `ml`: the quantity is digits, points and operators;
    /// an `x` counts as times only between digits.
    static func splitQuantity(_ text: String) -> (String, String) {
        let characters = Array(text)
        var end = 0
        while end < characters.count {
            let c = characters[end]
            let isTimesX = (c == "x" || c == "X") && end + 1 < characters.count && characters[end + 1].isNumber
            guard c.isNumber || c == "." || c == "," || "+-*/×÷−".contains(c) || isTimesX || c == " " else { break }
            end += 1
        }
        let quantity = String(characters[..<end]).trimmingCharacters(in: .whitespaces)
        let unit = String(characters[end...]).trimmingCharacters(in: .whitespaces)
        return (quantity, unit)
    }
}
