import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Shopping list end to end: the real binary in tmux and on the command line, on private database files.
    @Suite struct StorageEndToEndTests {
        /// The first screen line containing `text`, or "".
        private func line(_ screen: String, containing text: String) -> String {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
        }

        private func export(_ db: String, format: String = "json") -> String {
            let result = run([perBinary, "export", "--db", db, "--format", format])
            #expect(result.status == 0, "per export: \(result.stderr)")
            return result.stdout
        }

        @discardableResult
        private func importFile(_ file: String, into db: String) -> Int32 {
            let result = run([perBinary, "import", "--db", db, file])
            #expect(result.status == 0, "per import \(file): \(result.stderr)")
            return result.status
        }

        // MARK: Quit and start again

        @Test func typedComparisonIsThereAfterQuitAndRestart() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            do {
                let tmux = TmuxSession(perCommand(db: db))
                tmux.waitFor("Untitled")
                for (price, qty, unit, name) in [("3.99", "500", "g", "porridge"), ("6.49", "1", "kg", "muesli")] {
                    tmux.fill(price: price, quantity: qty, unit: unit, name: name)
                }
                let screen = tmux.waitFor { $0.contains("muesli") && $0.contains("Price (new") }
                #expect(screen.contains("Price (new"), "\(screen)")
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let tmux = TmuxSession(perCommand(db: db))
            let screen = tmux.waitFor { $0.contains("porridge") && $0.contains("muesli") && $0.contains("Price (new") }
            let porridge = line(screen, containing: "porridge"), muesli = line(screen, containing: "muesli")
            #expect(porridge.contains("3.99") && porridge.contains("500") && porridge.contains("7.98"), "\(screen)")
            #expect(muesli.contains("6.49") && muesli.contains("kg") && muesli.contains("Best value"), "\(screen)")
            // Focus on a new, empty product's price field at the end, ready for digits.
            #expect(screen.contains("Price (new"), "\(screen)")
            // The row being typed: its price cell's cursor and the other fields' placeholders (no verdict of its own).
            #expect(line(screen, containing: "›-").contains("▏") && line(screen, containing: "›-").contains("qty"), "\(screen)")
            tmux.type("2")
            #expect(tmux.waitFor { $0.contains("Price (new") && $0.contains("2▏") }.contains("2▏"), "\(tmux.screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        // MARK: Two sessions side by side

        @Test func sideBySideSessionsSeeEachOthersEditsWithoutLosingTheFieldBeingTyped() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), seed = folder.file("seed.json")
            try #"[{"title": "Side by side", "products": [{"name": "seed", "price": "1", "quantity": "1", "unit": "kg"}]}]"#
                .write(toFile: seed, atomically: true, encoding: .utf8)
            importFile(seed, into: db)

            let a = TmuxSession(perCommand(db: db)), b = TmuxSession(perCommand(db: db))
            for tmux in [a, b] {
                let screen = tmux.waitFor { $0.contains("seed") && $0.contains("Price (new") }
                #expect(screen.contains("Side by side") && screen.contains("Price (new"), "\(screen)")
            }

            // B has "12+" half-typed in product 2's price.
            b.type("12+")
            #expect(b.waitFor("12+▏").contains("12+▏"), "\(b.screen)")

            // A renames product 1 and commits it (Tab): B shows it within about a second, its "12+" intact.
            a.backTab(fromPriceTo: .name)
            a.waitFor("Name of seed")
            a.keys("C-u"); a.type("apples"); a.keys("Enter")
            #expect(a.waitFor("Price (new").contains("apples"), "\(a.screen)")
            // How fast is `make bench`'s business (sync latency); here only that it comes.
            var screen = b.waitFor("apples")
            #expect(screen.contains("apples"), "B did not show A's edit:\n\(screen)")
            #expect(screen.contains("12+▏") && screen.contains("Price (new"), "B lost its half-typed field:\n\(screen)")
            #expect(!screen.contains("seed"), "\(screen)")

            // The reverse: A has "9×" half-typed in product 1's price; B commits its 12 (operator dropped).
            a.keys("PageUp")
            a.waitFor("Price of apples")
            a.keys("C-u"); a.type("9*")
            #expect(a.waitFor("9×▏").contains("9×▏"), "\(a.screen)")
            b.keys("Tab")
            screen = b.waitFor("Quantity of 12.00")
            #expect(line(screen, containing: "12.00").isEmpty == false, "\(screen)")
            screen = a.waitFor("12.00")
            #expect(screen.contains("12.00"), "A did not show B's edit:\n\(screen)")
            #expect(screen.contains("9×▏") && screen.contains("Price of apples"), "A lost its half-typed field:\n\(screen)")
            #expect(line(screen, containing: "apples").isEmpty == false, "\(screen)")

            // B still typing on; the edits ended up in the file.
            b.type("3")
            #expect(b.waitFor("3▏").contains("Quantity of 12.00"), "\(b.screen)")
            for tmux in [a, b] {
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let saved = export(db)
            #expect(saved.contains(#""name": "apples""#) && saved.contains(#""price": "12""#), "\(saved)")
            #expect(!saved.contains(#""name": "seed""#), "\(saved)")
        }

        // MARK: Hang-up

        @Test func hangUpMidSessionKeepsWhatWasCommitted() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            do {
                let tmux = TmuxSession(perCommand(db: db))
                tmux.waitFor("Untitled")
                tmux.fill(price: "2.5", quantity: "3", unit: "kg", name: "hangup")
                tmux.waitFor { $0.contains("hangup") && $0.contains("Price (new") }
                tmux.type("7")
                #expect(tmux.waitFor("7▏").contains("7▏"), "\(tmux.screen)")
                let pids = run(["pgrep", "-f", "--", "per --db \(db)"]).stdout.split(separator: "\n").compactMap { Int32($0) }
                #expect(pids.count == 1, "pgrep found \(pids)")
                for pid in pids { kill(pid, SIGHUP) }
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
                #expect(tmux.format("#{alternate_on}") == "0")
            }
            let saved = export(db)
            #expect(saved.contains(#"{"name": "hangup", "price": "2.5", "quantity": "3", "pack": null, "unit": "kg", "shop": null, "seen": "2"#), "\(saved)")

            let tmux = TmuxSession(perCommand(db: db))
            let screen = tmux.waitFor { $0.contains("hangup") && $0.contains("Price") }
            let row = line(screen, containing: "hangup")
            #expect(row.contains("2.50") && row.contains("kg") && row.contains("0.83"), "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        // MARK: Files that are not per databases

        @Test(arguments: ["random bytes", "another program's SQLite database"])
        func aFileThatIsNotAPerDatabaseIsRefusedAndLeftUntouched(kind: String) throws {
            let folder = TemporaryFolder()
            let file = folder.file("data.sqlite")
            if kind == "random bytes" {
                var generator = SystemRandomNumberGenerator()
                let bytes = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
            } else {
                let sql = "CREATE TABLE recipes(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO recipes(name) VALUES ('soup');"
                var made = run(["sqlite3", file, sql]).status == 0
                if !made {
                    made = run(["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit(); c.close()", file, sql]).status == 0
                }
                try #require(made, "neither sqlite3 nor python3 could make a SQLite file")
            }
            let before = try #require(FileManager.default.contents(atPath: file))
            let listingBefore = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

            let tmux = TmuxSession(perCommand(db: file), width: 200)
            #expect(tmux.waitForExit() == 1, "\(tmux.screen)")
            let lines = tmux.screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("[exit=") }
            #expect(lines.count == 1, "\(lines)")
            let message = lines.first ?? ""
            #expect(message.hasPrefix("per: ") && message.contains(file), "\(message)")
            #expect(message.contains(kind == "random bytes" ? "damaged or is not a database" : "not a per database"), "\(message)")

            // The command line refuses it the same way.
            let exported = run([perBinary, "export", "--db", file])
            #expect(exported.status == 1 && exported.stdout.isEmpty)
            #expect(exported.stderr.hasPrefix("per: ") && exported.stderr.split(separator: "\n").count == 1, "\(exported.stderr)")

            #expect(FileManager.default.contents(atPath: file) == before, "the file's bytes changed")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == listingBefore, "files appeared next to it")
        }

        // MARK: Import and export

        @Test func importOfAnExportRoundTripsHostileTextExactly() throws {
            let folder = TemporaryFolder()
            let titles = ["Crème brûlée 🍮", #"Commas, "quotes", and"# + "\nnewlines", " edge spaces ", "Tab\there, back\\slash", "CRLF\r\nand 日本語", ""]
            let names = [#"Big, "family" pack"#, "two\nlines", "Ærøskøbing ½ kg", "emoji 🍮🧀", "\"", ","]
            var json = "[\n"
            for (i, title) in titles.enumerated() {
                let products: String
                if i == titles.count - 1 {
                    products = "[]"
                } else {
                    products = "[" + names.indices.map { j in
                        #"{"name": \#(jsonString(names[(i + j) % names.count])), "price": "\#(i + 1).\#(j)9", "quantity": "0.333333333333", "unit": "\#(["g", "kg", "oz", "lb", "mg", "g"][j])"}"#
                    }.joined(separator: ", ") + "]"
                }
                json += #"  {"title": \#(jsonString(title)), "per": \#(i % 2 == 0 ? "null" : "\"100 g\""), "volumeSystem": "\#(i % 3 == 0 ? "imperial" : "us")", "products": \#(products)}"#
                json += i == titles.count - 1 ? "\n" : ",\n"
            }
            json += "]\n"
            let source = folder.file("hostile.json")
            try json.write(toFile: source, atomically: true, encoding: .utf8)

            let first = folder.file("first.sqlite")
            importFile(source, into: first)
            let firstJSON = export(first), firstCSV = export(first, format: "csv")

            // What was imported is exactly what was written.
            let decoded = try #require((JSONSerialization.jsonObject(with: Data(firstJSON.utf8)) as? [String: Any])?["comparisons"] as? [[String: Any]])
            #expect(decoded.map { $0["title"] as? String } == titles, "\(firstJSON)")
            let importedNames = decoded.flatMap { ($0["products"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "?" } }
            let expectedNames = titles.indices.dropLast().flatMap { i in names.indices.map { j in names[(i + j) % names.count] } }
            #expect(importedNames == expectedNames)
            #expect(firstJSON.contains(#""quantity": "0.333333333333""#), "\(firstJSON)")

            // JSON export → import → export is identical; so is CSV, and CSV gives back the same comparisons.
            let jsonFile = folder.file("export.json"), csvFile = folder.file("export.csv")
            try firstJSON.write(toFile: jsonFile, atomically: true, encoding: .utf8)
            try firstCSV.write(toFile: csvFile, atomically: true, encoding: .utf8)
            let viaJSON = folder.file("via-json.sqlite"), viaCSV = folder.file("via-csv.sqlite")
            importFile(jsonFile, into: viaJSON)
            importFile(csvFile, into: viaCSV)
            #expect(export(viaJSON) == firstJSON)
            #expect(export(viaJSON, format: "csv") == firstCSV)
            #expect(export(viaCSV) == firstJSON)
            #expect(export(viaCSV, format: "csv") == firstCSV)

            // Standard input works the same.
            let viaStdin = folder.file("via-stdin.sqlite")
            let piped = run([perBinary, "import", "--db", viaStdin, "-"], input: firstJSON)
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(export(viaStdin) == firstJSON)

            // Found again by its non-ASCII title.
            let shown = run([perBinary, "show", "--db", viaJSON, "crème brûlée 🍮"])
            #expect(shown.status == 0 && shown.stdout.contains("Crème brûlée 🍮"), "\(shown.stderr)")
        }

        private func jsonString(_ text: String) -> String {
            let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self).dropFirst().dropLast().description
        }
    }
}
