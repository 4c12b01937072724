import Foundation
import Testing
import TestSupport

/// Every command's JSON against its schema in Docs/schema (draft 2020-12), checked by a real validator: Python's
/// jsonschema (Debian's python3-jsonschema, which `make deps` installs).
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct SchemaTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/schema").standardized.path

    /// The validator's verdict on `json` against `Docs/schema/<name>.json`: nil when it passes, else what it says.
    static func problems(_ json: String, against name: String) -> String? {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            errors = [e.message + " at " + "/".join(map(str, e.absolute_path)) for e in jsonschema.Draft202012Validator(schema).iter_errors(json.loads(sys.stdin.read()))]
            print("\\n".join(errors)); sys.exit(1 if errors else 0)
            """
        let result = run(["python3", "-c", script, "\(schemas)/\(name).json"], input: json)
        if result.stderr.contains("No module named") { return "python3 has no jsonschema: run make deps (python3-jsonschema)" }
        return result.status == 0 ? nil : result.stdout + result.stderr
    }

    /// A price book with everything a document can hold: shops, days, a multipack, earlier prices, the list with a tick
    /// and a pin, and a product without a price.
    private func seed() {
        let export = """
            {"format": "per-export", "version": 2, "comparisons": [
              {"title": "Oats", "per": "kg", "volumeSystem": "us", "listCount": 2, "inCart": true, "aisle": 0, "pinnedProduct": null,
               "products": [{"name": "o1", "price": "3.99", "quantity": "500", "unit": "g", "shop": "Aldi", "seen": "2026-11-01"},
                            {"name": "o2", "price": "6.99", "quantity": "1", "unit": "kg", "shop": "Lidl", "seen": null},
                            {"name": "o3", "price": null, "quantity": null, "unit": null, "shop": null, "seen": null}],
               "history": [{"name": "o1", "shop": "Aldi", "seen": "2026-10-01", "price": "3.49", "quantity": "500", "unit": "g"}]},
              {"title": "Cola", "per": null, "volumeSystem": "us", "listCount": 1, "inCart": false, "aisle": 1, "pinnedProduct": 1,
               "products": [{"name": "c1", "price": "4.49", "quantity": "1980", "pack": "6*330", "unit": "ml", "shop": "Aldi", "seen": null}]}
            ]}
            """
        let imported = run([perBinary, "import", "--db", db, "-"], input: export)
        #expect(imported.status == 0, "\(imported.stderr)")
        let shelves = run([perBinary, "import", "--db", db, "-"], input: Self.shelves)
        #expect(shelves.status == 0, "\(shelves.stderr)")
    }

    /// Vocabulary 3's shelves: a multi-buy, a member price (today's and an earlier price's), uses by wash, a deposit.
    static let shelves = """
        {"format": "per-export", "version": 3, "comparisons": [
          {"title": "Yoghurt", "per": "kg", "volumeSystem": "us", "listCount": 3, "inCart": false, "aisle": 2, "pinnedProduct": null,
           "products": [{"name": "tub", "price": "1.79", "quantity": "500", "unit": "g", "shop": "Aldi", "seen": "2026-11-20", "deposit": null,
                         "deal": {"kind": "multibuy", "count": 2, "price": "3.00", "scheme": null, "until": null}, "uses": null},
                        {"name": "pots", "price": "1.89", "quantity": "500", "unit": "g", "pack": "4*125", "shop": "Lidl", "seen": "2026-11-20",
                         "deposit": null, "deal": {"kind": "member", "count": 1, "price": "1.50", "scheme": "Clubcard", "until": "2099-12-31"}, "uses": null}],
           "history": [{"name": "tub", "shop": "Aldi", "seen": "2026-11-01", "price": "1.99", "quantity": "500", "unit": "g",
                        "deal": {"kind": "member", "count": 1, "price": "1.60", "scheme": "Clubcard", "until": null}}]},
          {"title": "Detergent", "per": "use:wash", "volumeSystem": "us", "listCount": 1, "inCart": false, "aisle": 3, "pinnedProduct": null,
           "products": [{"name": "big", "price": "11.99", "quantity": "2.5", "unit": "l", "shop": "Aldi", "seen": "2026-11-20", "deposit": null,
                         "deal": null, "uses": {"count": "50", "word": "wash"}},
                        {"name": "pods", "price": "12.99", "quantity": "40", "unit": "pod", "shop": "Lidl", "seen": "2026-11-20", "deposit": null,
                         "deal": null, "uses": {"count": "40", "word": "wash"}}]},
          {"title": "Water", "per": "l", "volumeSystem": "us", "listCount": 1, "inCart": false, "aisle": 4, "pinnedProduct": null,
           "products": [{"name": "crate", "price": "12.99", "quantity": "7.92", "pack": "24*0.33", "unit": "l", "shop": "Aldi", "seen": "2026-11-20",
                         "deposit": "3.42", "deal": null, "uses": null}]}
        ]}
        """

    @Test func everyCommandsJSONMatchesItsSchema() {
        seed()
        let documents: [(schema: String, arguments: [String])] = [
            ("comparison", ["show", "--db", db, "--format", "json", "--currency", "€", "Oats"]),
            ("comparison", ["compare", "--format", "json", "a=3.99/500g", "b=6.99/1kg"]),
            ("comparison", ["compare", "--format", "json", "--uk", "milk=1.50/1pt"]),
            ("history", ["history", "--db", db, "--format", "json", "Oats"]),
            ("history-lowest", ["history", "--db", db, "--format", "json", "--lowest", "Oats"]),
            ("trip", ["trip", "--db", db, "--format", "json", "--shop", "Aldi", "--currency", "€"]),
            ("shops", ["trip", "--shops", "--db", db, "--format", "json"]),
            ("lists", ["lists", "--db", db, "--format", "json"]),
            ("export", ["export", "--db", db, "--format", "json", "--currency", "€"]),
            ("comparison", ["show", "--db", db, "--format", "json", "--member", "Clubcard", "Yoghurt"]),
            ("comparison", ["show", "--db", db, "--format", "json", "Detergent"]),
            ("comparison", ["show", "--db", db, "--format", "json", "Water"]),
            ("comparison", ["compare", "--format", "json", "--per", "wash", "big=11.99/2.5l/50washes", "pods=12.99/40pods/40washes"]),
            ("comparison", ["compare", "--format", "json", "tub=1.79/500g:2for3.00", "pots=1.89/4x125g+0.50dep"]),
            ("history", ["history", "--db", db, "--format", "json", "Yoghurt"]),
            ("history-lowest", ["history", "--db", db, "--format", "json", "--lowest", "Yoghurt"]),
            ("trip", ["trip", "--db", db, "--format", "json"]),
            ("trip", ["trip", "--db", db, "--format", "json", "--shop", "Lidl"]),
        ]
        for (schema, arguments) in documents {
            let result = run([perBinary] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("\"format\": \"per-\(schema)\""), "\(arguments)")
            #expect(Self.problems(result.stdout, against: schema) == nil, "\(arguments): \(Self.problems(result.stdout, against: schema) ?? "")")
        }
    }

    /// The validator is real: today's main's shapes (a bare list, `store`, a number for percentMore) fail.
    @Test func theSchemasRefuseTheEarlierShapes() {
        #expect(Self.problems(#"[{"title": "Oats", "products": []}]"#, against: "export") != nil)
        #expect(Self.problems(#"{"format": "per-comparison", "version": 2, "title": "", "per": "kg", "products": [{"name": "a", "price": "1", "quantity": "1", "unit": "kg", "unitPrice": "1", "rank": 2, "best": false, "percentMore": 60, "shop": null}]}"#, against: "comparison") != nil)
        #expect(Self.problems(#"{"format": "per-history", "version": 2, "title": "", "per": "kg", "prices": [{"id": 1, "name": "a", "store": null, "seen": null, "price": "1", "quantity": "1", "unit": "kg", "unitPrice": "1", "current": false, "lowest": true}]}"#, against: "history") != nil)
    }
}
