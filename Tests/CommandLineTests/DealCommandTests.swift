import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Issue 38's deals and member prices on the command line: `per compare`'s `:2for3.00` and `:Clubcard1.50`, `--member`
/// and `member =`, `per show`, the export and import, `per trip` buying a multi-buy in its multiples (decisions 284-290).
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct DealCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }
    /// A settings folder of the test's own (no `member` unless a test writes one).
    var settings: [String: String] { ["XDG_CONFIG_HOME": folder.file("config")] }

    /// The yoghurt: 4 × 125 g at 1.89, 500 g at 1.79 or 2 for 3.00, 1 kg at 2.79. By hand, per kg: 1.89 / 0.5 = 3.78;
    /// 3.00 / 1 = 3.00 (the shelf's 1.79 / 0.5 = 3.58); 2.79, the best; 3.00 / 2.79 = 1.075: +8%; 3.78 / 2.79 = 1.355: +35%.
    @Test func theYoghurtOfferIsRankedAtTheMultiBuyAndTheVerdictSaysSo() throws {
        let table = run([perBinary, "compare", "--per", "kg", "pots=1.89/4x125g", "tub=1.79/500g:2for3.00", "big=2.79/1kg"], environment: settings)
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines == [
            "# Name Price Quantity Unit Per kg Deal",
            "1 big 2.79 1 kg 2.79 * Best value -",
            "2 tub 1.79 500 g 3.00 +8% more (deal 2 for 3.00) 2 for 3.00 (shelf 3.58)",
            "3 pots 1.89 4x125 g 3.78 +35% more -",
        ] || lines[2] == "2 tub 1.79 500 g 3.00 +8% more (deal 2 for 3.00) 2 for 3.00 (shelf 3.58)", "\(lines)")
        let json = run([perBinary, "compare", "--format", "json", "--per", "kg", "tub=1.79/500g:2for3.00", "big=2.79/1kg"], environment: settings)
        #expect(json.stdout.contains(#""deal": {"kind": "multibuy", "count": 2, "price": "3", "scheme": null, "until": null}, "paid": "multibuy", "shelfUnitPrice": "3.58"}"#),
                "\(json.stdout)")
        let csv = run([perBinary, "compare", "--format", "csv", "--per", "kg", "tub=1.79/500g:2for3.00"], environment: settings)
        let tub = ["name": "tub", "price": "1.79", "quantity": "500", "unit": "g", "unitPrice": "3", "per": "kg", "rank": "1", "best": "true",
                   "percentMore": "", "shop": "", "deal": "2 for 3.00", "paid": "multibuy", "shelfUnitPrice": "3.58"]
        #expect(csvHeader(csv.stdout) == ComparisonReport.csvHeader(with: ["deal", "paid", "shelfUnitPrice"]) && csvRows(csv.stdout) == [tub],
                "\(csv.stdout)")
    }

    /// 1 kg at 2.50, 1.99 with a Clubcard, beside 1 kg at 2.20: a member (`--member`, or `member =` in the settings
    /// file) pays 1.99, the best, 2.20 / 1.99 = 1.1055: +11%; anyone else 2.50, 2.50 / 2.20 = 1.136: +14%.
    @Test func aClubcardPriceIsRankedForAMemberOnly() throws {
        let items = ["card=2.50/1kg:Clubcard1.99", "plain=2.20/1kg"]
        let other = run([perBinary, "compare"] + items, environment: settings)
        #expect(other.stdout.contains("+14% more (shelf: no Clubcard member)"), "\(other.stdout)")
        let member = run([perBinary, "compare", "--member", "Clubcard"] + items, environment: settings)
        #expect(member.stdout.contains("1.99  * Best value (Clubcard price)") && member.stdout.contains("+11% more"), "\(member.stdout)")
        try FileManager.default.createDirectory(atPath: folder.file("config/per"), withIntermediateDirectories: true)
        try "member = Clubcard\n".write(toFile: folder.file("config/per/config"), atomically: true, encoding: .utf8)
        let fromFile = run([perBinary, "compare"] + items, environment: settings)
        #expect(fromFile.stdout == member.stdout, "\(fromFile.stdout)")
    }

    /// Bad offers are refused with what to type; a dearer multi-buy is kept and said to be no deal; an offer past its
    /// last day is the shelf price, and says so.
    @Test func badOffersAreRefusedAndAPastOneIsTheShelfPrice() throws {
        let zero = run([perBinary, "compare", "1.79/500g:2for0"], environment: settings)
        #expect(zero.status == 2 && zero.stderr.contains("offer '2for0': an offer of 0 for 2 is no price"), "\(zero.stderr)")
        let empty = run([perBinary, "compare", "1.79/500g:"], environment: settings)
        #expect(empty.status == 2 && empty.stderr.contains("missing offer after :"), "\(empty.stderr)")
        let dear = run([perBinary, "compare", "1.79/500g:2for4", "2/1kg"], environment: settings)
        #expect(dear.stdout.contains("(shelf: the offer is no deal)"), "\(dear.stdout)")
        let past = run([perBinary, "compare", "1.79/500g:2for3until2020-01-31", "4/1kg"], environment: settings)
        #expect(past.stdout.contains("3.58  * Best value (offer ended 2020-01-31)"), "\(past.stdout)")
    }

    /// Issue 38's bad input on the command line, each said clearly: a deposit above the price is kept (the ranking
    /// without it: 1.00 / 1 L, the best) and said on stderr; an import of an offer of 0 for 2 or of 0 uses is refused
    /// whole, naming it, the database as it was; a multi-buy dearer than its singles is kept and its verdict says so.
    @Test func badShelvesInputIsSaidAndNothingIsLost() throws {
        let deposit = run([perBinary, "compare", "1.00/1l+3.42dep", "2/1l"], environment: settings)
        #expect(deposit.status == 0 && deposit.stdout.contains("1.00  * Best value") && deposit.stdout.contains("3.42"), "\(deposit.stdout)")
        #expect(deposit.stderr.contains("item '1.00/1l+3.42dep': a deposit of 3.42 is more than the price 1: kept, never in the unit price"),
                "\(deposit.stderr)")
        let plain = run([perBinary, "compare", "1.00/1l+0.25dep", "2/1l"], environment: settings)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        // By hand: 3 for 6.00 against 3 × 1.79 = 5.37: kept, the shelf's 3.58 ranked.
        let dear = run([perBinary, "compare", "1.79/500g:3for6"], environment: settings)
        #expect(dear.status == 0 && dear.stdout.contains("3.58  * Best value (shelf: the offer is no deal)"), "\(dear.stdout)")
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "y", title: "Yoghurt", products: [Product.fixture(id: "t", name: "tub", price: decimal("1.79"), quantity: 500, unit: .gram)]))
        let before = run([perBinary, "export", "--db", db], environment: settings).stdout
        for (product, reason) in [(#""deal": "2 for 0""#, "deal: an offer of 0 for 2 is no price"),
                                  (#""uses": {"count": "0", "word": "wash"}"#, "uses")] {
            let file = folder.file("bad.json")
            try (#"{"format": "per-export", "version": 3, "comparisons": [{"title": "Pots", "products": [{"price": "1.89", "quantity": "500", "unit": "g", "#
                + product + "}]}]}").write(toFile: file, atomically: true, encoding: .utf8)
            let refused = run([perBinary, "import", "--db", db, file], environment: settings)
            #expect(refused.status == 1 && refused.stderr.contains(reason) && refused.stderr.contains("nothing was imported"), "\(refused.stderr)")
        }
        #expect(run([perBinary, "export", "--db", db], environment: settings).stdout == before)
    }

    /// An offer goes out in the export (JSON's object, CSV's text) and comes back; the trip buys the tub twice for
    /// 3.00 where the list wants 2, and 3 for 3.00 + 1.79 = 4.79; where to shop the same.
    @Test func anOfferRoundTripsAndTheTripBuysAMultiBuyInItsMultiples() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "y", title: "Yoghurt", products: [
            Product(id: "t", name: "tub", price: decimal("1.79"), quantity: 500, unit: .gram, pack: nil, shop: "Aldi", seen: nil, deposit: nil,
                    deal: Deal(.multibuy(count: 2, price: 3))),
            Product.fixture(id: "p", name: "pots", price: decimal("1.89"), quantity: 500, unit: .gram, shop: "Lidl"),
        ]))   // once on the list
        for format in ["json", "csv"] {
            let export = run([perBinary, "export", "--db", db, "--format", format], environment: settings)
            #expect(export.status == 0 && export.stdout.contains(format == "json" ? #""deal": {"kind": "multibuy", "count": 2"# : ",2 for 3.00,"),
                    "\(export.stdout)")
            let file = folder.file("yoghurt.\(format)")
            try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            let other = folder.file("other-\(format).sqlite")
            let imported = run([perBinary, "import", "--db", other, file], environment: settings)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(run([perBinary, "export", "--db", other, "--format", format], environment: settings).stdout == export.stdout)
        }
        let one = run([perBinary, "trip", "--db", db], environment: settings)
        #expect(one.stdout.contains("Total 1.79"), "\(one.stdout)")
        try store.changeListCount(of: "y", by: 1)
        let two = run([perBinary, "trip", "--db", db], environment: settings)
        #expect(two.stdout.contains("2× 500 g (2 for 3.00)") && two.stdout.contains("Total 3.00"), "\(two.stdout)")
        let shops = run([perBinary, "trip", "--shops", "--db", db], environment: settings)
        #expect(shops.stdout.contains("Cheapest shop: Aldi, 3.00"), "\(shops.stdout)")
        try store.changeListCount(of: "y", by: 1)
        let three = run([perBinary, "trip", "--db", db], environment: settings)
        #expect(three.stdout.contains("Total 4.79"), "\(three.stdout)")
        let show = run([perBinary, "show", "--db", db, "Yoghurt"], environment: settings)
        #expect(show.stdout.contains("2 for 3.00 (shelf 3.58)"), "\(show.stdout)")
    }

    /// The tub's shelf price now 1.79 (today), 1.59 ten days ago, 1.29 forty days ago: its 30-day low is 1.59 (the
    /// 1.29 is older than the 30 days before today).
    @Test func perShowSaysAnOffersThirtyDayLowShelfPrice() throws {
        let today = CalendarDay(Date(), in: TimeZone(identifier: "UTC")!)
        func ago(_ days: Int) -> String { today.adding(days: -days)?.iso ?? "" }
        let file = folder.file("yoghurt.json")
        try """
            {"format": "per-export", "version": 3, "comparisons": [{"title": "Yoghurt", "products": [{"name": "tub", "price": "1.79", "quantity": "500", \
            "unit": "g", "shop": "Aldi", "seen": "\(today.iso)", "deal": "2 for 3.00"}], "history": [\
            {"name": "tub", "shop": "Aldi", "seen": "\(ago(10))", "price": "1.59", "quantity": "500", "unit": "g"}, \
            {"name": "tub", "shop": "Aldi", "seen": "\(ago(40))", "price": "1.29", "quantity": "500", "unit": "g"}]}]}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let environment = settings.merging(["TZ": "UTC"]) { $1 }
        #expect(run([perBinary, "import", "--db", db, file], environment: environment).status == 0)
        let show = run([perBinary, "show", "--db", db, "Yoghurt"], environment: environment)
        #expect(show.stdout.contains("2 for 3.00 (shelf 3.58, 30-day low 1.59)"), "\(show.stdout)\(show.stderr)")
        let json = run([perBinary, "show", "--db", db, "Yoghurt", "--format", "json"], environment: environment)
        #expect(json.stdout.contains(#""priorPrice": {"price": "1.59", "quantity": "500", "unit": "g", "seen": "\#(ago(10))"}"#), "\(json.stdout)")
    }
}
