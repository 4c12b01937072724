/// The bytes a terminal sends, as characters: UTF-8, and every byte that is not part of valid UTF-8 read as
/// Latin-1 (a phone's SSH client set to Latin-1 sends `Caf\xE9 au lait`), so what follows is never dropped.
/// ncurses' `wget_wch` drops the rest of a burst at such a byte, so per reads bytes (`wgetch`) and decodes them
/// here. Pure: the caller reads, and calls `flush` when nothing more comes after a begun sequence.
struct InputBytes: Equatable, Sendable {
    /// A UTF-8 sequence begun and not finished: its bytes so far.
    private var begun: [UInt8] = []
    /// How many bytes the begun sequence has in all.
    private var length = 0

    /// A sequence is begun: the next byte finishes or breaks it; if nothing comes, `flush`.
    var isWaiting: Bool { !begun.isEmpty }

    /// One byte; returns the characters (Unicode scalar values) it completes, in order.
    mutating func feed(_ byte: UInt8) -> [UInt32] {
        guard !begun.isEmpty else { return start(byte) }
        guard Self.continues(begun, with: byte) else {
            // Not UTF-8 after all: what was begun is Latin-1, and this byte starts afresh.
            return flush() + start(byte)
        }
        begun.append(byte)
        guard begun.count == length else { return [] }
        let scalar = Self.scalar(of: begun)
        begun = []
        return [scalar]
    }

    /// Nothing more came: the begun sequence's bytes, each as a Latin-1 character.
    mutating func flush() -> [UInt32] {
        defer { begun = [] }
        return begun.map(UInt32.init)
    }

    private mutating func start(_ byte: UInt8) -> [UInt32] {
        switch byte {
        case 0x00...0x7F: return [UInt32(byte)]
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return [UInt32(byte)]  // a continuation byte alone, or never UTF-8 (0xC0, 0xC1, 0xF5...): Latin-1
        }
        begun = [byte]
        return []
    }

    /// Whether `byte` is the next byte of a well-formed UTF-8 sequence begun with `bytes` (no overlong forms, no
    /// surrogates, nothing above U+10FFFF).
    private static func continues(_ bytes: [UInt8], with byte: UInt8) -> Bool {
        guard bytes.count == 1 else { return (0x80...0xBF).contains(byte) }
        switch bytes[0] {
        case 0xE0: return (0xA0...0xBF).contains(byte)
        case 0xED: return (0x80...0x9F).contains(byte)
        case 0xF0: return (0x90...0xBF).contains(byte)
        case 0xF4: return (0x80...0x8F).contains(byte)
        default: return (0x80...0xBF).contains(byte)
        }
    }

    private static func scalar(of bytes: [UInt8]) -> UInt32 {
        let leadBits: UInt32 = switch bytes.count {
        case 2: UInt32(bytes[0] & 0x1F)
        case 3: UInt32(bytes[0] & 0x0F)
        default: UInt32(bytes[0] & 0x07)
        }
        return bytes.dropFirst().reduce(leadBits) { ($0 << 6) | UInt32($1 & 0x3F) }
    }
}
