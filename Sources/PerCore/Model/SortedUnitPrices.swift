/// A sorted multiset of unit prices kept in chunks of at most `2 × chunkSize` elements, so an insert or removal
/// moves at most one chunk's worth of elements however many there are (100,000 unit prices).
struct SortedUnitPrices: Sendable {
    typealias Element = UnitPrice

    var elements: [Element] { chunks.flatMap { $0 } }
    private let chunkSize: Int
    private var chunks: [[Element]] = []
    private(set) var count = 0

    init(_ elements: [Element], chunkSize: Int = 512) {
        self.chunkSize = chunkSize
        let sorted = elements.sorted()
        count = sorted.count
        chunks = stride(from: 0, to: sorted.count, by: chunkSize).map {
            Array(sorted[$0..<min($0 + chunkSize, sorted.count)])
        }
    }

    var first: Element? { chunks.first?.first }

    /// How many elements are strictly less than `element`.
    func lowerBound(of element: Element) -> Int {
        let c = chunkIndex(for: element)
        var before = 0
        for i in 0..<c { before += chunks[i].count }
        return c < chunks.count ? before + Self.lowerBound(of: element, in: chunks[c]) : before
    }

    /// The element at `index` in order; nil past either end.
    func element(at index: Int) -> Element? {
        guard index >= 0, index < count else { return nil }
        var rest = index
        for chunk in chunks {
            if rest < chunk.count { return chunk[rest] }
            rest -= chunk.count
        }
        return nil
    }

    /// The nearest elements on either side of `element`: the greatest below it and the least not below it, one element
    /// equal to `leavingOut` passed over (a product's own unit price). Any other element is at least as far away.
    func neighbours(of element: Element, leavingOut: Element?) -> [Element] {
        let start = lowerBound(of: element)
        var skip = leavingOut
        func nearest(from index: Int, step: Int) -> Element? {
            var index = index
            while let found = self.element(at: index) {
                if let left = skip, found == left {
                    skip = nil
                    index += step
                    continue
                }
                return found
            }
            return nil
        }
        return [nearest(from: start - 1, step: -1), nearest(from: start, step: 1)].compactMap { $0 }
    }

    mutating func insert(_ element: Element) {
        count += 1
        if chunks.isEmpty { chunks = [[element]]; return }
        let c = min(chunkIndex(for: element), chunks.count - 1)
        chunks[c].insert(element, at: Self.lowerBound(of: element, in: chunks[c]))
        if chunks[c].count > 2 * chunkSize {
            let upper = Array(chunks[c][chunkSize...])
            chunks[c].removeSubrange(chunkSize...)
            chunks.insert(upper, at: c + 1)
        }
    }

    /// Removes one element equal to `element`; false when there is none.
    @discardableResult
    mutating func remove(_ element: Element) -> Bool {
        let c = chunkIndex(for: element)
        guard c < chunks.count else { return false }
        let i = Self.lowerBound(of: element, in: chunks[c])
        guard i < chunks[c].count, chunks[c][i] == element else { return false }
        chunks[c].remove(at: i)
        if chunks[c].isEmpty { chunks.remove(at: c) }
        count -= 1
        return true
    }

    mutating func removeAll() {
        chunks = []
        count = 0
    }

    /// The first chunk whose last element is not less than `element` (chunks.count if none).
    private func chunkIndex(for element: Element) -> Int {
        var low = 0, high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if chunks[mid].last! < element { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func lowerBound(of element: Element, in chunk: [Element]) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let mid = (low + high) / 2
            if chunk[mid] < element { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
