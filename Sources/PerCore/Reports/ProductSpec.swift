import Foundation

/// A product written on the command line: `[NAME=]PRICE/QUANTITY UNIT[/USES][+DEPOSITdep][:DEAL][@STORE]`, e.g.
/// `oats=6.99/1kg@Costco`, `4.49/6x330ml`, `11.99/2.5l/50washes`. The first `/` separates price from quantity; the quantity may hold one keypad operation; the
/// last `@` after it starts the shop.
public struct ProductSpec: Equatable, Sendable {
    public var product: Product

    public struct ParseError: Error, Equatable, Sendable {
        public var argument: String
        public var reason: String
        /// A long argument is named by its start (a pasted 5,000-character name would fill the terminal).
        public var message: String {
            let shown = argument.unicodeScalars.count > 80 ? String(argument.prefix(40)) + "…" : argument
            return "invalid item '\(shown)': \(reason)"
        }
    }

    /// `currency`: a price may carry it (`$3.99`).
    public static func parse(_ argument: String, currency: Currency? = nil) -> Result<Product, ParseError> {
        func fail(_ reason: String) -> Result<Product, ParseError> { .failure(ParseError(argument: argument, reason: reason)) }
        var name = ""
        var rest = Substring(argument)
        // The shop (after the last `@` that follows a `/`) may hold `=`: the name's `=` is looked for before it.
        let storeStart = argument.lastIndex(of: "@").flatMap { at in argument[..<at].contains("/") ? at : nil } ?? argument.endIndex
        if let equals = argument[..<storeStart].lastIndex(of: "=") {
            name = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
            rest = argument[argument.index(after: equals)...]
        }
        guard let slash = rest.firstIndex(of: "/") else {
            return fail("expected PRICE/QUANTITY UNIT, e.g. 3.99/500g")
        }
        let priceText = String(rest[..<slash]).trimmingCharacters(in: .whitespaces)
        var amountText = rest[rest.index(after: slash)...].trimmingCharacters(in: .whitespaces)
        var shop = ""
        if let at = amountText.lastIndex(of: "@") {
            shop = String(amountText[amountText.index(after: at)...]).trimmingCharacters(in: .whitespaces)
            amountText = String(amountText[..<at]).trimmingCharacters(in: .whitespaces)
            if shop.isEmpty { return fail("missing shop after @ (e.g. 6.99/1kg@Costco)") }
            if let problem = FieldText.commandLineProblem(in: shop) { return fail("the shop " + problem) }
        }
        if let problem = FieldText.commandLineProblem(in: name) { return fail("the name " + problem) }
        // An offer after the amount (and its deposit): `1.79/500g:2for3.00`, `2.50/1kg:Clubcard1.99`, `:3pay2`,
        // `:2for3.00until2026-12-31` (decision 288); read as the app's Deal field reads it, once the price is known.
        var dealText: String? = nil
        if let colon = amountText.firstIndex(of: ":") {
            dealText = String(amountText[amountText.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            amountText = String(amountText[..<colon]).trimmingCharacters(in: .whitespaces)
            if dealText!.isEmpty { return fail("missing offer after : (e.g. 1.79/500g:2for3.00 or :Clubcard1.50)") }
            if let problem = FieldText.commandLineProblem(in: dealText!) { return fail("the offer " + problem) }
        }
        // A deposit per pack after the unit: `12.99/24x0.33l+3.42dep` (`dep` or `deposit`); never part of the unit price.
        var deposit: Decimal? = nil
        if let split = splitDeposit(amountText) {
            amountText = split.amount
            let bare = (currency.map { $0.stripped(from: split.deposit) } ?? split.deposit).trimmingCharacters(in: .whitespaces)
            if bare.first == "-" || bare.first == "−" { return fail("deposit '\(split.deposit)' is negative") }
            guard case .success(let plain) = NumberGrouping.ungrouped(bare), let value = plainNumber(plain) else {
                return fail(split.deposit.isEmpty ? "missing deposit before dep (e.g. +0.25dep)" : "deposit '\(split.deposit)' is not a number (e.g. +0.25dep)")
            }
            if let violation = NumberRange.violation(ofText: plain) ?? NumberRange.violation(of: value) {
                return fail("deposit " + violation.message(naming: "'\(split.deposit)'"))
            }
            deposit = value > 0 ? value : nil
        }
        // How many uses the product holds after the unit: `11.99/2.5l/50washes` (decision 310); the last `/` whose text
        // before it holds a letter (a unit), so `500/2g`, one keypad operation, stays a quantity.
        var uses: Uses? = nil
        if let slash = amountText.lastIndex(of: "/"), amountText[..<slash].contains(where: \.isLetter) {
            let usesText = String(amountText[amountText.index(after: slash)...]).trimmingCharacters(in: .whitespaces)
            amountText = String(amountText[..<slash]).trimmingCharacters(in: .whitespaces)
            if usesText.isEmpty { return fail("missing uses after / (e.g. 11.99/2.5l/50washes)") }
            if let earlier = amountText.lastIndex(of: "/"), amountText[..<earlier].contains(where: \.isLetter) {
                return fail("a product holds one count of uses after its unit (e.g. 11.99/2.5l/50washes); '\(amountText[amountText.index(after: earlier)...])' is a second")
            }
            switch Uses.parse(usesText) {
            case .success(let value): uses = value
            case .failure(let problem): return fail("uses '\(usesText)': " + problem.message)
            }
        }
        /// A price or quantity: a plain number anywhere in `NumberRange` (`.000000000001`, which has more digits than the
        /// keypad takes), or one keypad operation (`6x330`), above zero. Refusals in command-line words, naming the field.
        func positive(_ text: String, _ field: String) -> Result<Decimal, ParseError> {
            func failing(_ reason: String) -> Result<Decimal, ParseError> { .failure(ParseError(argument: argument, reason: reason)) }
            guard !text.isEmpty else { return failing("missing \(field)") }
            let bare = (field == "price" ? currency.map { $0.stripped(from: text) } ?? text : text).trimmingCharacters(in: .whitespaces)
            if bare.first == "-" || bare.first == "−" { return failing("\(field) '\(text)' is negative") }
            if case .success(let plain) = NumberGrouping.ungrouped(bare), let value = plainNumber(plain) {
                if let violation = NumberRange.violation(ofText: plain) ?? NumberRange.violation(of: value) {
                    return failing("\(field) " + violation.message(naming: "'\(text)'"))
                }
                return value > 0 ? .success(value) : failing("\(field) must be above zero")
            }
            switch CalculatorEngine.value(ofTyped: text, currency: field == "price" ? currency : nil) {
            case .success(let value?): return value > 0 ? .success(value) : failing("\(field) must be above zero")
            case .success(nil): return failing("missing \(field)")
            case .failure(let error):
                if let character = error.character, case .operation? = CalculatorKey(character: character),
                   operationCount(in: bare) > 1 {
                    return failing("\(field) '\(text)': one operation at most")
                }
                return failing("\(field) \(error.message)")
            }
        }
        let price: Decimal, quantity: Decimal
        switch positive(priceText, "price") {
        case .success(let value): price = value
        case .failure(let error): return .failure(error)
        }
        let (quantityText, unitText) = splitQuantity(amountText)
        switch positive(quantityText, "quantity") {
        case .success(let value): quantity = value
        case .failure(let error): return .failure(error)
        }
        guard !unitText.isEmpty else { return fail("missing unit (e.g. g, kg, ml, l, oz, lb, fl oz, each)") }
        guard let unit = MeasureUnit(parsing: unitText) else {
            return fail("unknown unit '\(unitText)' (a unit such as g, ml, m, m2, each, or a word of at most \(CountWord.maximumLength) letters)")
        }
        var deal: Deal? = nil
        if let dealText {
            switch Deal.parse(spaced(dealText), shelf: price, today: nil) {
            case .success(let offer): deal = offer
            case .failure(let problem): return fail("offer '\(dealText)': " + problem.message)
            }
        }
        return .success(Product(id: .random(), name: name, price: price, quantity: quantity, unit: unit, pack: nil, shop: shop, seen: nil, deposit: deposit,
                                deal: deal, uses: uses))
    }

    /// `2for3.00until2026-12-31` as `2 for 3.00 until 2026-12-31`, `Clubcard1.50` as `Clubcard 1.50`: a space where a
    /// word meets a number (a command line's offer is one word).
    static func spaced(_ text: String) -> String {
        var out = ""
        var previous: Character? = nil
        for character in text {
            if let previous, previous != " ", character != " ",
               (previous.isLetter && (character.isNumber || character == ".")) || ((previous.isNumber || previous == ".") && character.isLetter) {
                out.append(" ")
            }
            out.append(character)
            previous = character
        }
        return out
    }

    /// The amount and the deposit's text of `5/24x0.33l+3.42dep` (`dep` or `deposit`, any case, after the last `+`);
    /// nil when the amount ends in neither.
    static func splitDeposit(_ text: String) -> (amount: String, deposit: String)? {
        let lower = text.lowercased()
        guard let word = ["deposit", "dep"].first(where: { lower.hasSuffix($0) }), let plus = text.lastIndex(of: "+") else { return nil }
        let number = text[text.index(after: plus)...].dropLast(word.count)
        return (String(text[..<plus]).trimmingCharacters(in: .whitespaces), number.trimmingCharacters(in: .whitespaces))
    }

    /// `text` as a number when it is only digits with at most one point (`.5`, `12.`, `0.000000000001`).
    static func plainNumber(_ text: String) -> Decimal? {
        var digits = 0, points = 0
        for character in text {
            switch character {
            case "0"..."9": digits += 1
            case ".": points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The operators in a price or quantity (an `x` between digits is one; a leading sign is not).
    static func operationCount(in text: String) -> Int {
        text.dropFirst().filter { character in
            guard let key = CalculatorKey(character: character), case .operation = key else { return false }
            return true
        }.count
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
