/// Shortens the bytes ncurses wrote for one frame without changing what they draw (decision 384): ncurses is per's one
/// renderer, and this pass only rewrites how the cursor and the attributes get where ncurses sends them.
/// - The cursor's place is saved (`ESC 7`) where the frame passes the focus (the caret), and a later absolute move back
///   there (the way back from a key's flash) becomes `ESC 8`, 2 bytes against 7 or 8, with `ESC [m` after it where the
///   attributes saved were not the normal ones.
/// - An attribute change is never dead weight: attributes set and then reset with nothing written between are dropped, a
///   reset ncurses sends after a move goes before it, and `ESC [;7m` from the normal attributes is `ESC [7m`.
/// It writes no character and decides nothing about widths: it follows the cursor only through absolute moves and ASCII,
/// and after anything else it does not know where the cursor is until the next absolute move. Pure: bytes and what is
/// known of the terminal in, bytes and what is known after them out. Only for terminals whose terminfo has these exact
/// sequences (`Terminal.foldsMoves`).
struct MoveFolding: Equatable {
    struct Point: Equatable {
        var x: Int
        var y: Int
    }

    /// What the bytes written so far left in the terminal.
    struct Known: Equatable {
        /// Where the cursor is; nil: not known.
        var cursor: Point?
        /// The attributes are known to be the normal ones.
        var normal = false
        /// What `ESC 7` saved last: the place and whether the attributes were the normal ones then.
        var saved: Saved?

        static let unknown = Known(cursor: nil, normal: false, saved: nil)
    }

    struct Saved: Equatable {
        var at: Point
        var normal: Bool
    }

    private enum Kind: Equatable {
        /// An absolute move: `ESC [r;cH`, `ESC [cG`, `ESC [rd`; a field nil is left as it is.
        case address(x: Int?, y: Int?)
        /// A relative move: `ESC [nA`...`D`, backspace, carriage return.
        case step(dx: Int, dy: Int, toColumn0: Bool)
        /// `ESC [...m`; `reset` when it sets the normal attributes and nothing else.
        case attributes(reset: Bool)
        /// An erase (`ESC [K`, `ESC [nX`, `ESC [J`): the cursor stays, the background colour counts.
        case erase
        /// An ASCII character (one column).
        case ascii
        /// Anything else: the cursor's place is no longer known.
        case other
    }

    private struct Token {
        var bytes: ArraySlice<UInt8>
        var kind: Kind
        var isMove: Bool {
            switch kind {
            case .address, .step: true
            default: false
            }
        }
    }

    /// `bytes` (one frame of ncurses') shortened; `known` is what the terminal held before them, updated. `focus`: where
    /// this frame leaves the cursor, the place worth saving. `width`: the screen's, where writing may wrap.
    static func fold(_ bytes: [UInt8], known: inout Known, focus: Point?, width: Int) -> [UInt8] {
        // Attributes followed by a reset with nothing written or erased between them change nothing.
        var kept: [Token] = []
        kept.reserveCapacity(bytes.count)
        for token in tokenize(bytes) {
            if token.kind == .attributes(reset: true) {
                var k = kept.count - 1
                while k >= 0, kept[k].isMove { k -= 1 }
                while k >= 0, case .attributes = kept[k].kind {
                    kept.remove(at: k)
                    k -= 1
                    while k >= 0, kept[k].isMove { k -= 1 }
                }
            }
            kept.append(token)
        }

        // A reset right after moves goes before them (moves do not depend on the attributes), where it can meet the
        // attributes it ends.
        var i = 0
        while i < kept.count {
            if kept[i].isMove {
                var j = i
                while j < kept.count, kept[j].isMove { j += 1 }
                if j < kept.count, kept[j].kind == .attributes(reset: true) {
                    let reset = kept.remove(at: j)
                    kept.insert(reset, at: i)
                    i += 1
                    continue
                }
                i = j
            } else {
                i += 1
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 2)
        /// Where in `out` the last reset was written, while nothing but moves followed it.
        var lastReset: Range<Int>?
        /// The cursor has been at the focus in this frame: saved there the first time, if it was not already.
        var passedFocus = false
        for token in kept {
            if let focus, !passedFocus, known.cursor == focus {
                passedFocus = true
                if known.saved != Saved(at: focus, normal: known.normal) {
                    out += [0x1B, 0x37]  // ESC 7
                    known.saved = Saved(at: focus, normal: known.normal)
                }
            }
            switch token.kind {
            case .address(let x, let y):
                let target = known.cursor.map { Point(x: x ?? $0.x, y: y ?? $0.y) }
                    ?? (x != nil && y != nil ? Point(x: x!, y: y!) : nil)
                if let target, let saved = known.saved, saved.at == target, known.normal {
                    // ESC 8 brings back the attributes saved with the place: reset them after it where they were not
                    // the normal ones, and a reset just before it is then of no use.
                    let restore: [UInt8] = [0x1B, 0x38] + (saved.normal ? [] : [0x1B, 0x5B, 0x6D])
                    var saving = token.bytes.count - restore.count
                    if !saved.normal, let reset = lastReset { saving += reset.count }
                    if saving > 0 {
                        if !saved.normal, let reset = lastReset { out.removeSubrange(reset) }
                        out += restore
                        known.cursor = target
                        lastReset = nil
                        continue
                    }
                }
                known.cursor = target
                out += token.bytes
                continue
            case .step(let dx, let dy, let toColumn0):
                if let cursor = known.cursor {
                    let x = toColumn0 ? 0 : cursor.x + dx
                    known.cursor = x >= 0 && x < width && cursor.y + dy >= 0 ? Point(x: x, y: cursor.y + dy) : nil
                }
                out += token.bytes
                continue
            case .attributes(let reset):
                var sequence = token.bytes
                // From the normal attributes `ESC [;7m` (reset, then reverse) is `ESC [7m`.
                if known.normal, sequence.count > 4, sequence[sequence.startIndex + 2] == 0x3B {
                    sequence = [0x1B, 0x5B] + sequence.dropFirst(3)
                }
                known.normal = reset
                lastReset = reset ? out.count..<(out.count + sequence.count) : nil
                out += sequence
                continue
            case .ascii:
                if let cursor = known.cursor {
                    known.cursor = cursor.x + 1 < width ? Point(x: cursor.x + 1, y: cursor.y) : nil
                }
            case .erase:
                break
            case .other:
                known.cursor = nil
            }
            lastReset = nil
            out += token.bytes
        }
        return out
    }

    private static func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count)
        var i = 0
        let n = bytes.count
        while i < n {
            let byte = bytes[i]
            if byte == 0x1B, i + 1 < n, bytes[i + 1] == 0x5B {
                // CSI: parameters, intermediates, a final byte.
                var j = i + 2
                while j < n, (0x30...0x3F).contains(bytes[j]) { j += 1 }
                let parametersEnd = j
                while j < n, (0x20...0x2F).contains(bytes[j]) { j += 1 }
                guard j < n, (0x40...0x7E).contains(bytes[j]) else {
                    tokens.append(Token(bytes: bytes[i..<n], kind: .other))
                    break
                }
                let final = bytes[j]
                let parameters = bytes[(i + 2)..<parametersEnd]
                let plain = parametersEnd == j && parameters.allSatisfy { $0 == 0x3B || (0x30...0x39).contains($0) }
                tokens.append(Token(bytes: bytes[i...j], kind: plain ? csi(final, parameters) : .other))
                i = j + 1
            } else if byte == 0x1B {
                var j = i + 1
                while j < n, (0x20...0x2F).contains(bytes[j]) { j += 1 }
                let end = min(j + 1, n)
                tokens.append(Token(bytes: bytes[i..<end], kind: .other))
                i = end
            } else if byte == 0x08 {
                tokens.append(Token(bytes: bytes[i...i], kind: .step(dx: -1, dy: 0, toColumn0: false)))
                i += 1
            } else if byte == 0x0D {
                tokens.append(Token(bytes: bytes[i...i], kind: .step(dx: 0, dy: 0, toColumn0: true)))
                i += 1
            } else if (0x20...0x7E).contains(byte) {
                tokens.append(Token(bytes: bytes[i...i], kind: .ascii))
                i += 1
            } else if byte >= 0xC0 {
                // A UTF-8 character: its width is the terminal's business.
                var j = i + 1
                while j < n, bytes[j] & 0xC0 == 0x80 { j += 1 }
                tokens.append(Token(bytes: bytes[i..<j], kind: .other))
                i = j
            } else {
                tokens.append(Token(bytes: bytes[i...i], kind: .other))
                i += 1
            }
        }
        return tokens
    }

    private static func csi(_ final: UInt8, _ parameters: ArraySlice<UInt8>) -> Kind {
        let numbers = parameters.split(separator: 0x3B, omittingEmptySubsequences: false).map { Int(String(decoding: $0, as: UTF8.self)) }
        func number(_ index: Int) -> Int { index < numbers.count ? max(numbers[index] ?? 1, 1) : 1 }
        switch final {
        case 0x48, 0x66: return numbers.count <= 2 ? .address(x: number(1) - 1, y: number(0) - 1) : .other  // H, f
        case 0x47: return numbers.count <= 1 ? .address(x: number(0) - 1, y: nil) : .other  // G
        case 0x64: return numbers.count <= 1 ? .address(x: nil, y: number(0) - 1) : .other  // d
        case 0x41: return numbers.count <= 1 ? .step(dx: 0, dy: -number(0), toColumn0: false) : .other
        case 0x42: return numbers.count <= 1 ? .step(dx: 0, dy: number(0), toColumn0: false) : .other
        case 0x43: return numbers.count <= 1 ? .step(dx: number(0), dy: 0, toColumn0: false) : .other
        case 0x44: return numbers.count <= 1 ? .step(dx: -number(0), dy: 0, toColumn0: false) : .other
        case 0x6D: return .attributes(reset: numbers.allSatisfy { $0 == nil || $0 == 0 })
        case 0x4B, 0x58, 0x4A: return .erase  // K, X, J
        default: return .other
        }
    }
}
