/// The unit field's editor: type a symbol (`kg`, `floz`, `ea`) or step through the offered units.
public struct UnitPicker: Equatable, Sendable {
    public private(set) var offered: [MeasureUnit]
    public private(set) var typed: String
    public private(set) var selected: MeasureUnit?

    public init(selected: MeasureUnit?, offered: [MeasureUnit]) {
        self.offered = offered
        self.typed = ""
        self.selected = selected
    }

    /// The unit the typed text names: an exact symbol or name, else the first offered unit it begins.
    static func match(_ typed: String, in offered: [MeasureUnit]) -> MeasureUnit? {
        if let exact = MeasureUnit(parsing: typed), offered.contains(exact) { return exact }
        let key = typed.lowercased().filter { !$0.isWhitespace && $0 != "." }
        guard !key.isEmpty else { return nil }
        return offered.first { $0.symbol.lowercased().filter { !$0.isWhitespace }.hasPrefix(key) }
    }

    /// Whether typed text names nothing offered (shown as a problem, and refused on commit).
    public var typedIsUnknown: Bool { !typed.isEmpty && Self.match(typed, in: offered) == nil }

    public mutating func type(_ character: Character) -> Bool {
        guard character.isLetter || character == " " || character == "." else { return false }
        typed.append(character)
        if let unit = Self.match(typed, in: offered) { selected = unit }
        return true
    }

    public mutating func deleteBackward() -> Bool {
        guard !typed.isEmpty else { return false }
        typed.removeLast()
        if let unit = Self.match(typed, in: offered) { selected = unit }
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

    public mutating func select(_ unit: MeasureUnit) {
        typed = ""
        selected = unit
    }
}
