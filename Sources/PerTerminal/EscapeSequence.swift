import PerCore

/// What follows an ESC that ncurses did not turn into a key: the sequence of a key or report it does not know (CSI,
/// SS3, and the strings of OSC, DCS and APC a terminal answers with). Read whole, so none of it types; the ones with a
/// known meaning (arrows and F-keys the terminfo entry lacks, keypad keys of the kitty protocol, an SGR mouse report)
/// become that input, the rest nothing. Any other key after an ESC is the Escape key and then that key (per binds no
/// Alt key): `5`, Esc, `7.77` arriving in one read is all of them.
struct EscapeSequence: Equatable, Sendable {
    private enum Stage: Equatable, Sendable {
        /// Only the ESC so far.
        case started
        /// `ESC [` and its parameter and intermediate bytes so far.
        case controlSequence(String)
        /// `ESC O`: one more byte ends it.
        case singleShift
        /// `ESC ]`, `ESC P`, `ESC _`: text up to BEL or `ESC \`.
        case string(afterEscape: Bool)
        /// `ESC [ M` and the X10 mouse report's bytes so far (button, column, line: three in all).
        case x10Mouse([UInt32])
    }

    enum Step: Equatable, Sendable {
        /// Part of the sequence: read on.
        case more
        /// The sequence is over; what it means, if anything.
        case finished(InputEvent?)
        /// ESC ESC: the first was the Escape key; the second starts a sequence of its own.
        case escapeThenRestart
        /// ESC and a key that starts no sequence (Esc, then Ctrl-Q or `7` typed quickly): the Escape key, then that key.
        case escapeThenReread
        /// The byte cannot be part of the sequence (a control character typed after a cut-off
        /// sequence): the sequence is dropped and the byte is read as ordinary input.
        case abandoned
    }

    /// The longest parameter text kept; longer sequences are still read whole, their meaning dropped.
    static let parameterLimit = 32

    private var stage = Stage.started

    /// Only the ESC has come: when nothing follows at once, it was the Escape key.
    var isBareEscape: Bool { stage == .started }

    mutating func feed(_ code: UInt32) -> Step {
        switch stage {
        case .started:
            switch code {
            case 0x1B: return .escapeThenRestart
            case 0x5B: stage = .controlSequence(""); return .more                    // [
            case 0x4F: stage = .singleShift; return .more                             // O
            case 0x5D, 0x50, 0x5F: stage = .string(afterEscape: false); return .more  // ] P _: a terminal's answer
            case 0x5C: return .finished(nil)                                          // \: the end of a string cut off
            default: return .escapeThenReread  // Esc, then a control, a digit, `.`, a letter (no Alt key is bound)
            }
        case .controlSequence(let parameters):
            switch code {
            case 0x20...0x3F:
                if parameters.count < Self.parameterLimit, let scalar = Unicode.Scalar(code) {
                    stage = .controlSequence(parameters + String(Character(scalar)))
                } else {
                    stage = .controlSequence(parameters + "\u{0}")  // too long: keep reading, mean nothing
                }
                return .more
            case 0x4D where parameters.isEmpty:
                stage = .x10Mouse([])  // a mouse report from a terminal without the SGR form (GNU screen 4)
                return .more
            case 0x40...0x7E:
                return .finished(Self.controlSequence(parameters, final: Character(Unicode.Scalar(UInt8(code)))))
            default:
                return .abandoned
            }
        case .singleShift:
            switch code {
            case 0x20...0x7E: return .finished(Self.singleShift(Character(Unicode.Scalar(UInt8(code)))))
            default: return .abandoned
            }
        case .string(let afterEscape):
            switch code {
            case 0x07, 0x9C: return .finished(nil)
            case 0x5C where afterEscape: return .finished(nil)
            default: stage = .string(afterEscape: code == 0x1B); return .more
            }
        case .x10Mouse(let codes):
            guard codes.count == 2 else {
                stage = .x10Mouse(codes + [code])
                return .more
            }
            return .finished(Self.x10Mouse(button: codes[0], column: codes[1], line: code))
        }
    }

    /// `ESC [ M` then three bytes, each 32 more than its value: the button (as in the SGR form, 3 a release) and
    /// the 1-based column and line.
    static func x10Mouse(button: UInt32, column: UInt32, line: UInt32) -> InputEvent? {
        guard button >= 32, column >= 33, line >= 33 else { return nil }
        let (x, y) = (Int(column) - 33, Int(line) - 33)
        switch Int(button - 32) & ~0b11100 {
        case 0: return .click(x: x, y: y)
        case 32: return .drag(x: x, y: y)
        case 3: return .release(x: x, y: y)  // X10 does not say which button let go: the left is the one followed
        case 64: return .scroll(lines: -1, x: x, y: y)
        case 65: return .scroll(lines: 1, x: x, y: y)
        default: return nil
        }
    }

    /// `ESC O x`: arrows, Home/End, Enter and F1-F4 in application mode.
    static func singleShift(_ final: Character) -> InputEvent? {
        switch final {
        case "A": .key(.up)
        case "B": .key(.down)
        case "C": .key(.right)
        case "D": .key(.left)
        case "H": .key(.home)
        case "F": .key(.end)
        case "M": .key(.enter)
        case "P": .key(.function(1))
        case "Q": .key(.function(2))
        case "R": .key(.function(3))
        case "S": .key(.function(4))
        default: nil
        }
    }

    /// `ESC [ parameters final`. Keys with modifiers other than Shift mean nothing (they are not
    /// per's keys); unknown sequences mean nothing.
    static func controlSequence(_ parameters: String, final: Character) -> InputEvent? {
        if parameters.hasPrefix("<") { return sgrMouse(String(parameters.dropFirst()), final: final) }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard fields.allSatisfy({ $0 != nil }) || parameters.isEmpty else { return nil }
        let numbers = parameters.isEmpty ? [] : fields.map { $0! }
        let modifiers = numbers.count >= 2 ? numbers[1] : 1
        switch final {
        case "A", "B", "C", "D", "H", "F":
            guard numbers.count <= 2, modifiers == 1 else { return nil }
            return singleShift(final)
        case "P", "Q", "R", "S":
            guard numbers.count == 2, numbers[0] == 1, modifiers == 1 else { return nil }
            return singleShift(final)
        case "Z":
            return numbers.isEmpty ? .key(.backTab) : nil
        case "~":
            guard let first = numbers.first, modifiers == 1 else { return nil }
            return tildeKey(first)
        case "u":
            guard let first = numbers.first else { return nil }
            return kittyKey(first, modifiers: modifiers)
        default:
            return nil
        }
    }

    /// `ESC [ n ~` keys.
    static func tildeKey(_ number: Int) -> InputEvent? {
        switch number {
        case 1, 7: .key(.home)
        case 3: .key(.delete)
        case 4, 8: .key(.end)
        case 5: .key(.pageUp)
        case 6: .key(.pageDown)
        case 11...15: .key(.function(number - 10))
        case 17...21: .key(.function(number - 11))
        case 23, 24: .key(.function(number - 12))
        default: nil
        }
    }

    /// `ESC [ code ; modifiers u` (the kitty keyboard protocol, left on by another program): plain
    /// characters, Ctrl-letters, and the numeric keypad, which a calculator wants.
    static func kittyKey(_ code: Int, modifiers: Int) -> InputEvent? {
        let bits = modifiers - 1  // shift 1, alt 2, ctrl 4
        guard bits >= 0, bits & ~0b101 == 0 else { return nil }
        let control = bits & 0b100 != 0
        switch code {
        case 97...122 where control: return .control(Character(Unicode.Scalar(UInt8(code))))
        case _ where control: return nil
        case 97...122 where bits & 1 != 0: return .character(Character(Unicode.Scalar(UInt8(code - 32))))
        case 9: return bits & 1 != 0 ? .key(.backTab) : .key(.tab)
        case 13, 57414: return .key(.enter)
        case 27: return .key(.escape)
        case 127: return .key(.backspace)
        case 32...126: return .character(Character(Unicode.Scalar(UInt8(code))))
        case 57399...57408: return .character(Character(Unicode.Scalar(UInt8(0x30 + code - 57399))))
        case 57409: return .character(".")
        case 57410: return .character("/")
        case 57411: return .character("*")
        case 57412: return .character("-")
        case 57413: return .character("+")
        case 57415: return .character("=")
        default: return nil
        }
    }

    /// `ESC [ < button ; x ; y M` (a press, or a move with a button down: button + 32) or `m` (a release),
    /// 1-based cells: a left press is a click, a move with it down a drag, its release a release; the wheel
    /// scrolls; the rest means nothing.
    static func sgrMouse(_ parameters: String, final: Character) -> InputEvent? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        let (button, x, y) = (numbers[0] & ~0b11100, numbers[1] - 1, numbers[2] - 1)  // without shift/alt/ctrl
        switch (button, final) {
        case (0, "M"): return .click(x: x, y: y)
        case (32, "M"): return .drag(x: x, y: y)
        case (0, "m"): return .release(x: x, y: y)
        case (64, "M"): return .scroll(lines: -1, x: x, y: y)
        case (65, "M"): return .scroll(lines: 1, x: x, y: y)
        default: return nil
        }
    }
}
