import Foundation

// Numbers at import: what the app refuses, an import refuses too, naming the comparison, the
// product and the field, so that no file brings in a value per cannot compute with exactly
// (`NumberRange`), a price or quantity below zero, or a comparison mixing unit families.
// Kept apart from the readers (JSONExchange, CSVExchange), which call these after reading a product.
extension ComparisonExchange {
    /// `comparison 2 "Oats", product 3 "Jumbo", price`: where a value is, for a message.
    static func place(comparison title: String, number: Int, product: Int, name: String, field: String, what: String = "product") -> String {
        "comparison \(number) \(quoted(title)), \(what) \(product)\(name.isEmpty ? "" : " " + quoted(name)), \(field)"
    }

    /// Refuses a product the app could not rank for a reason in its numbers: a price or quantity outside
    /// `NumberRange` (judged on the text, before `Decimal` rounds it) or below zero. A unit of another family than the
    /// comparison's is `familyRefusal`'s.
    static func checkNumbers(
        of product: Product, priceText: String?, quantityText: String?,
        comparison title: String, number: Int, productNumber: Int, line: Int?, what: String = "product"
    ) throws(ExchangeError) {
        func refuse(_ field: String, _ problem: String) -> ExchangeError {
            ExchangeError(line: line, field: place(comparison: title, number: number, product: productNumber, name: product.name, field: field, what: what), problem: problem)
        }
        for (field, text, value) in [("price", priceText, product.price), ("quantity", quantityText, product.quantity)] {
            guard let value else { continue }
            let written = text.map(trimmed) ?? DecimalText.format(value)
            // Text that parsed is plain decimal notation, which `violation(ofText:)` judges exactly (and the value is
            // then the text's, exactly): the slower check of the Decimal is for a value without its text.
            // `1E-13` (a spreadsheet's) is judged as its plain notation (decision 364).
            let plain = DecimalText.plainFromScientific(written) ?? written
            if let violation = NumberRange.violation(ofText: plain) ?? (text == nil ? NumberRange.violation(of: value) : nil) {
                throw refuse(field, violation.message(naming: quoted(written)))
            }
            if value.sign == .minus && !value.isZero { throw refuse(field, "\(quoted(written)) is below zero") }
        }
    }

    /// Why a product whose unit is of another family than the comparison's (`family`, from its earlier products)
    /// cannot be in it; nil when it can. The reader hands such a product to `ExchangeSink.leaveOut`.
    static func familyRefusal(
        of product: Product, family: UnitFamily?, comparison title: String, number: Int, productNumber: Int, line: Int?, what: String = "product"
    ) -> ExchangeError? {
        guard let family, let unit = product.unit, unit.family != family else { return nil }
        return ExchangeError(line: line, field: place(comparison: title, number: number, product: productNumber, name: product.name, field: "unit", what: what),
                             problem: "\(unit.kindDescription), but the comparison is \(family.comparisonPhrase) (one comparison, one family of units)")
    }

    /// Refuses a comparison amount (`per 0.0000000000001 g`) outside `NumberRange`.
    static func checkBasisAmount(_ basis: ComparisonBasis, text: String, line: Int?, field: String) throws(ExchangeError) {
        let number = String(trimmed(text).drop { !$0.isNumber && $0 != "." }.prefix { $0.isNumber || $0 == "." })
        if let violation = NumberRange.violation(ofText: number) ?? NumberRange.violation(of: basis.amount) {
            throw ExchangeError(line: line, field: field, problem: "the amount in " + violation.message(naming: quoted(text)))
        }
    }
}
