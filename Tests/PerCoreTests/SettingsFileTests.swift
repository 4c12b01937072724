import Foundation
import Testing
@testable import PerCore
import TestSupport

/// The settings file's parsing (pure), the decimal mark and the currency's placement.
@Suite struct SettingsFileTests {
    @Test func readsKeysValuesCommentsAndBlankLines() throws {
        let file = try SettingsFile(parsing: """
            # per's settings
            currency = €

            decimal=,
              stale-days =  30\t
            mouse = no
            uk = yes
            store = Lidl
            db = ~/per.sqlite
            currency-format = {amount} €\r
            """)
        #expect(file[.currency] == SettingsFile.Entry(value: .currency(try Currency(validating: "€")), line: 2))
        #expect(file[.decimal] == SettingsFile.Entry(value: .decimal(.comma), line: 4))
        #expect(file[.staleDays] == SettingsFile.Entry(value: .days(30), line: 5))
        #expect(file[.mouse]?.value == .flag(false))
        #expect(file[.uk]?.value == .flag(true))
        #expect(file[.shop] == SettingsFile.Entry(value: .text("Lidl"), line: 8))
        #expect(file[.db]?.value == .text("~/per.sqlite"))
        #expect(file[.currencyFormat]?.value == .currency(try Currency(validating: "€").placed(Currency.Placement(.after, spaced: true))))
        #expect(try SettingsFile(parsing: "") == SettingsFile())
    }

    @Test(arguments: [
        ("currency = €\ncolour = red", "line 2: unknown setting 'colour' (settings: db, currency, currency-format, decimal, shop, stale-days, mouse, uk, accessible, member, ambiguous)"),
        ("\n\ncurrency €", "line 3: 'currency €' is not 'key = value'"),
        ("decimal = ;", "line 1: decimal: ';' is not . or ,"),
        ("stale-days = 0", "line 1: stale-days: '0' is not a number of days from 1 to 3650"),
        ("stale-days = -1", "line 1: stale-days: '-1' is not a number of days from 1 to 3650"),
        ("mouse = maybe", "line 1: mouse: 'maybe' is not yes or no"),
        ("currency = 3€", "line 1: currency: invalid currency '3€': '3' can't be part of a currency (no spaces, digits or . , + - * / = x)"),
        ("currency-format = € {amount} €", "line 1: currency-format: invalid currency format '€ {amount} €': put the currency on one side of {amount}, e.g. {amount} € or €{amount}"),
        ("currency-format = €", "line 1: currency-format: invalid currency format '€': write {amount} once with the currency before or after it, e.g. {amount} € or €{amount}"),
        ("db = per.sqlite", "line 1: db: give the database file's full path, from / or ~/"),
        ("shop = Aldi\nstore = Lidl", "line 2: shop is set twice (first on line 1)"),
        ("currency =", "line 1: currency: invalid currency '': give a symbol or code, e.g. €, $ or CHF"),
    ])
    func refusesABadLineNamingIt(text: String, message: String) {
        #expect(throws: SettingsFile.Problem.self) { try SettingsFile(parsing: text) }
        do {
            _ = try SettingsFile(parsing: text)
        } catch {
            #expect(error.message == message)
        }
    }

    /// Issue 28: `#` starts a comment anywhere outside a quoted value (the README's own `decimal = ,  # 3,99 €…` was
    /// read as the value `,  # 3,99 €…` and refused); a quoted value keeps its `#`, `\"` and `\\`.
    @Test func aCommentMayFollowAValueAndAQuotedValueKeepsItsHash() throws {
        let file = try SettingsFile(parsing: """
            decimal = ,        # 3,99 € in the app and in tables
            currency = €#euro
            shop = "No #1 \\\\ \\\"Deli\\\""   # quoted
            db = "/srv/per#2/per.sqlite"
            stale-days = 30#days
            mouse = "no"
            """)
        #expect(file[.decimal] == SettingsFile.Entry(value: .decimal(.comma), line: 1))
        #expect(file[.currency]?.value == .currency(try Currency(validating: "€")))
        #expect(file[.shop] == SettingsFile.Entry(value: .text(#"No #1 \ "Deli""#), line: 3))
        #expect(file[.db]?.value == .text("/srv/per#2/per.sqlite"))
        #expect(file[.staleDays]?.value == .days(30))
        #expect(file[.mouse]?.value == .flag(false))
    }

    @Test(arguments: [
        ("currency = €\nshop = \"No #1   # unterminated", #"line 2: shop: the opening quote has no closing one ("No #1   # unterminated)"#),
        ("shop = \"No #1\\\"", #"line 1: shop: the opening quote has no closing one ("No #1\")"#),
        ("shop = \"Aldi\" Nord", "line 1: shop: 'Nord' follows the closing quote (a comment starts with #)"),
        ("decimal = # none", "line 1: decimal: '' is not . or ,"),
        ("stale-days 30  # a month", "line 1: 'stale-days 30' is not 'key = value'"),
        ("currency # = €", "line 1: 'currency' is not 'key = value'"),
    ])
    func refusesABadQuoteOrCommentNamingTheLine(text: String, message: String) {
        expectRefused(text, saying: message)
    }

    /// Issue 28: what `per config` writes for a setting (`SettingsFile.line`) reads back to the same value, for every
    /// key, with the values that need quoting (a `#`, a quote first, spaces at an end, a backslash).
    @Test(arguments: SettingsFile.Key.allCases)
    func aWrittenLineReadsBackToTheSameValue(key: SettingsFile.Key) throws {
        let values: [String] = switch key {
        case .db: ["/srv/per/per.sqlite", "~/per.sqlite", "/srv/per #2/\"a\" b\\.sqlite", "/srv/per/ends in space "]
        case .currency: ["€", "CHF", "R$", "#"]
        case .currencyFormat: ["{amount} €", "€{amount}", "€ {amount}", "{amount}#", "\"{amount}"]
        case .decimal: [".", ","]
        case .shop: ["Lidl", "No #1", " Aldi ", "\"Deli\"", "a\\b", "Café \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "#"]
        case .staleDays: ["1", "60", "3650"]
        case .mouse, .uk, .accessible: ["yes", "no"]
        case .member: ["Clubcard", "Clubcard, Lidl Plus", "No #1"]
        case .ambiguous: ["wide", "narrow"]
        }
        for value in values {
            let line = SettingsFile.line(key, value)
            let read = try SettingsFile(parsing: "# per config\n" + line + "   # option --\(key.rawValue)\n")
            #expect(read[key] == SettingsFile.Entry(value: try SettingsFile.value(of: key, value), line: 2), "\(line)")
        }
    }

    /// Issue 32: a file saved on Windows (CRLF) or an old Mac (CR) reads line by line; Swift's "\r\n" is one
    /// Character, so splitting at "\n" read a CRLF file as one line.
    @Test(arguments: ["\r\n", "\r", "\n"])
    func readsEveryLineEnding(end: String) throws {
        let file = try SettingsFile(parsing: ["# per", "currency = €", "", "decimal = ,", "stale-days = 30"].joined(separator: end) + end)
        #expect(file[.currency] == SettingsFile.Entry(value: .currency(try Currency(validating: "€")), line: 2))
        #expect(file[.decimal] == SettingsFile.Entry(value: .decimal(.comma), line: 4))
        #expect(file[.staleDays]?.line == 5)
        #expect(throws: SettingsFile.Problem(line: 3, reason: "mouse: 'maybe' is not yes or no")) {
            try SettingsFile(parsing: ["currency = €", "", "mouse = maybe"].joined(separator: end))
        }
    }

    /// Issue 32: Notepad's UTF-8 byte order mark at the start is skipped (it made `unknown setting 'currency'`).
    @Test func skipsAByteOrderMark() throws {
        let file = try SettingsFile(parsing: "\u{FEFF}currency = €\r\ndecimal = ,\r\n")
        #expect(file[.currency]?.line == 1 && file[.decimal]?.line == 2)
    }

    /// Issue 32: an invisible character in a value is refused, naming the setting and its code point; one in a key
    /// says so beside `unknown setting`. An emoji joined by U+200D is a character like any other.
    @Test(arguments: [
        ("shop = Li\u{200B}dl", "line 1: shop: U+200B is an invisible character"),
        ("shop = Lidl\u{FEFF}", "line 1: shop: U+FEFF is an invisible character"),
        ("shop = a\u{200D}b", "line 1: shop: U+200D is an invisible character"),
        ("shop = a\u{200C}b", "line 1: shop: U+200C is an invisible character"),
        ("shop = \u{202E}ldiA", "line 1: shop: U+202E is an invisible character"),
        ("currency = \u{2066}€", "line 1: currency: U+2066 is an invisible character"),
        ("decimal = ,\u{200E}", "line 1: decimal: U+200E is an invisible character"),
        ("db = /srv/per\u{200F}.sqlite", "line 1: db: U+200F is an invisible character"),
        ("currency-format = {amount} \u{2060}€", "line 1: currency-format: U+2060 is an invisible character"),
        ("cur\u{200B}rency = €", "line 1: unknown setting 'cur\u{200B}rency' (U+200B is an invisible character) (settings: db, currency, currency-format, decimal, shop, stale-days, mouse, uk, accessible, member, ambiguous)"),
    ])
    func refusesInvisibleCharacters(text: String, message: String) {
        expectRefused(text, saying: message)
    }

    @Test func anEmojiSequenceIsNotInvisible() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(try SettingsFile(parsing: "shop = \(family) Deli")[.shop]?.value == .text("\(family) Deli"))
        #expect(SettingText.problem(in: "\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}") == nil)   // Wales' flag
        #expect(SettingText.problem(in: "1\u{200D}") == .invisible("\u{200D}"))
    }

    @Test(arguments: [
        ("€", DecimalMark.point, "€3.99"), ("€", .comma, "3,99 €"), ("$", .point, "$3.99"), ("£", .point, "£3.99"),
        ("CHF", .point, "CHF 3.99"), ("EUR", .comma, "EUR 3,99"), ("kr", .comma, "3,99 kr"), ("R$", .comma, "R$3,99"),
    ])
    func currencyFollowsItsConvention(text: String, decimal: DecimalMark, shown: String) throws {
        let currency = try Currency(validating: text).placed(.conventional(for: text, decimal: decimal))
        #expect(MoneyFormat(currency: currency, decimal: decimal).shown("3.99") == shown)
    }

    @Test(arguments: [("{amount} €", "3.99 €"), ("€{amount}", "€3.99"), ("€ {amount}", "€ 3.99"), ("{amount}kr", "3.99kr"), ("CHF {amount}", "CHF 3.99")])
    func currencyFormatPlacesTheCurrency(pattern: String, shown: String) throws {
        let currency = try Currency(pattern: pattern)
        #expect(currency.format("3.99") == shown)
        #expect(currency.pattern == pattern)
    }

    @Test func decimalCommaChangesOnlyPoints() {
        #expect(DecimalMark.comma.shown("+12.5% more") == "+12,5% more")
        #expect(DecimalMark.comma.shown("1234") == "1234")
        #expect(DecimalMark.point.shown("3.99") == "3.99")
    }

    /// What to buy, named by its quantity when it has no name, reads with the decimal mark too (`1,5 L`); a name is kept.
    @Test func aProductToBuyNamedByItsQuantityTakesTheMark() {
        let cola = Comparison(id: "c", title: "Cola", products: [Product.fixture(id: "p", price: Decimal(string: "1.29"), quantity: Decimal(string: "1.5"), unit: .liter)])
        let named = Comparison(id: "n", title: "Tea", products: [Product.fixture(id: "q", name: "Earl 2.5", price: 3, quantity: 1, unit: .kilogram)])
        let buy = ListItem(count: 1, ticked: false, pinned: nil, comparison: cola).productToBuy(), tea = ListItem(count: 1, ticked: false, pinned: nil, comparison: named).productToBuy()
        #expect(buy?.label(decimal: .comma) == "1,5 L" && buy?.label(decimal: .point) == "1.5 L")
        #expect(tea?.label(decimal: .comma) == "Earl 2.5")
        let trip = TripReport([ListEntry(id: "c", title: "Cola", productCount: 1, item: ListItem(count: 1, ticked: false, pinned: nil, comparison: cola))], decimal: .comma)
        #expect(trip.render(.markdown).hasPrefix("- [ ] 1× Cola: 1,5 L, 1 × 1,29 = 1,29\n"))
    }

    /// `text` is refused as a settings file, with `message`.
    private func expectRefused(_ text: String, saying message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: SettingsFile.Problem.self, sourceLocation: sourceLocation) { try SettingsFile(parsing: text) }
        do { _ = try SettingsFile(parsing: text) } catch { #expect(error.message == message, sourceLocation: sourceLocation) }
    }
}
