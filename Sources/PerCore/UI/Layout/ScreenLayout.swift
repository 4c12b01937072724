/// Where everything goes on the comparison screen at a given size: a total, pure function of the
/// state. Rendering draws into these rectangles and clicks are resolved against the same ones.
public struct ScreenLayout: Sendable {
    public static let minimumWidth = 40
    public static let minimumHeight = 20
    public static let wideWidth = 80
    public static let wideHeight = 24
    /// Keys five columns wide (instead of three) from this width on.
    static let roomyKeysWidth = 100
    /// The title line at the top; the status line and the legend at the bottom.
    static let titleLines = 1
    static let footerLines = 2
    /// Wide: the editor's two lines (field title, expression) then the toolbar, above the keypad.
    static let wideEditorLines = 2
    /// The table's heading line above the product rows.
    static let tableHeadingLines = 1

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

        public func frame(of field: ProductField) -> Rect {
            switch field {
            case .price: price
            case .quantity: quantity
            case .unit: unit
            case .name: name
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
    public let rowsPerProduct: Int
    public let visibleProducts: Range<Int>
    public let rows: [ProductRow]
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
        if w < Self.minimumWidth || h < Self.minimumHeight {
            kind = .tooSmall
            (title, basisButton, table, editor, toolbar, summary, status, legend) = (zero, zero, zero, zero, zero, zero, zero, zero)
            keypadOrigin = (0, 0); keypadSize = .compact; rowsPerProduct = 1; visibleProducts = 0..<0; rows = []
            return
        }
        let isWide = w >= Self.wideWidth && h >= Self.wideHeight
        kind = isWide ? .wide : .compact
        let basisWidth = TextWidth.of(ScreenView.basisTitle(screen.comparison, glyphs: session.glyphs)) + 2
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
            rowsPerProduct = 1
        } else {
            keypadSize = .compact
            let keypadY = footerY - keypadSize.height
            keypadOrigin = (1, keypadY)
            toolbar = Rect(x: 0, y: keypadY - 1, width: w, height: 1)
            editor = Rect(x: 0, y: toolbar.y - 1, width: w, height: 1)
            table = Rect(x: 0, y: top, width: w, height: editor.y - top)
            summary = Rect(x: 1 + keypadSize.width + 1, y: keypadY, width: w - keypadSize.width - 3, height: keypadSize.height)
            rowsPerProduct = 2
        }
        let perPage = max(1, (table.height - Self.tableHeadingLines) / rowsPerProduct)
        let count = screen.comparison.products.count
        let first = (screen.focus.product / perPage) * perPage
        visibleProducts = first..<min(count, first + perPage)
        rows = Self.productRows(visibleProducts, table: table, wide: isWide)
    }

    /// Column positions: `# name price quantity unit per-unit verdict` on one line (wide), or
    /// `# name per-unit verdict` over `price quantity unit` (compact).
    private static func productRows(_ range: Range<Int>, table: Rect, wide: Bool) -> [ProductRow] {
        range.enumerated().map { offset, index in
            let x = table.x
            if wide {
                let y = table.y + 1 + offset
                let verdictW = 12, perW = 8, unitW = 5, qtyW = 8, priceW = 8, rankW = 3
                let nameW = max(4, table.width - (rankW + priceW + qtyW + unitW + perW + verdictW + 6))
                var cx = x
                func next(_ width: Int) -> Rect { defer { cx += width + 1 }; return Rect(x: cx, y: y, width: width, height: 1) }
                let rank = next(rankW), name = next(nameW), price = next(priceW), qty = next(qtyW), unit = next(unitW)
                let per = next(perW), verdict = Rect(x: cx, y: y, width: max(0, table.maxX - cx), height: 1)
                return ProductRow(index: index, rank: rank, name: name, price: price, quantity: qty, unit: unit, unitPrice: per, verdict: verdict)
            }
            let y = table.y + 1 + offset * 2
            let verdictW = 12, perW = 8, rankW = 3
            let nameW = max(4, table.width - (rankW + perW + verdictW + 3))
            let rank = Rect(x: x, y: y, width: rankW, height: 1)
            let name = Rect(x: x + rankW + 1, y: y, width: nameW, height: 1)
            let per = Rect(x: name.maxX + 1, y: y, width: perW, height: 1)
            let verdict = Rect(x: per.maxX + 1, y: y, width: max(0, table.maxX - per.maxX - 1), height: 1)
            let price = Rect(x: x + rankW + 1, y: y + 1, width: 10, height: 1)
            let qty = Rect(x: price.maxX + 5, y: y + 1, width: 10, height: 1)
            let unit = Rect(x: qty.maxX + 1, y: y + 1, width: 6, height: 1)
            return ProductRow(index: index, rank: rank, name: name, price: price, quantity: qty, unit: unit, unitPrice: per, verdict: verdict)
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
            Button(frame: Rect(x: x0 + TextWidth.of(prev) + 1, y: y, width: TextWidth.of(next), height: 1), label: next, action: .comparison(.nextField), shows: .next),
            Button(frame: Rect(x: clearX, y: y, width: TextWidth.of(clear), height: 1), label: clear, action: .comparison(.clearField), shows: .key(.clear)),
        ]
    }

    public var keypadFrame: Rect {
        Rect(x: keypadOrigin.x, y: keypadOrigin.y, width: keypadSize.width, height: keypadSize.height)
    }

    /// The unit picker's choices, laid out in columns inside the keypad's frame. When every offered unit
    /// does not fit whole, only the family of the selected (or typed) unit is shown; Left/Right still step
    /// through them all.
    public func unitCells(_ picker: UnitPicker) -> [(unit: MeasureUnit, frame: Rect)] {
        let inner = Rect(x: keypadFrame.x + 1, y: keypadFrame.y + 1, width: keypadFrame.width - 2, height: keypadFrame.height - 2)
        guard inner.height > 0 else { return [] }
        func cellWidth(_ units: [MeasureUnit]) -> Int { max(1, inner.width / max(1, (units.count + inner.height - 1) / inner.height)) }
        func fits(_ units: [MeasureUnit]) -> Bool { units.allSatisfy { TextWidth.of($0.symbol) + 1 <= cellWidth(units) } }
        var units = picker.offered
        if !fits(units) {
            var shown = picker.selected?.family ?? units.first?.family
            if case .offered(let typed) = picker.reading { shown = typed.family }
            units = units.filter { $0.family == shown }
        }
        let width = cellWidth(units)
        return units.enumerated().map { i, unit in
            (unit, Rect(x: inner.x + (i / inner.height) * width, y: inner.y + i % inner.height, width: width, height: 1))
        }
    }

    // MARK: Hit testing

    /// What a click at (x, y) does: the same action as the key it lands on.
    public func action(atX x: Int, y: Int) -> Action? {
        guard kind != .tooSmall else { return nil }
        if basisButton.contains(x: x, y: y) { return .comparison(.stepBasis(1)) }
        if title.contains(x: x, y: y) { return .app(.showLists) }
        for button in toolbarButtons where button.frame.contains(x: x, y: y) { return button.action }
        switch focused {
        case .numeric:
            for cap in KeypadView.keyCaps(x: keypadOrigin.x, y: keypadOrigin.y, size: keypadSize)
            where KeypadView.face(of: cap).contains(x: x, y: y) {
                return .comparison(.keypad(cap.key))
            }
        case .unit(let picker):
            for cell in unitCells(picker) where cell.frame.contains(x: x, y: y) { return .comparison(.selectUnit(cell.unit)) }
        case .text:
            break
        }
        for row in rows {
            for field in ProductField.allCases where row.frame(of: field).contains(x: x, y: y) {
                return .comparison(.focus(FieldFocus(product: row.index, field: field)))
            }
            if row.rank.contains(x: x, y: y) || row.unitPrice.contains(x: x, y: y) || row.verdict.contains(x: x, y: y) {
                return .comparison(.focus(FieldFocus(product: row.index, field: .price)))
            }
        }
        return nil
    }
}
