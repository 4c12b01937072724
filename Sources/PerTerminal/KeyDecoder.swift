import CNcurses
import PerCore

/// One `wget_wch` result, classified. Pure: the parts that need ncurses state
/// (`getmaxyx` for a resize, `getmouse` for a click) are left to the caller.
enum DecodedInput: Equatable, Sendable {
    case event(InputEvent)
    /// KEY_RESIZE: ask ncurses for the new size.
    case resize
    /// KEY_MOUSE: ask `getmouse` what happened.
    case mouse
    /// The bracketed-paste start (PS) and end (PE) markers.
    case pasteBegin, pasteEnd
    /// Unknown or unusable: read the next one.
    case ignored
}

enum KeyDecoder {
    /// Classifies what `wget_wch` returned: `status` is OK, KEY_CODE_YES or ERR; `code` is the character or KEY_* code.
    static func decode(status: Int32, code: UInt32) -> DecodedInput {
        switch status {
        case OK: return decodeCharacter(code)
        case KEY_CODE_YES: return decodeKey(code)
        default: return .ignored
        }
    }

    static func decodeCharacter(_ code: UInt32) -> DecodedInput {
        switch code {
        case 0x7F, 0x08: return .event(.key(.backspace))
        case 0x09: return .event(.key(.tab))
        case 0x0D, 0x0A: return .event(.key(.enter))
        case 0x1B: return .event(.key(.escape))
        case 0x01...0x1A:
            // 0x01 is Ctrl-A ... 0x1A is Ctrl-Z.
            return .event(.control(Character(Unicode.Scalar(UInt8(0x60 + code)))))
        case 0x00...0x1F, 0x80...0x9F:
            return .ignored  // NUL, Ctrl-\ ] ^ _ and the C1 controls
        default:
            guard let scalar = Unicode.Scalar(code) else { return .ignored }
            return .event(.character(Character(scalar)))
        }
    }

    static func decodeKey(_ code: UInt32) -> DecodedInput {
        let key = Int32(bitPattern: code)
        switch key {
        case KEY_UP: return .event(.key(.up))
        case KEY_DOWN: return .event(.key(.down))
        case KEY_LEFT: return .event(.key(.left))
        case KEY_RIGHT: return .event(.key(.right))
        case KEY_BTAB: return .event(.key(.backTab))
        case KEY_ENTER: return .event(.key(.enter))
        case KEY_BACKSPACE: return .event(.key(.backspace))
        case KEY_DC: return .event(.key(.delete))
        case KEY_HOME: return .event(.key(.home))
        case KEY_END: return .event(.key(.end))
        case KEY_PPAGE: return .event(.key(.pageUp))
        case KEY_NPAGE: return .event(.key(.pageDown))
        case KEY_SUSPEND: return .event(.control("z"))  // kspd: ^Z itself under linux, putty and cygwin
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return .mouse
        case Int32(CN_KEY_PASTE_BEGIN): return .pasteBegin
        case Int32(CN_KEY_PASTE_END): return .pasteEnd
        case cn_key_f(1)...cn_key_f(63): return .event(.key(.function(Int(key - cn_key_f(0)))))
        default: return .ignored
        }
    }

    /// A left-button press (or click, when click detection is on) becomes one click, its release a release, a move
    /// with the button down a drag, a wheel step one line of scrolling; the rest is ignored.
    static func mouse(buttonState: mmask_t, x: Int32, y: Int32) -> InputEvent? {
        guard x >= 0, y >= 0 else { return nil }
        if buttonState & (CN_BUTTON1_PRESSED | CN_BUTTON1_CLICKED) != 0 { return .click(x: Int(x), y: Int(y)) }
        if buttonState & CN_BUTTON1_RELEASED != 0 { return .release(x: Int(x), y: Int(y)) }
        if buttonState & CN_REPORT_MOUSE_POSITION != 0 { return .drag(x: Int(x), y: Int(y)) }
        if buttonState & CN_BUTTON4_PRESSED != 0 { return .scroll(lines: -1, x: Int(x), y: Int(y)) }
        if buttonState & CN_BUTTON5_PRESSED != 0 { return .scroll(lines: 1, x: Int(x), y: Int(y)) }
        return nil
    }

    /// Colour only when the terminal has it and NO_COLOR (https://no-color.org) is unset or empty.
    static func colorAllowed(hasColors: Bool, noColor: String?) -> Bool {
        hasColors && (noColor ?? "").isEmpty
    }
}

/// Turns the stream of `wget_wch` results into events, folding a bracketed paste into one `.paste`.
struct InputAssembler: Sendable {
    /// The text pasted so far; nil outside a paste.
    private(set) var pasteBuffer: String?
    private var lastWasCarriageReturn = false
    /// Inputs that arrived inside a paste but are not text (a resize), or behind an Escape key:
    /// delivered after it, in order.
    private var deferred: [DecodedInput] = []
    /// An ESC and what followed it so far, outside a paste.
    private(set) var escape: EscapeSequence?

    var isPasting: Bool { pasteBuffer != nil }

    /// Feeds one `wget_wch` result; returns something to deliver, or nil to read on.
    mutating func feed(status: Int32, code: UInt32) -> DecodedInput? {
        if var sequence = escape, pasteBuffer == nil {
            escape = nil
            guard status == OK else {
                // A key ncurses decoded: an Escape typed just before it, or a cut-off sequence.
                let key = feed(status: status, code: code)
                guard sequence.isBareEscape else { return key }
                if let key { deferred.append(key) }
                return .event(.key(.escape))
            }
            switch sequence.feed(code) {
            case .more:
                escape = sequence
                return nil
            case .finished(let event):
                return event.map { .event($0) }
            case .escapeThenRestart:
                escape = EscapeSequence()
                return .event(.key(.escape))
            case .escapeThenReread:
                if let next = feed(status: status, code: code) { deferred.append(next) }
                return .event(.key(.escape))
            case .abandoned:
                return feed(status: status, code: code)
            }
        }
        let decoded = KeyDecoder.decode(status: status, code: code)
        guard var text = pasteBuffer else {
            switch decoded {
            case .event(.key(.escape)) where status == OK:
                escape = EscapeSequence()
                return nil
            case .pasteBegin:
                pasteBuffer = ""
                lastWasCarriageReturn = false
                return nil
            case .pasteEnd, .ignored:
                return nil
            default:
                return decoded
            }
        }
        defer { if pasteBuffer != nil { pasteBuffer = text } }
        if status == OK {
            let wasCR = lastWasCarriageReturn
            lastWasCarriageReturn = code == 0x0D
            switch code {
            case 0x0D: text.append("\n")
            case 0x0A: if !wasCR { text.append("\n") }
            case 0x09: text.append("\t")
            case 0x00...0x1F, 0x7F...0x9F: break  // other controls are not text
            default: if let scalar = Unicode.Scalar(code) { text.append(Character(scalar)) }
            }
            return nil
        }
        lastWasCarriageReturn = false
        switch decoded {
        case .pasteEnd:
            pasteBuffer = nil
            return text.isEmpty ? nil : .event(.paste(text))
        case .event(.key(.enter)):
            text.append("\n")
        case .resize:
            deferred.append(.resize)
        default:
            break  // arrows, mouse and the like inside a paste are not text
        }
        return nil
    }

    /// Ends a paste whose end marker never came (the read timed out).
    mutating func finishPaste() -> InputEvent? {
        guard let text = pasteBuffer else { return nil }
        pasteBuffer = nil
        return text.isEmpty ? nil : .paste(text)
    }

    /// Nothing more came after an ESC: a bare one was the Escape key; a cut-off sequence means nothing.
    mutating func finishEscape() -> InputEvent? {
        guard let sequence = escape else { return nil }
        escape = nil
        return sequence.isBareEscape ? .key(.escape) : nil
    }

    /// The next input held back during a paste, if any.
    mutating func popDeferred() -> DecodedInput? {
        guard !isPasting, !deferred.isEmpty else { return nil }
        return deferred.removeFirst()
    }
}
