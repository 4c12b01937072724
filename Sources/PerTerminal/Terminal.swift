import CNcurses
import PerCore
import Glibc

public struct TerminalOptions: Sendable {
    /// Report left-button presses as `.click` (on by default: phone SSH clients send taps as clicks).
    public var mouse: Bool
    public init(mouse: Bool = true) { self.mouse = mouse }
}

public enum TerminalError: Error, Equatable, Sendable {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// TERM is unknown to terminfo, or cannot move the cursor (e.g. `dumb`).
    case unusableTerminal(term: String)

    /// One line for the user; the caller prints it and exits with status 1.
    public var message: String {
        switch self {
        case .notATerminal:
            return "per: standard input and output must be a terminal"
        case .unusableTerminal(let term):
            let name = term.isEmpty ? "(unset)" : "'\(term)'"
            return "per: terminal type \(name) is unknown or cannot address the cursor; set TERM (e.g. xterm-256color)"
        }
    }
}

/// The screen: setup and teardown, copying a Canvas out, reading keys, clicks and pastes.
/// ncurses is not thread-safe, so every call stays on the main actor.
@MainActor public final class Terminal {
    /// The glyphs this locale and terminal can show.
    public let glyphs: GlyphSet
    /// Colour pairs are in use (the terminal has colours and NO_COLOR is unset or empty).
    public let hasColor: Bool

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    /// false for the headless screens tests render into.
    private let interactive: Bool
    private let mouse: Bool
    private let pasteOn: String?
    private let pasteOff: String?
    private var assembler = InputAssembler()
    /// Bytes read into characters (UTF-8, else Latin-1), and what they gave that the assembler has not taken yet.
    private var bytes = InputBytes()
    private var decodedBytes: [(status: Int32, code: UInt32)] = []
    private var stopped = false
    private var earlyErrors = 0
    /// The streams a headless screen reads and writes, closed by stop().
    private var headlessFiles: [UnsafeMutablePointer<FILE>] = []
    /// rmacs, sent when taking the terminal, because sgr0 and sgr no longer reset the character set (see cn_trim_attribute_strings).
    private var resetCharacterSet: String?
    /// The roles drawn without bold (`Palette.Pair.allowsBold`), and those without dim (a colour of their own).
    private var boldless: Set<ColorRole> = []
    private var dimless: Set<ColorRole> = []
    /// The terminal can hide its cursor (`civis`); where it cannot (vt100), the cursor is left at the caret.
    private let hidesCursor = cn_tigetstr("civis") != nil
    /// The stream ncurses writes to (stdout, or a headless screen's file).
    private let output: UnsafeMutablePointer<FILE>
    /// The locale's character set is UTF-8: anything else shows ASCII only.
    private let utf8Locale: Bool
    /// The terminal draws East Asian Ambiguous characters wide (`TextWidth.ambiguousIsWide` when it started).
    private let ambiguousIsWide = TextWidth.ambiguousIsWide
    /// The file in memory ncurses draws a frame into before per sends it on, shortened (`MoveFolding`); -1 without one.
    private let frameBuffer: Int32
    /// The terminal speaks the sequences `MoveFolding` writes (its terminfo, as trimmed at start, says so); false
    /// without a frame buffer. Asked at the first draw.
    private lazy var foldsMoves = frameBuffer >= 0 && Terminal.speaksFoldedMoves()
    /// What the bytes sent so far left in the terminal (the cursor's place, what ESC 7 saved), and at what size.
    private var known = MoveFolding.Known.unknown
    private var knownSize: (width: Int, height: Int)?

    private init(screen: OpaquePointer, term: String, interactive: Bool, mouse: Bool, output: UnsafeMutablePointer<FILE>) {
        self.screen = screen
        self.interactive = interactive
        self.mouse = mouse
        self.output = output
        window = cn_stdscr()
        frameBuffer = cn_frame_buffer_open()
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        glyphs = GlyphSet.choose(codeset: codeset, term: term, ambiguousIsWide: ambiguousIsWide)
        utf8Locale = codeset.uppercased().filter { $0 != "-" } == "UTF8"
        hasColor = KeyDecoder.colorAllowed(hasColors: has_colors(), noColor: Terminal.environment("NO_COLOR"))

        raw()        // ^C ^Q ^Z arrive as keys; XON/XOFF off
        noecho()
        nonl()
        keypad(window, true)
        curs_set(0)
        if Terminal.environment("ESCDELAY") == nil { set_escdelay(25) }
        if hasColor { (boldless, dimless) = Terminal.setUpColors() }

        // terminfo's BE where it has one; screen and tmux understand xterm's mode 2004 even where
        // their terminfo entries do not say so (TERM=screen inside tmux, as tmux sets by default).
        let xtermPaste = ["screen", "tmux", "xterm", "rxvt"].contains { term.hasPrefix($0) }
        if let begin = cn_tigetstr("BE").map({ String(cString: $0) }) ?? (xtermPaste ? "\u{1B}[?2004h" : nil) {
            pasteOn = begin
            pasteOff = cn_tigetstr("BD").map { String(cString: $0) } ?? "\u{1B}[?2004l"
            let start = cn_tigetstr("PS").map { String(cString: $0) } ?? "\u{1B}[200~"
            let end = cn_tigetstr("PE").map { String(cString: $0) } ?? "\u{1B}[201~"
            define_key(start, Int32(CN_KEY_PASTE_BEGIN))
            define_key(end, Int32(CN_KEY_PASTE_END))
        } else {
            pasteOn = nil
            pasteOff = nil
        }

        if mouse {
            // per reads the mouse itself (EscapeSequence: SGR reports, X10 where the terminal has no SGR), in order,
            // a press, its moves and its release each on its own: ncurses merges a press and release that arrive
            // together into one click and gives one event per read. Its own decoding of kmous is turned off.
            keyok(KEY_MOUSE, false)
        }
    }

    /// Takes over the terminal. On failure nothing is left changed; print `error.message` and exit 1.
    public static func start(_ options: TerminalOptions) throws(TerminalError) -> Terminal {
        // The character set alone (what ncursesw and the glyphs need): LC_ALL would load a dozen locale files
        // (time, money, collation...) that nothing here uses, before the first frame.
        setlocale(LC_CTYPE, "")
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        let term = environment("TERM") ?? ""

        // Ours before newterm, so ncurses does not install its exit-on-signal handlers.
        cn_install_hangup_handlers()
        // The terminal's real size, never LINES/COLUMNS from the environment: those would pin the size.
        cn_follow_the_real_size()
        guard let screen = newterm(nil, cn_stdout(), cn_stdin()) else {
            cn_restore_default_hangup_handlers()
            throw .unusableTerminal(term: term)
        }
        set_term(screen)
        guard cn_tigetstr("cup") != nil else {
            endwin()
            delscreen(screen)
            cn_restore_default_hangup_handlers()
            throw .unusableTerminal(term: term)
        }

        // Fewer bytes per attribute change; the character set they kept resetting is reset once below.
        let trimmed = cn_trim_attribute_strings() != 0
        let terminal = Terminal(screen: screen, term: term, interactive: true, mouse: options.mouse, output: cn_stdout())
        terminal.resetCharacterSet = trimmed ? cn_tigetstr("rmacs").map { String(cString: $0) } : nil
        cn_remember_restore_strings(terminal.pasteOn != nil ? 1 : 0)
        cn_install_crash_handlers()
        cn_set_in_curses(1)
        _ = cn_capture_stderr()
        // ncurses (6.4) flushes its output after every cursor move until the screen has been through endwin and
        // doupdate once: a frame went out as one write per move (a first frame as ~50, each a packet over SSH).
        // One such cycle before anything is shown makes every frame a single write, for ~70 bytes once.
        endwin()
        doupdate()  // enter the screen now
        // endwin left keypad mode; ncurses would send smkx again at the first read, after the first frame (and
        // after everything done between the two). Sent now, before the frame.
        keypad(terminal.window, true)
        terminal.sendInputModes(on: true)
        return terminal
    }

    /// A screen that renders into the file at `output` (by default /dev/null) and reads the file at `input` (by default
    /// /dev/null) with terminfo `term`, for tests: no tty, no signal handlers, no stderr capture.
    static func headless(term: String = "xterm-256color", width: Int, height: Int, mouse: Bool = false,
                         output outputPath: String = "/dev/null", input inputPath: String = "/dev/null") -> Terminal? {
        guard let output = fopen(outputPath, "w") else { return nil }
        guard let input = fopen(inputPath, "r") else {
            fclose(output)
            return nil
        }
        guard let screen = newterm(term, output, input) else {
            fclose(output)
            fclose(input)
            return nil
        }
        set_term(screen)
        resizeterm(Int32(height), Int32(width))
        let terminal = Terminal(screen: screen, term: term, interactive: false, mouse: mouse, output: output)
        terminal.headlessFiles = [output, input]
        return terminal
    }

    /// Pair numbers are `ColorRole.rawValue`; `.normal` is pair 0, the terminal's own colours. The colours are
    /// `Palette`'s, readable on dark and light backgrounds.
    /// Returns the roles whose pair is drawn without bold, and those drawn without dim (a foreground of their own).
    private static func setUpColors() -> (boldless: Set<ColorRole>, dimless: Set<ColorRole>) {
        start_color()
        let defaults = use_default_colors() == OK
        let colors = Int(cn_colors())
        // Direct colour (xterm-direct: 2^24 colours): the numbers are RGB values, so the palette's are turned into theirs.
        let direct = colors > 256
        func number(_ colour: Int16) -> Int32 { direct ? Palette.directColor(colour) : Int32(colour) }
        let own = Palette.pair(.normal, colors: colors, defaultColors: defaults).foreground
        var boldless: Set<ColorRole> = [], dimless: Set<ColorRole> = []
        for role in ColorRole.allCases where role != .normal {
            let pair = Palette.pair(role, colors: colors, defaultColors: defaults)
            init_extended_pair(Int32(role.rawValue), number(pair.foreground), number(pair.background))
            if !pair.allowsBold { boldless.insert(role) }
            if pair.foreground != own { dimless.insert(role) }
        }
        return (boldless, dimless)
    }

    nonisolated static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    public var size: (width: Int, height: Int) {
        var rows: Int32 = 0, columns: Int32 = 0
        cn_getmaxyx(window, &rows, &columns)
        return (Int(columns), Int(rows))
    }

    static func attributes(_ style: CellStyle) -> attr_t {
        var attributes = CN_A_NORMAL
        if style.contains(.bold) { attributes |= CN_A_BOLD }
        if style.contains(.dim) { attributes |= CN_A_DIM }
        if style.contains(.reverse) { attributes |= CN_A_REVERSE }
        if style.contains(.underline) { attributes |= CN_A_UNDERLINE }
        return attributes
    }

    /// Copies the canvas to the screen: ncurses alone writes every frame (decision 384), sending only what changed
    /// since the last draw, and leaves the cursor at the focus.
    public func draw(_ canvas: Canvas, cursor asked: (x: Int, y: Int)?) {
        guard !stopped else { return }
        let (width, height) = size
        // The cursor rests where the focus is (the caret, the selected row), hidden or not: screen readers, braille
        // displays and input methods follow it. One that cannot be hidden is shown there.
        let rest = canvas.focus.flatMap { $0.x >= 0 && $0.y >= 0 && $0.x < width && $0.y < height ? $0 : nil }
        let cursor = asked ?? (hidesCursor ? nil : rest.map { (x: $0.x, y: $0.y) } ?? Terminal.caret(glyphs.cursor, in: canvas))
        copyToWindow(canvas, width: width, height: height)
        let shows = cursor.map { $0.x >= 0 && $0.y >= 0 && $0.x < width && $0.y < height } ?? false
        // A hidden cursor rests at the focus, else at the top-left: xterm shrunk by a window manager scrolls both its
        // screens up by as many lines as the cursor is below the new last line, and the shell's lines went out of view.
        let at = shows ? cursor! : rest.map { (x: $0.x, y: $0.y) } ?? (x: 0, y: 0)
        wmove(window, Int32(at.y), Int32(at.x))
        curs_set(shows ? 1 : 0)
        leaveok(window, false)
        wnoutrefresh(window)
        guard foldsMoves else {
            doupdate()
            return
        }
        if knownSize.map({ $0 != (width, height) }) ?? true { known = .unknown }
        knownSize = (width, height)
        guard let bytes = capturing({ doupdate() }) else {
            // Nobody knows what the screen shows: ncurses repaints all of it now, and draws itself from then on.
            clearok(cn_curscr(), true)
            doupdate()
            return
        }
        let focus = MoveFolding.Point(x: at.x, y: at.y)
        let folded = MoveFolding.fold(bytes, known: &known, focus: focus, width: width)
        if send(folded) {
            known.cursor = focus  // ncurses ends a frame where it was asked to (leaveok off)
        } else {
            known = .unknown
            clearok(cn_curscr(), true)  // a short write: the next frame repaints
        }
        followResizeSeenMeanwhile()
    }

    /// The sequences `MoveFolding` writes are this terminal's own (after `cn_trim_attribute_strings`): xterm, kitty,
    /// tmux, screen and the Linux console have them (vt100's have padding: ncurses' bytes go out as they are). The
    /// relative moves it follows (`ESC[nA`...`D`) are those of every terminal with this `cup`.
    static func speaksFoldedMoves() -> Bool {
        func string(_ name: String) -> String? { cn_tigetstr(name).map { String(cString: $0) } }
        return string("cup") == "\u{1B}[%i%p1%d;%p2%dH" && string("sc") == "\u{1B}7" && string("rc") == "\u{1B}8"
            && string("sgr0") == "\u{1B}[m"
    }

    /// Writes all of `bytes` to the terminal, now; false when not all of them could be written.
    private func send(_ bytes: [UInt8]) -> Bool {
        fflush(output)
        return bytes.withUnsafeBufferPointer { cn_write_fully(fileno(output), $0.baseAddress, $0.count) } == 0
    }

    /// Runs `body` with the terminal's output going to the frame buffer and the signals held, and returns what it
    /// wrote; nil when the output could not be set aside (then `body` did not run) or not be put back, and then no
    /// frame is folded again.
    private func capturing(_ body: () -> Void) -> [UInt8]? {
        fflush(output)
        var signals = sigset_t()
        guard cn_begin_capture(fileno(output), frameBuffer, &signals) == 0 else {
            foldsMoves = false
            return nil
        }
        body()
        fflush(output)
        let back = cn_end_capture() == 0
        cn_restore_signal_mask(&signals)
        let count = cn_frame_buffer_size(frameBuffer)
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        let got = bytes.withUnsafeMutableBufferPointer { cn_frame_buffer_take(frameBuffer, $0.baseAddress, count) }
        guard back, count >= 0, got == count else {
            foldsMoves = false
            return nil
        }
        return bytes
    }

    /// ncurses asks the terminal's size when a resize signal is pending as it draws: asked through the frame buffer,
    /// it got no answer and kept the old size. Compare with the kernel's now and resize (ncurses then reports it).
    private func followResizeSeenMeanwhile() {
        guard interactive else { return }
        var rows: Int32 = 0, columns: Int32 = 0
        guard cn_window_size(&rows, &columns) != 0, (Int(columns), Int(rows)) != size else { return }
        resizeterm(rows, columns)
        known = .unknown
    }

    /// Where typing goes: the caret glyph in the focused field (drawn reversed), else the first one on screen.
    static func caret(_ glyph: Character, in canvas: Canvas) -> (x: Int, y: Int)? {
        var first: (x: Int, y: Int)?
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y].character == glyph {
                if canvas[x, y].style.contains(.reverse) { return (x, y) }
                first = first ?? (x, y)
            }
        }
        return first
    }

    /// The canvas into ncurses' window (clipped to the screen).
    private func copyToWindow(_ canvas: Canvas, width: Int, height: Int) {
        werase(window)
        var characters = [wchar_t](repeating: 0, count: 6)
        var cell = cchar_t()
        for y in 0..<min(canvas.height, height) {
            for x in 0..<min(canvas.width, width) {
                let source = canvas[x, y]
                guard let character = source.character else { continue }  // right half of a wide character
                let utf8 = character.utf8
                if utf8.count == 1, let byte = utf8.first, byte < 0x80 {
                    // werase left a plain blank there already (most of a frame).
                    if byte == 0x20, source.style.isEmpty, source.color == .normal { continue }
                    characters[0] = wchar_t(byte)
                    characters[1] = 0
                } else {
                    let columns = TextWidth.of(character)
                    if x == width - 1, columns == 2 { continue }
                    // A character the terminal may not know (newer than the C library's tables) or cannot show (a
                    // locale that is not UTF-8): a placeholder in each column per counts, never nothing (decision 388).
                    let taking = character.unicodeScalars.first { !TextWidth.isZeroWidth($0) }
                    // Where ambiguous characters are drawn wide, ncurses still counts them as one column (the C library's
                    // wcwidth): one is drawn as its decomposition, one column everywhere, or as a placeholder in the two
                    // columns per counts (decision 428), so ncurses, per and the terminal agree.
                    if ambiguousIsWide, utf8Locale, let taking, TextWidth.isAmbiguous(taking) {
                        let scalars = TextWidth.narrowForm(of: character) ?? ["\u{FF1F}"]  // ？, wide in every terminal
                        let count = min(scalars.count, 5)
                        for (index, scalar) in scalars.prefix(count).enumerated() { characters[index] = wchar_t(bitPattern: scalar.value) }
                        characters[count] = 0
                        if columns == 2, x == width - 1 { continue }
                        let pair = hasColor ? Int16(source.color.rawValue) : 0
                        var style = boldless.contains(source.color) ? source.style.subtracting(.bold) : source.style
                        if dimless.contains(source.color) { style.remove(.dim) }
                        setcchar(&cell, characters, Terminal.attributes(style), pair, nil)
                        _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)
                        continue
                    }
                    if columns > 0, !utf8Locale || taking.map(TextWidth.isUnknown) == true {
                        let pair = hasColor ? Int16(source.color.rawValue) : 0
                        var style = boldless.contains(source.color) ? source.style.subtracting(.bold) : source.style
                        if dimless.contains(source.color) { style.remove(.dim) }
                        for column in 0..<min(columns, width - x) {
                            characters[0] = utf8Locale ? (column == 0 ? 0xFFFD : 0x20) : 0x3F  // � and a blank, or ?
                            characters[1] = 0
                            setcchar(&cell, characters, Terminal.attributes(style), pair, nil)
                            _ = mvwadd_wch(window, Int32(y), Int32(x + column), &cell)
                        }
                        continue
                    }
                    // The scalar that takes the columns (`TextWidth`'s) and the marks drawn over it, no second one that
                    // takes columns: a skin tone or the next emoji of a ZWJ sequence moved the rest of the line in a
                    // terminal that does not join them (tmux), and a joiner left at the end joins nothing.
                    var count = 0, spaced = false
                    for scalar in character.unicodeScalars where count < 5 {
                        let zeroWidth = TextWidth.isZeroWidth(scalar)
                        if spaced && !zeroWidth { break }
                        spaced = spaced || !zeroWidth
                        characters[count] = wchar_t(bitPattern: scalar.value)
                        count += 1
                    }
                    if count > 1, characters[count - 1] == 0x200D { count -= 1 }
                    characters[count] = 0
                }
                let pair = hasColor ? Int16(source.color.rawValue) : 0
                var style = boldless.contains(source.color) ? source.style.subtracting(.bold) : source.style
                if dimless.contains(source.color) { style.remove(.dim) }
                setcchar(&cell, characters, Terminal.attributes(style), pair, nil)
                _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)  // ERR at the bottom-right corner is expected
            }
        }
    }

    /// The next input, or nil when `timeoutMilliseconds` pass first (-1 waits for ever).
    public func readEvent(timeoutMilliseconds: Int32) -> InputEvent? {
        guard !stopped else { return nil }
        if cn_hangup_pending() != 0 { return .hangup }
        while let held = assembler.popDeferred() {
            if let event = realize(held) { return event }
        }
        let deadline = timeoutMilliseconds >= 0 ? Terminal.now() + Int64(timeoutMilliseconds) : nil
        while true {
            if cn_hangup_pending() != 0 { return .hangup }
            if !decodedBytes.isEmpty {
                let next = decodedBytes.removeFirst()
                guard let decoded = assembler.feed(status: next.status, code: next.code) else { continue }
                if let event = realize(decoded) { return event }
                continue
            }
            let wait: Int32
            if bytes.isWaiting {
                wait = 50  // the rest of a character comes with its first byte; if not, the byte was Latin-1
            } else if assembler.isPasting {
                wait = 500  // the rest of a paste is already on its way
            } else if let escape = assembler.escape {
                // ncurses waited ESCDELAY before handing over a bare ESC, so a sequence's rest is
                // already in its buffer; a sequence cut by the link gets a moment more.
                wait = escape.isBareEscape ? 0 : 50
            } else if let deadline {
                wait = Int32(clamping: max(0, deadline - Terminal.now()))
            } else {
                wait = -1
            }
            wtimeout(window, wait)
            let before = Terminal.now()
            // Bytes, not wget_wch: it drops the rest of a burst at a byte that is not UTF-8.
            let value = wgetch(window)
            if value == ERR {
                let interrupted = cn_errno() == EINTR
                if cn_hangup_pending() != 0 { return .hangup }
                if bytes.isWaiting {
                    decodedBytes += bytes.flush().map { (OK, $0) }
                    continue
                }
                if assembler.isPasting {
                    if let paste = assembler.finishPaste() { return paste }
                    continue
                }
                if assembler.escape != nil {
                    if let escape = assembler.finishEscape() { return escape }
                    continue
                }
                // A read that fails early without a signal, again and again: the terminal is gone.
                let elapsed = Terminal.now() - before
                if !interrupted, wait != 0, wait < 0 || elapsed + 5 < Int64(wait) {
                    earlyErrors += 1
                    if earlyErrors >= 50 { return .hangup }
                }
                if let deadline, Terminal.now() >= deadline { return nil }
                continue
            }
            earlyErrors = 0
            if value > 0xFF {
                // A key ncurses decoded ends a begun character.
                decodedBytes += bytes.flush().map { (OK, $0) }
                decodedBytes.append((KEY_CODE_YES, UInt32(bitPattern: value)))
            } else {
                decodedBytes += bytes.feed(UInt8(value)).map { (OK, $0) }
            }
        }
    }

    /// Hands `first` and then every input already waiting behind it to `handle`, in order, until `handle` returns false
    /// (the app is done: what is behind stays to be read), nothing more is waiting, or `budgetMilliseconds` have passed.
    /// The loop draws once after a burst (keys typed faster than frames are drawn, a backlog), not once a key: a frame
    /// costs far more than a key (issue 32). Returns how many inputs were handed over.
    @discardableResult
    public func burst(from first: InputEvent, budgetMilliseconds: Int64 = 100, _ handle: (InputEvent) -> Bool) -> Int {
        let deadline = Terminal.now() + budgetMilliseconds
        var event = first, handed = 0
        while true {
            handed += 1
            guard handle(event), Terminal.now() < deadline, let next = readEvent(timeoutMilliseconds: 0) else { return handed }
            event = next
        }
    }

    private func realize(_ decoded: DecodedInput) -> InputEvent? {
        switch decoded {
        case .event(.click), .event(.drag), .event(.release), .event(.scroll):
            guard case .event(let event) = decoded, mouse else { return nil }  // a stray report with the mouse off
            return event
        case .event(let event):
            return event
        case .resize:
            let (width, height) = size
            return .resize(width: width, height: height)
        case .mouse:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            return KeyDecoder.mouse(buttonState: event.bstate, x: event.x, y: event.y)
        case .pasteBegin, .pasteEnd, .ignored:
            return nil
        }
    }

    private static func now() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1000 + Int64(t.tv_nsec) / 1_000_000
    }

    /// Bracketed paste and the mouse on or off (and, when turning them on, the character set reset: all are sent
    /// when per takes the terminal). The mouse: button-event tracking (mode 1002: presses, releases and the moves
    /// with a button down, which a press on the keypad follows) in SGR form (1006). putp writes through stdio, so
    /// flush it at once.
    private func sendInputModes(on: Bool) {
        if on, let reset = resetCharacterSet { putp(reset) }
        if let sequence = on ? pasteOn : pasteOff { putp(sequence) }
        if mouse, interactive {
            putp(on ? "\u{1B}[?1002h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1002l")
            cn_set_mouse_tracking(on ? 1 : 0)
        }
        fflush(cn_stdout())
    }

    /// Ctrl-L: the next draw repaints the whole screen.
    public func repaintAll() {
        guard !stopped else { return }
        clearok(cn_curscr(), true)
        known = .unknown
    }

    /// Ctrl-Z: gives the terminal back, stops the process, and takes the terminal again after `fg`. false, with the
    /// screen kept, where no shell could resume per (no job control).
    public func suspend() -> Bool {
        guard !stopped, interactive else { return true }
        guard cn_has_job_control() != 0 else { return false }
        sendInputModes(on: false)
        endwin()
        cn_set_in_curses(0)
        cn_stop_self()
        // Resumed.
        cn_set_in_curses(1)
        known = .unknown
        clearok(cn_curscr(), true)
        doupdate()  // back to program mode, the screen repainted
        sendInputModes(on: true)
        clearok(cn_curscr(), true)  // the caller's next draw repaints again, at the size it now knows
        return true
    }

    /// Gives the terminal back and shows what was written to stderr meanwhile. Safe to call twice.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if interactive {
            sendInputModes(on: false)
            // Without an alternate screen (GNU screen's default, no `altscreen`) the last frame would stay under
            // the shell's prompt: clear what per drew first. With one, the terminal then restores the shell's screen.
            werase(window)
            clearok(window, true)
            wrefresh(window)
            curs_set(1)
            endwin()
            cn_set_in_curses(0)
            cn_release_stderr()
        } else {
            endwin()
            delscreen(screen)
            headlessFiles.forEach { fclose($0) }
            headlessFiles = []
        }
        if frameBuffer >= 0 { close(frameBuffer) }
    }

    // MARK: Reading the screen back (tests)

    /// The text of row `y` as ncurses holds it: in the window per draws into, or (`onScreen`) in its copy of what
    /// the terminal shows (curscr).
    func rowText(_ y: Int, onScreen: Bool = false) -> String {
        var buffer = [wchar_t](repeating: 0, count: size.width + 1)
        let count = mvwinnwstr(onScreen ? cn_curscr() : window, Int32(y), 0, &buffer, Int32(size.width))
        guard count != ERR else { return "" }
        var text = ""
        for value in buffer.prefix(while: { $0 != 0 }) {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    /// The character, style and colour pair ncurses holds at (x, y).
    func cellAt(x: Int, y: Int) -> (character: String, style: CellStyle, pair: Int16)? {
        var cell = cchar_t()
        guard mvwin_wch(window, Int32(y), Int32(x), &cell) != ERR else { return nil }
        var characters = [wchar_t](repeating: 0, count: 8)
        var attributes: attr_t = 0
        var pair: Int16 = 0
        guard getcchar(&cell, &characters, &attributes, &pair, nil) != ERR else { return nil }
        var text = ""
        for value in characters.prefix(while: { $0 != 0 }) {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { text.unicodeScalars.append(scalar) }
        }
        var style: CellStyle = []
        if attributes & CN_A_BOLD != 0 { style.insert(.bold) }
        if attributes & CN_A_DIM != 0 { style.insert(.dim) }
        if attributes & CN_A_REVERSE != 0 { style.insert(.reverse) }
        if attributes & CN_A_UNDERLINE != 0 { style.insert(.underline) }
        return (text, style, pair)
    }

    /// Where the cursor is (reading the screen back moves it, so ask first).
    var cursorPosition: (x: Int, y: Int) {
        (Int(getcurx(window)), Int(getcury(window)))
    }
}
