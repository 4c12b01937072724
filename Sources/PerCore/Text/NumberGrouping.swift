/// Pasted and command-line numbers with thousands grouped: `1,234.56` is 1234.56, never 1.23456.
///
/// In a run of digits, commas and points, a single `,` or `.` is the decimal point (the keypad takes
/// both). When the run holds more than one, the last mark is the decimal point if it differs from the
/// others (`1,234.56`, `1.234,56`), and the others group thousands: after one to three digits, each is
/// followed by exactly three. Runs of one mark repeated (`1,234,567`) are grouping alone. Anything else
/// (`1,23.4`, `1.2.3`) is refused rather than guessed.
public enum NumberGrouping {
    public struct Refusal: Error, Equatable, Sendable {
        public var run: String
        public var message: String { "'\(run)' mixes commas and points in a way that is not thousands grouping" }
    }

    /// The text with every grouped number written plainly (`1234.56`); other characters unchanged.
    public static func ungrouped(_ text: String) -> Result<String, Refusal> {
        var out = "", run = ""
        func flush() -> Refusal? {
            defer { run = "" }
            guard let plain = plainNumber(run) else { return Refusal(run: run) }
            out += plain
            return nil
        }
        for character in text {
            if character.isASCII && (character.isNumber || character == "," || character == ".") {
                run.append(character)
            } else {
                if let refusal = flush() { return .failure(refusal) }
                out.append(character)
            }
        }
        if let refusal = flush() { return .failure(refusal) }
        return .success(out)
    }

    /// One run of digits and marks written plainly; nil when its marks group nothing.
    static func plainNumber(_ run: String) -> String? {
        let marks = run.filter { $0 == "," || $0 == "." }
        guard marks.count > 1 else { return run }
        let last = marks.last!
        let grouping: Character
        let decimalIndex: String.Index?
        if marks.dropLast().allSatisfy({ $0 != last }) && Set(marks.dropLast()).count == 1 {
            grouping = marks.first!
            decimalIndex = run.lastIndex(of: last)
        } else if Set(marks).count == 1 {
            grouping = last
            decimalIndex = nil
        } else {
            return nil
        }
        let whole = decimalIndex.map { run[..<$0] } ?? run[...]
        let groups = whole.split(separator: grouping, omittingEmptySubsequences: false)
        guard let head = groups.first, (1...3).contains(head.count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        let fraction = decimalIndex.map { "." + run[run.index(after: $0)...] } ?? ""
        return groups.joined() + fraction
    }
}
