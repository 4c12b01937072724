/// Where everything goes on the comparison screen at a given size: a total, pure function of the
/// state. Rendering draws into these rectangles and clicks are resolved against the same ones.
public struct ScreenLayout: Sendable {
    public static let minimumWidth = TerminalSize.minimum.width
    public static let minimumHeight = TerminalSize.minimum.height

    /// Too small for any screen: "Too small" is shown and keys do nothing but quit and suspend.
    public static func isTooSmall(_ size: TerminalSize) -> Bool { size.isTooSmall }

    public static let wideWidth = TerminalSize.wide.width
    public static let wideHeight = TerminalSize.wide.height
    /// Keys five columns wide (instead of three) from this width on.
    static let roomyKeysWidth = 100
    static let titleLines = ComparisonLines.title
    static let footerLines = ComparisonLines.footer
    /// Wide: the editor's two lines (field title, expression) then the toolbar, above the keypad.
    static let wideEditorLines = 2
    static let tableHeadingLines = ComparisonLines.tableHeading

    public enum Kind: Equatable, Sendable {
        case tooSmall
        /// Products as one row each, beside a full keypad.
        case wide
        /// Products on two lines each, above a one-line-per-row keypad.
        case compact
    }

    /// The cells of one visible product.
    public struct ProductRow: Sendable {
        public var index: Int
        public var rank: Rect
        public var name: Rect
        public var price: Rect
        public var quantity: Rect
        public var unit: Rect
        public var unitPrice: Rect
        public var verdict: Rect
        /// The price's age (`3 d`, `5 mo!`): no width when the table has no room for it.
        public var age: Rect

        public func frame(of field: ProductField) -> Rect {
            switch field.spec.cell {
            case .column(.price): price
            case .column(.quantity): quantity
            case .column(.unit): unit
            // A field beside the name is edited in the name's cell (which shows "name @ shop +3.42 dep 2/3.00 (shelf 3.58)
            // 50 washes" otherwise): the table's columns are left as they are.
            case .column(.name), .besideTheName: name
            }
        }
    }

    public let kind: Kind
    public let size: TerminalSize
    public let title: Rect
    public let basisButton: Rect
    public let table: Rect
    public let editor: Rect
    public let toolbar: Rect
    public let keypadOrigin: (x: Int, y: Int)
    public let keypadSize: KeypadView.Size
    public let summary: Rect
    public let status: Rect
    public let legend: Rect
    /// Which products are shown: positions in the table's order (`rows` give their indices).
    public let visibleProducts: Range<Int>
    public let rows: [ProductRow]
    /// The shown products' texts (the columns are as wide as they need).
    public let page: TablePage
    private let focused: FieldEditor
    private let glyphs: GlyphSet

    public init(_ state: AppState) {
        self.init(state.editing, session: state.session)
    }

    public init(_ screen: ComparisonScreen, session: Session) {
        let w = session.size.width, h = session.size.height
        size = session.size
        glyphs = session.glyphs
        focused = screen.editor
        let zero = Rect(x: 0, y: 0, width: 0, height: 0)
        if Self.isTooSmall(session.size) {
            kind = .tooSmall
            (title, basisButton, table, editor, toolbar, summary, status, legend) = (zero, zero, zero, zero, zero, zero, zero, zero)
            keypadOrigin = (0, 0); keypadSize = .compact; visibleProducts = 0..<0; rows = []
            page = .empty
            return
        }
        let isWide = session.size.isWide
        kind = isWide ? .wide : .compact
        let basisWidth = TextWidth.of(Self.basisTitle(screen.comparison, glyphs: session.glyphs)) + 2
        let top = Self.titleLines, footerY = h - Self.footerLines
        title = Rect(x: 0, y: 0, width: w, height: Self.titleLines)
        basisButton = Rect(x: w - basisWidth, y: 0, width: basisWidth, height: 1)
        status = Rect(x: 0, y: footerY, width: w, height: 1)
        legend = Rect(x: 0, y: footerY + 1, width: w, height: 1)
        if isWide {
            keypadSize = .full(keyWidth: w >= Self.roomyKeysWidth ? 5 : 3)
            let panelX = w - keypadSize.width - 1
            table = Rect(x: 0, y: top, width: panelX - 1, height: footerY - top)
            editor = Rect(x: panelX, y: top, width: keypadSize.width, height: Self.wideEditorLines)
            toolbar = Rect(x: panelX, y: editor.maxY, width: keypadSize.width, height: 1)
            keypadOrigin = (panelX, toolbar.maxY)
            let summaryY = toolbar.maxY + keypadSize.height
            summary = Rect(x: panelX, y: summaryY, width: keypadSize.width, height: max(0, footerY - summaryY))
        } else {
            keypadSize = .compact
            let keypadY = footerY - keypadSize.height
            keypadOrigin = (1, keypadY)
            toolbar = Rect(x: 0, y: keypadY - 1, width: w, height: 1)
            editor = Rect(x: 0, y: toolbar.y - 1, width: w, height: 1)
            table = Rect(x: 0, y: top, width: w, height: editor.y - top)
            summary = Rect(x: 1 + keypadSize.width + 1, y: keypadY, width: w - keypadSize.width - 3, height: keypadSize.height)
        }
        let visible = screen.visibleTable(session)
        visibleProducts = visible.positions
        page = visible.page
        let count = screen.comparison.products.count
        let indices = page.indices
        let columns = Columns(page, count: count, editor: screen.editor, perLabel: screen.comparison.basis?.label ?? "", tableWidth: table.width, wide: isWide,
                              freshness: session.freshness, focus: screen.focus.product)
        rows = Self.productRows(indices, focus: screen.focus.product, table: table, columns: columns, wide: isWide)
    }

    /// `per kg ›`, `per pt (UK) ›`: the comparison unit, clickable to step it (the layout measures it, the view draws it).
    static func basisTitle(_ c: Comparison, glyphs: GlyphSet) -> String {
        "per \(c.basis == nil ? "unit" : c.perLabel)" + (c.family == nil ? "" : " \(glyphs.next)")
    }

    /// Which products are shown, long to short: `22-41 of 41`, `22-41/41`, `41/41`.
    static func counters(_ shown: Range<Int>, of count: Int) -> [String] {
        ["\(shown.lowerBound + 1)-\(shown.upperBound) of \(count)", "\(shown.lowerBound + 1)-\(shown.upperBound)/\(count)", "\(shown.upperBound)/\(count)"]
    }

    /// The heading of the prices' ages.
    static let ageHeading = "Seen"

    /// `Per 100 g`, `Per fl oz (US)`: the unit-price column's heading, the comparison unit in full (`Comparison.perLabel`).
    static func unitPriceHeading(_ perLabel: String) -> String { "Per \(perLabel.isEmpty ? "unit" : perLabel)" }

    /// Column widths from what the shown rows hold and the table's width.
    struct Columns {
        var rank = 0, name = 0, price = 0, quantity = 0, unit = 0, unitPrice = 0, verdict = 0, age = 0

        /// `perLabel` without the volume system's mark: the mark is drawn where it fits (`ProductTableView`), and never
        /// costs the Seen column its room.
        init(_ page: TablePage, count: Int, editor: FieldEditor, perLabel: String, tableWidth: Int, wide: Bool, freshness: Freshness,
             focus: Int) {
            func widest(_ text: (ProductRowText) -> String?) -> Int { page.rows.map { TextWidth.of(text($0) ?? "") }.max() ?? 0 }
            // The rank's digits and the focus mark.
            rank = String(count).count + 1
            let editedUnit = if case .unit = editor { TextWidth.of(editor.text) + 1 } else { 0 }
            unit = min(10, max(wide ? 5 : 6, widest(\.unit), editedUnit))
            unitPrice = min(14, max(wide ? TextWidth.of(ScreenLayout.unitPriceHeading(perLabel)) : 4, widest(\.unitPrice)))
            // Columns keep their place while a product is typed (decision 89). The name and the verdict share what
            // the other columns leave; how they share it is settled at those columns' minimum widths, from the names
            // alone: the name as wide as its texts (up to 20, `Oats @ Costco`), the verdict the rest. A numeric column
            // wider than its minimum (a price of `1234567.00`) then takes its room from the name, down to the names'
            // own width, so nothing to the name's right moves; only past that does the verdict give way. The Seen
            // column is there whenever it fits at the minimums, dated products or not.
            let minimumPrice = wide ? 7 : 10, minimumQuantity = wide ? 6 : 10, minimumUnit = wide ? 5 : 6, minimumRank = 2
            let heading = wide ? TextWidth.of(ScreenLayout.unitPriceHeading(perLabel)) : 4
            func restAt(rank: Int, price: Int, quantity: Int, unit: Int, unitPrice: Int) -> Int {
                wide ? tableWidth - (rank + price + quantity + unit + unitPrice + 6) : tableWidth - (rank + unitPrice + 3)
            }
            let nameMinimum = wide ? 9 : 7
            // (`★ Best`, `+4% more`; with ACCESSIBLE=1 the best has no star, and the stale cue `old` is three wide: the
            // verdict gives two columns, so a row keeps its shop.)
            let verdictMinimum = freshness.accessible ? 6 : 8
            // Ages are five wide (`today`, `12 wk`, `5 mo!`), six at most (`future`, `24 mo!`: CalendarDay.age).
            // (`5 mo old`, nine, with ACCESSIBLE=1.)
            let ageWidth = min(freshness.widestAge, max(5, page.rows.map { TextWidth.of(freshness.text($0.product.seen) ?? "") }.max() ?? 0))
            var restAtMinimums = restAt(rank: minimumRank, price: minimumPrice, quantity: minimumQuantity, unit: minimumUnit, unitPrice: heading)
            // A compact row says what its product is in the name's cell (`3.99 for 500 g Oats @ Lidl`, the focused one its
            // name alone: its fields are on a line of their own); the name gives way first, then the age, never the price,
            // the size, or the shop while two are on view.
            let keepsShop = page.showsSeveralShops
            let described: [(whole: Int, least: Int)] = zip(page.indices, page.rows).map { index, row in
                wide || index == focus ? (TextWidth.of(row.nameAndShop ?? ""), 0) : row.describedWidths(keepsShop: keepsShop)
            }
            // Whether the ages fit is judged on every row as unfocused, so the Seen column does not come and go (and every
            // row's form with it) as the focus moves (issue 39).
            let leastName = max(nameMinimum, wide ? 0 : page.rows.map { $0.describedWidths(keepsShop: keepsShop).least }.max() ?? 0)
            // (A compact row's other columns are the rank and the unit price, set only by commits: judged at their widths.)
            let restForAge = wide ? restAtMinimums : restAt(rank: rank, price: 0, quantity: 0, unit: 0, unitPrice: unitPrice)
            if restForAge - (ageWidth + 1) >= leastName + verdictMinimum {
                age = ageWidth
                restAtMinimums -= ageWidth + 1
            } else if page.rows.contains(where: { freshness.isStale($0.product.seen) }) {
                // No room for the ages: a stale price keeps its cue (`!`, `old`) in a column of its own, on every row
                // at every focus (issue 39, decision 325); the name gives way to it.
                age = TextWidth.of(freshness.staleCue)
                restAtMinimums -= age + 1
            }
            if wide {
                price = min(10, max(minimumPrice, widest(\.price)))
                quantity = min(10, max(minimumQuantity, widest(\.quantity)))
            } else {
                price = minimumPrice
                quantity = minimumQuantity
            }
            var rest = restAt(rank: rank, price: price, quantity: quantity, unit: unit, unitPrice: unitPrice)
            if age > 0 { rest -= age + 1 }
            let names = min(wide ? 20 : restAtMinimums, described.map(\.whole).max() ?? 0)
            let nameTarget = max(0, min(max(nameMinimum, names), restAtMinimums - verdictMinimum))
            let verdictTarget = restAtMinimums - nameTarget
            let nameFloor = min(nameTarget, max(TextWidth.of("Name"), names))
            // The verdict keeps its minimum before a name keeps its whole text (the name keeps its own minimum).
            let floor = min(nameFloor, max(rest - verdictMinimum, min(nameMinimum, rest)))
            name = max(0, min(rest, max(floor, rest - verdictTarget)))
            verdict = max(0, rest - name)
            // Numbers wider than their minimum give their room back, cut (`123456789…`), before the verdict goes below
            // its own: `★ Best` always shows.
            for (column, least) in [(\Columns.unitPrice, heading), (\.price, minimumPrice), (\.quantity, minimumQuantity)] where verdict < verdictMinimum {
                let given = min(verdictMinimum - verdict, max(0, self[keyPath: column] - least))
                self[keyPath: column] -= given
                verdict += given
            }
        }
    }

    /// Column positions: `# name price quantity unit seen per-unit verdict` on one line (wide), or
    /// `# name seen per-unit verdict` with `price quantity unit` under the focused product (compact); the age
    /// (seen) only when `columns` gave it room.
    private static func productRows(_ indices: [Int], focus: Int, table: Rect, columns c: Columns, wide: Bool) -> [ProductRow] {
        var y = table.y + Self.tableHeadingLines
        return indices.map { index in
            let x = table.x
            var cx = x
            func next(_ width: Int) -> Rect { defer { cx += width + 1 }; return Rect(x: cx, y: y, width: width, height: 1) }
            /// The age's cell, or none (taking no column) when there is no room for it.
            func ageCell() -> Rect { c.age > 0 ? next(c.age) : Rect(x: cx, y: y, width: 0, height: 1) }
            defer { y += !wide && index == focus ? 2 : 1 }
            if wide {
                let rank = next(c.rank), name = next(c.name), price = next(c.price), qty = next(c.quantity), unit = next(c.unit)
                let age = ageCell()
                let per = next(c.unitPrice), verdict = Rect(x: cx, y: y, width: max(0, table.maxX - cx), height: 1)
                return ProductRow(index: index, rank: rank, name: name, price: price, quantity: qty, unit: unit, unitPrice: per, verdict: verdict, age: age)
            }
            let rank = next(c.rank), name = next(c.name), age = ageCell(), per = next(c.unitPrice)
            let verdict = Rect(x: cx, y: y, width: max(0, table.maxX - cx), height: 1)
            guard index == focus else {
                let none = Rect(x: name.x, y: y, width: 0, height: 1)
                return ProductRow(index: index, rank: rank, name: name, price: none, quantity: none, unit: none, unitPrice: per, verdict: verdict, age: age)
            }
            let price = Rect(x: name.x, y: y + 1, width: c.price, height: 1)
            let qty = Rect(x: price.maxX + 5, y: y + 1, width: c.quantity, height: 1)
            let unit = Rect(x: qty.maxX + 1, y: y + 1, width: max(0, min(c.unit, table.maxX - qty.maxX - 1)), height: 1)
            return ProductRow(index: index, rank: rank, name: name, price: price, quantity: qty, unit: unit, unitPrice: per, verdict: verdict, age: age)
        }
    }

    // MARK: Toolbar and unit picker

    public struct Button: Sendable {
        public var frame: Rect
        public var label: String
        public var action: Action
        public var shows: PressableButton?
    }

    public var toolbarButtons: [Button] {
        guard kind != .tooSmall else { return [] }
        let prev = "\(glyphs.previous) prev", next = "next \(glyphs.next)", clear = "clear"
        let y = toolbar.y
        let x0 = kind == .wide ? toolbar.x : keypadOrigin.x
        let clearX = x0 + keypadSize.width - TextWidth.of(clear)
        return [
            Button(frame: Rect(x: x0, y: y, width: TextWidth.of(prev), height: 1), label: prev, action: .comparison(.previousField), shows: .previous),
            Button(frame: Rect(x: x0 + TextWidth.of(prev) + 1, y: y, width: TextWidth.of(next), height: 1), label: next, action: .comparison(.nextFieldTakingSuggestion), shows: .next),
            Button(frame: Rect(x: clearX, y: y, width: TextWidth.of(clear), height: 1), label: clear, action: .comparison(.clearField), shows: .key(.clear)),
        ]
    }

    public var keypadFrame: Rect {
        Rect(x: keypadOrigin.x, y: keypadOrigin.y, width: keypadSize.width, height: keypadSize.height)
    }

    /// The unit picker's choices, laid out in columns inside the keypad's frame: every offered unit when all fit
    /// whole, else the family of the typed (or selected) unit, whose `unitFamilyButton` leads to the next family.
    public func unitCells(_ picker: UnitPicker) -> [(unit: MeasureUnit, frame: Rect)] {
        let inner = unitArea
        let units = shownUnits(picker)
        let width = Self.unitCellWidth(units, in: inner)
        return units.enumerated().map { i, unit in
            (unit, Rect(x: inner.x + (i / inner.height) * width, y: inner.y + i % inner.height, width: width, height: 1))
        }
    }

    /// `volume ›` on the picker's top line, when it shows one family of several: steps to the next family.
    public func unitFamilyButton(_ picker: UnitPicker) -> Button? {
        let families = picker.families
        guard shownUnits(picker).count < picker.offered.count, let shown = picker.shownFamily, let at = families.firstIndex(of: shown) else { return nil }
        let label = "\(families[(at + 1) % families.count].name) \(glyphs.next)"
        let frame = Rect(x: keypadFrame.maxX - 2 - TextWidth.of(label), y: keypadFrame.y, width: TextWidth.of(label), height: 1)
        return Button(frame: frame, label: label, action: .comparison(.stepUnitFamily(1)), shows: nil)
    }

    private var unitArea: Rect { Rect(x: keypadFrame.x + 1, y: keypadFrame.y + 1, width: keypadFrame.width - 2, height: max(0, keypadFrame.height - 2)) }

    private static func unitCellWidth(_ units: [MeasureUnit], in inner: Rect) -> Int {
        max(1, inner.width / max(1, (units.count + inner.height - 1) / max(1, inner.height)))
    }

    /// Every offered unit when all fit whole, else one family's: the typed unit's, else the selected one's.
    private func shownUnits(_ picker: UnitPicker) -> [MeasureUnit] {
        let inner = unitArea
        guard inner.height > 0 else { return [] }
        func fits(_ units: [MeasureUnit]) -> Bool { units.allSatisfy { TextWidth.of($0.symbol) + 1 <= Self.unitCellWidth(units, in: inner) } }
        if fits(picker.offered) { return picker.offered }
        return picker.offered.filter { $0.family == picker.shownFamily }
    }

    // MARK: Hit testing

    /// The keypad key a press at (x, y) is on: the nearest key anywhere in the keypad's rectangle (its borders and
    /// the lines between keys included), while the keypad is on screen; nil elsewhere. A cell is about twice as tall
    /// as wide, so lines count double; a line exactly between two keys is the upper or left one's.
    public func keypadKey(atX x: Int, y: Int) -> CalculatorKey? {
        guard kind != .tooSmall, case .numeric = focused, keypadFrame.contains(x: x, y: y) else { return nil }
        var nearest: (key: CalculatorKey, distance: Int)?
        for cap in KeypadView.keyCaps(x: keypadOrigin.x, y: keypadOrigin.y, size: keypadSize) {
            let face = KeypadView.face(of: cap)
            let dx = max(face.x - x, 0, x - (face.maxX - 1))
            let dy = 2 * max(face.y - y, 0, y - (face.maxY - 1))
            let distance = dx * dx + dy * dy
            if nearest.map({ distance < $0.distance }) ?? true { nearest = (cap.key, distance) }
        }
        return nearest?.key
    }

    /// What a click at (x, y) does: the same action as the key it lands on (the keypad's keys: `keypadKey`).
    public func action(atX x: Int, y: Int) -> Action? {
        guard kind != .tooSmall else { return nil }
        if basisButton.contains(x: x, y: y) { return .comparison(.stepBasis(1)) }
        if title.contains(x: x, y: y) { return .app(.showShoppingList) }
        for button in toolbarButtons where button.frame.contains(x: x, y: y) { return button.action }
        switch focused {
        case .numeric:
            for cap in KeypadView.keyCaps(x: keypadOrigin.x, y: keypadOrigin.y, size: keypadSize)
            where KeypadView.face(of: cap).contains(x: x, y: y) {
                return .comparison(.keypad(cap.key))
            }
        case .unit(let picker):
            if let button = unitFamilyButton(picker), button.frame.contains(x: x, y: y) { return button.action }
            // The highlighted unit is what Enter takes: a tap on it is Enter.
            for cell in unitCells(picker) where cell.frame.contains(x: x, y: y) {
                return .comparison(cell.unit == picker.selected ? .finishProduct : .selectUnit(cell.unit))
            }
        case .text:
            break
        }
        guard x >= table.x, x < table.maxX else { return nil }
        for row in rows {
            // A one-line row of the compact screen: a tap anywhere on it opens its price.
            if row.price.width == 0, y == row.rank.y {
                return .comparison(.focus(FieldFocus(product: row.index, field: .price)))
            }
            if let field = row.field(nearestX: x, y: y) { return .comparison(.focus(FieldFocus(product: row.index, field: field))) }
        }
        return nil
    }
}

extension ScreenLayout.ProductRow {
    /// The field a tap on line y of this row focuses: the cell nearest x (a tap on a gap is never lost), the left one
    /// of two as near, as the keypad's lines go to the key on their left. The rank, age, unit price and verdict open
    /// the price.
    func field(nearestX x: Int, y: Int) -> ProductField? {
        // Left to right on each line.
        let cells: [(frame: Rect, field: ProductField)] = [(rank, .price), (name, .name), (price, .price), (quantity, .quantity), (unit, .unit),
                                                           (age, .price), (unitPrice, .price), (verdict, .price)]
        var nearest: (field: ProductField, distance: Int)?
        for cell in cells where cell.frame.y == y && cell.frame.width > 0 {
            let distance = max(cell.frame.x - x, 0, x - (cell.frame.maxX - 1))
            if nearest.map({ distance < $0.distance }) ?? true { nearest = (cell.field, distance) }
        }
        return nearest?.field
    }
}
