/// The unit field's editor: type a symbol (`kg`, `floz`, `ea`, `m2`) or any other word (a count unit
/// of its own, while the comparison has no unit or counts that word), or step through the offered units.
public struct UnitPicker: Equatable, Sendable {
    public private(set) var offered: [MeasureUnit]
    public private(set) var typed: String
    /// The highlighted unit, always the one Enter takes: none while the typed text names no offered unit (a word of its
    /// own, another family's unit, nothing per keeps).
    public private(set) var selected: MeasureUnit?

    public init(selected: MeasureUnit?, offered: [MeasureUnit]) {
        self.offered = offered
        self.typed = ""
        self.selected = selected
    }

    /// The unit the typed text names: an exact symbol or name, else the first offered unit it begins. Text that is
    /// exactly another unit's symbol or name (`l` in a comparison by weight) names that unit, never one it begins (`lb`).
    static func match(_ typed: String, in offered: [MeasureUnit]) -> MeasureUnit? {
        if let exact = MeasureUnit.standard(named: typed) { return offered.contains(exact) ? exact : nil }
        if let exact = MeasureUnit(parsing: typed), offered.contains(exact) { return exact }
        return firstBegun(by: typed, in: offered)
    }

    /// The first offered unit whose symbol begins with the typed text.
    static func firstBegun(by typed: String, in offered: [MeasureUnit]) -> MeasureUnit? {
        let key = typed.lowercased().filter { !$0.isWhitespace && $0 != "." }
        guard !key.isEmpty else { return nil }
        return offered.first { $0.symbol.lowercased().filter { !$0.isWhitespace }.hasPrefix(key) }
    }

    /// What the typed text names.
    public enum Reading: Equatable, Sendable {
        case nothingTyped
        /// An offered unit, named or begun.
        case offered(MeasureUnit)
        /// A word that is no unit, taken as a count unit of its own.
        case newWord(MeasureUnit)
        /// A unit of another family than the comparison's: explained, refused on commit.
        case otherFamily(MeasureUnit, comparison: UnitFamily)
        /// Neither a unit nor a word per keeps (too long, a lone dot).
        case unknown
    }

    public var reading: Reading {
        guard !typed.isEmpty else { return .nothingTyped }
        if let unit = Self.match(typed, in: offered) { return .offered(unit) }
        guard let unit = MeasureUnit(parsing: typed) else { return .unknown }
        guard let family else { return .newWord(unit) }
        return .otherFamily(unit, comparison: family)
    }

    /// The family every offered unit belongs to; nil while units of every family are offered.
    public var family: UnitFamily? {
        let families = Set(offered.map(\.family))
        return families.count == 1 ? families.first : nil
    }

    /// Why the typed text can't be the product's unit (another family's, or no unit at all); nil when it can.
    public var refusal: String? {
        switch reading {
        case .nothingTyped, .offered, .newWord: nil
        case .otherFamily(let unit, let family): "\(unit.kindDescription); this comparison is \(family.comparisonPhrase)"
        case .unknown: "Unknown unit '\(typed)' (a word of at most \(CountWord.maximumLength) letters counts on its own)"
        }
    }

    /// The status line's word on the typed text: nil while it names an offered unit.
    public var typingMessage: StatusMessage? {
        switch reading {
        case .nothingTyped, .offered: nil
        case .newWord(let unit): StatusMessage("Enter keeps '\(unit.symbol)' as a count unit")
        case .otherFamily:
            // `l` on its way to `lb`: refused only if it is left so (the commit says why).
            Self.firstBegun(by: typed, in: offered) != nil ? nil : refusal.map { StatusMessage($0, isWarning: true) }
        case .unknown: StatusMessage("No unit starts with '\(typed)'", isWarning: true)
        }
    }

    public mutating func type(_ character: Character) -> Bool {
        guard character.isLetter || " .-2²".contains(character) else { return false }
        guard typed.count < Self.maximumTyped else { return false }
        typed.append(character)
        selected = Self.match(typed, in: offered)
        return true
    }

    /// The longest text typed: a count word and a little more, so a message can name what went wrong.
    static let maximumTyped = CountWord.maximumLength + 10

    public mutating func deleteBackward() -> Bool {
        guard !typed.isEmpty else { return false }
        typed.removeLast()
        if !typed.isEmpty { selected = Self.match(typed, in: offered) }
        return true
    }

    public mutating func clear() {
        typed = ""
        selected = nil
    }

    public mutating func step(_ delta: Int) {
        guard !offered.isEmpty else { return }
        typed = ""
        guard let current = selected, let index = offered.firstIndex(of: current) else {
            selected = delta >= 0 ? offered.first : offered.last
            return
        }
        selected = offered[(index + delta % offered.count + offered.count) % offered.count]
    }

    /// The families of the offered units, in their order.
    public var families: [UnitFamily] { offered.reduce(into: []) { if !$0.contains($1.family) { $0.append($1.family) } } }

    /// The family shown when the picker has room for one only: the typed unit's, else the selected one's, else the first.
    public var shownFamily: UnitFamily? {
        if case .offered(let unit) = reading { return unit.family }
        return selected?.family ?? offered.first?.family
    }

    /// Selects the first unit of the next (previous) family: the picker's next page, the field not yet committed.
    public mutating func stepFamily(_ delta: Int) {
        let families = families
        guard let shown = shownFamily, let at = families.firstIndex(of: shown) else { return }
        let next = families[(at + delta % families.count + families.count) % families.count]
        typed = ""
        selected = offered.first { $0.family == next }
    }

    public mutating func select(_ unit: MeasureUnit) {
        typed = ""
        selected = unit
    }
}
