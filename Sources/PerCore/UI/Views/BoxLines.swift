/// Box borders drawn from the edges of rectangles: where boxes share an edge the junction glyph
/// (├ ┬ ┼ ...) is worked out from which directions meet, so any grid of keys draws cleanly.
struct BoxLines {
    private struct Links: OptionSet {
        let rawValue: UInt8
        static let up = Links(rawValue: 1), down = Links(rawValue: 2), left = Links(rawValue: 4), right = Links(rawValue: 8)
    }

    private var links: [Links]
    private let width: Int

    init(width: Int, height: Int) {
        self.width = width
        links = Array(repeating: [], count: max(0, width * height))
    }

    mutating func addBox(_ r: Rect) {
        guard r.width >= 2, r.height >= 2 else { return }
        let (right, bottom) = (r.maxX - 1, r.maxY - 1)
        for x in r.x...right {
            var horizontal: Links = []
            if x > r.x { horizontal.insert(.left) }
            if x < right { horizontal.insert(.right) }
            add(x, r.y, horizontal.union(x == r.x || x == right ? .down : []))
            add(x, bottom, horizontal.union(x == r.x || x == right ? .up : []))
        }
        if r.height > 2 {
            for y in (r.y + 1)..<bottom {
                add(r.x, y, [.up, .down])
                add(right, y, [.up, .down])
            }
        }
    }

    private mutating func add(_ x: Int, _ y: Int, _ l: Links) {
        guard x >= 0, x < width, y >= 0, y * width + x < links.count else { return }
        links[y * width + x].formUnion(l)
    }

    func draw(into canvas: inout Canvas, glyphs g: GlyphSet, style: CellStyle = [], color: ColorRole = .frame) {
        for (index, l) in links.enumerated() where !l.isEmpty {
            let glyph: Character
            switch l {
            case [.right, .down]: glyph = g.topLeft
            case [.left, .down]: glyph = g.topRight
            case [.right, .up]: glyph = g.bottomLeft
            case [.left, .up]: glyph = g.bottomRight
            case [.up, .down, .right]: glyph = g.teeRight
            case [.up, .down, .left]: glyph = g.teeLeft
            case [.left, .right, .down]: glyph = g.teeDown
            case [.left, .right, .up]: glyph = g.teeUp
            case [.up, .down, .left, .right]: glyph = g.cross
            case _ where l.isSubset(of: [.up, .down]): glyph = g.vertical
            default: glyph = g.horizontal
            }
            canvas[index % width, index / width] = Cell(glyph, style: style, color: color)
        }
    }
}
