import CNcurses
import Foundation
import Testing
@testable import PerCore
@testable import PerTerminal

/// Issue 32: from the bytes a terminal sends to the state per keeps, as the app's loop does it (`InputBytes`, then
/// `InputAssembler`, then `Input.action`, then `AppState.update`), without a terminal.
struct Typist {
    var bytes = InputBytes()
    var assembler = InputAssembler()
    var state: AppState
    /// What the database answers a read with, so the list and the history fill.
    let entries = [ListEntry(id: "a", title: "Oats 🥣", productCount: 2), ListEntry(id: "c", title: "e\u{301}pices", productCount: 0)]
    let history = [PriceRecord(entry: PriceEntryID(1), product: "p", name: "Oats", shop: "Aldi", seen: .reference, price: 4, quantity: 1, unit: .kilogram)]

    init(size: TerminalSize = TerminalSize(width: 80, height: 24)) {
        state = AppState(comparison: Comparison(id: "c"), session: Session(id: "s", size: size))
    }

    /// Bytes as `wgetch` gives them.
    mutating func read(_ input: [UInt8]) {
        for byte in input { deliver(bytes.feed(byte).map { (OK, $0) }) }
    }

    /// A key ncurses decoded itself (a code above 0xFF), which ends a begun character as the loop does.
    mutating func readKey(_ code: Int32) {
        deliver(bytes.flush().map { (OK, $0) } + [(KEY_CODE_YES, UInt32(bitPattern: code))])
    }

    /// The read timed out: a begun character, an Escape alone and a paste whose end never came are over.
    mutating func timeOut() {
        deliver(bytes.flush().map { (OK, $0) })
        if let event = assembler.finishEscape() { act(event) }
        if let event = assembler.finishPaste() { act(event) }
    }

    private mutating func deliver(_ inputs: [(Int32, UInt32)]) {
        for (status, code) in inputs {
            if let decoded = assembler.feed(status: status, code: code) { realize(decoded) }
            while let held = assembler.popDeferred() { realize(held) }
        }
    }

    private mutating func realize(_ decoded: DecodedInput) {
        switch decoded {
        case .event(let event): act(event)
        case .resize: act(.resize(width: state.session.size.width, height: state.session.size.height))
        case .mouse, .pasteBegin, .pasteEnd, .ignored: break
        }
    }

    mutating func act(_ event: InputEvent) {
        guard let action = Input.action(for: event, in: state) else { return }
        for effect in state.update(action) {
            switch effect {
            case .database(.loadShoppingList): state.update(.shoppingList(.loaded(entries)))
            case .database(.loadHistory(let id, for: .historyScreen)): state.update(.history(.loaded(id, history)))
            default: break
            }
        }
    }
}

@Suite struct InputFuzzTests {
    /// `5`, Esc, `7.77` in one read (a laggy link) is the 5, Esc (which gives the field back its value, as it does
    /// typed) and 7.77: the price is 7.77, never 5.77.
    @Test func fiveEscapeSevenSeventySevenInOneReadSavesSevenSeventySeven() {
        var typist = Typist()
        typist.read(Array("5\u{1B}7.77\t".utf8))
        typist.timeOut()
        #expect(typist.state.editing.comparison.products[0].price == Decimal(string: "7.77"))
        // Typed with a pause, the same.
        var slow = Typist()
        for part in ["5", "\u{1B}", "7.77\t"] {
            slow.read(Array(part.utf8))
            slow.timeOut()
        }
        #expect(slow.state.editing.comparison.products[0].price == Decimal(string: "7.77"))
    }

    /// Pieces of what terminals send: sequences known and not, cut anywhere, replies, pastes, mouse reports, UTF-8
    /// begun and broken, Latin-1, controls, keys of every screen.
    static let fragments: [[UInt8]] = [
        "\u{1B}", "\u{1B}[", "\u{1B}O", "\u{1B}]", "\u{1B}P", "\u{1B}_", "\u{1B}\\", "\u{1B}[<", "\u{1B}[M", "\u{1B}[1;5A", "\u{1B}[A",
        "\u{1B}OB", "\u{1B}[5~", "\u{1B}[3~", "\u{1B}[Z", "\u{1B}[200~", "\u{1B}[201~", "\u{7}", "\u{1B}[<0;10;7M", "\u{1B}[<0;10;7m",
        "\u{1B}[<32;12;9M", "\u{1B}[<64;3;4M", "\u{1B}[M *'", "\u{1B}[57399u", "\u{1B}[113;5u", "\u{1B}]0;title\u{7}", ";", "~", "\r",
        "\n", "\t", "\u{7F}", "\u{8}", "\u{F}", "\u{16}", "\u{17}", "\u{12}", "\u{E}", "\u{4}", "\u{19}", "\u{15}", "\u{13}", "\u{18}",
        "\u{10}", "\u{7}", "\u{11}", "y", "n", "s", "d", "l", "/", "+", "-", "=", "[", "]", " ", "x", "kg", "ml", "7.77", "12", "0",
        "é", "👍🏽", "🇩🇪", "e\u{301}", "\u{1112}\u{1161}\u{11AB}", "👨\u{200D}👩", "\u{FE0F}", "寿司", "שלום",
    ].map { Array($0.utf8) } + [[0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xFF], [0x80], [0xE9], [0xED, 0xA0, 0x80], [0x9B]]

    static let keys: [Int32] = [KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_BTAB, KEY_ENTER, KEY_BACKSPACE, KEY_DC, KEY_HOME, KEY_END,
                                KEY_PPAGE, KEY_NPAGE, KEY_RESIZE, cn_key_f(1), cn_key_f(2), Int32(CN_KEY_PASTE_BEGIN), Int32(CN_KEY_PASTE_END)]

    /// Random bytes and fragments of escape sequences, read in bursts with the read timing out between some: nothing
    /// traps, and every state draws, the same twice.
    @Test func randomBytesNeverCrashAndDrawTheSameTwice() {
        let sizes = [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20), TerminalSize(width: 30, height: 10)]
        for seed in 0..<24 {
            var rng = SeededRandom(seed: UInt64(3300 + seed))
            var typist = Typist(size: sizes[seed % sizes.count])
            for _ in 0..<120 {
                switch rng.next() % 10 {
                case 0: typist.read((0..<(1 + rng.next() % 6)).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
                case 1: typist.readKey(Self.keys[Int(rng.next() % UInt64(Self.keys.count))])
                case 2: typist.timeOut()
                case 3: typist.state.update(.terminal(.flashEnded))
                default: typist.read(Self.fragments[Int(rng.next() % UInt64(Self.fragments.count))])
                }
                #expect(ScreenView.render(typist.state) == ScreenView.render(typist.state), "seed \(seed)")
            }
        }
    }
}
