import Foundation
import PerCore
import PerStore
import PerTerminal

/// The one synchronous loop: render the state, copy it to the terminal, read one input, update, do the effects.
@MainActor
enum AppLoop {
    static let flashMilliseconds = 150
    static let pollMilliseconds = 250

    static func run(store: ComparisonStore, mouse: Bool) -> Int32 {
        let comparison: Comparison
        do {
            comparison = try store.mostRecentlyEditedID().flatMap { try store.load($0) } ?? Comparison()
        } catch {
            FileHandle.standardError.write(Data("per: cannot read the database: \(error)\n".utf8))
            return 1
        }
        let terminal: Terminal
        do {
            terminal = try Terminal.start(TerminalOptions(mouse: mouse))
        } catch {
            FileHandle.standardError.write(Data("\(error.message)\n".utf8))
            return 1
        }
        let size = terminal.size
        var state = AppState(comparison: comparison, size: TerminalSize(width: size.width, height: size.height))
        state.glyphs = terminal.glyphs
        state.isReadOnly = store.isReadOnly
        var session = StoreSession(store: store, comparisonSaved: comparison.products.contains { !$0.isBlank })
        var flashDeadline: Date?
        var lastPoll = Date()
        var needsDraw = true

        loop: while true {
            if needsDraw {
                terminal.draw(ScreenView.render(state), cursor: nil)
                needsDraw = false
            }
            var timeout = Int32(pollMilliseconds)
            if let deadline = flashDeadline {
                timeout = min(timeout, max(0, Int32(deadline.timeIntervalSinceNow * 1000)))
            }
            let event = terminal.readEvent(timeoutMilliseconds: timeout)
            if let deadline = flashDeadline, Date() >= deadline {
                state.update(.flashEnded)
                flashDeadline = nil
                needsDraw = true
            }
            if Date().timeIntervalSince(lastPoll) * 1000 >= Double(pollMilliseconds) {
                lastPoll = Date()
                if session.pollExternalChanges(into: &state) { needsDraw = true }
            }
            guard let event, let action = KeyTable.action(for: event, in: state) else { continue }
            needsDraw = true
            let flashBefore = state.flash
            let effects = state.update(action)
            if state.flash != nil, state.flash != flashBefore || action.pressesAKey {
                flashDeadline = Date().addingTimeInterval(Double(flashMilliseconds) / 1000)
            }
            for effect in effects {
                switch effect {
                case .repaint: terminal.repaintAll()
                case .suspend: terminal.suspend()
                case .quit: break loop
                default: session.perform(effect, state: &state)
                }
            }
        }
        terminal.stop()
        return 0
    }
}

extension Effect {
    /// Saving into a comparison needs its row to exist (a fresh database gets it with the first committed field).
    var needsTheComparisonRow: Bool {
        switch self {
        case .saveField, .deleteProduct, .deleteAllProducts, .saveHeader: true
        default: false
        }
    }
}

extension Action {
    /// Keypad presses flash their key even when the same key is pressed twice in a row.
    var pressesAKey: Bool {
        switch self {
        case .keypad, .type, .click, .selectUnit: true
        default: false
        }
    }
}

/// Saves what the core asks for and takes in other sessions' changes.
@MainActor
struct StoreSession {
    let store: ComparisonStore
    /// Whether the comparison's row exists yet (a fresh database gets it with the first committed field).
    var comparisonSaved: Bool
    private var lastCounter: Int?
    /// Products whose last save failed (a long lock, a full disk): kept on screen and saved again at the next poll.
    private var unsaved: Set<ProductID> = []
    /// The open comparison's last edit as last loaded, to skip reloading it for other comparisons' changes.
    private var lastEdit: Int64?

    init(store: ComparisonStore, comparisonSaved: Bool) {
        self.store = store
        self.comparisonSaved = comparisonSaved
        lastCounter = try? store.changeCounter()
    }

    mutating func perform(_ effect: Effect, state: inout AppState) {
        do {
            if !comparisonSaved, effect.needsTheComparisonRow {
                try store.saveHeader(of: state.comparison)
                comparisonSaved = true
            }
            switch effect {
            case .saveField(let field, let product, let position):
                unsaved.insert(product.id)
                try store.saveField(field, of: product, in: state.comparison.id, position: position)
                unsaved.remove(product.id)
            case .deleteProduct(let id):
                try store.deleteProduct(id)
            case .deleteAllProducts(let ids):
                try store.deleteProducts(ids)
            case .saveHeader:
                try store.saveHeader(of: state.comparison)
            case .loadLists:
                state.update(.listsLoaded(try listEntries()))
            case .openComparison(let id):
                if let comparison = try store.load(id) { state.update(.opened(comparison)) }
                comparisonSaved = true
            case .createComparison(let comparison):
                try store.save(comparison)
                if state.comparison.id != comparison.id { state.update(.opened(comparison)) }
                comparisonSaved = true
            case .renameComparison(let id, let title):
                try store.renameComparison(id, to: title)
            case .moveComparison(let id, let index):
                try store.moveComparison(id, to: index)
            case .deleteComparison(let id):
                try store.deleteComparison(id)
                if id == state.comparison.id { comparisonSaved = false }
            case .repaint, .suspend, .quit:
                break
            }
        } catch StoreError.comparisonDeleted {
            // Another session deleted this comparison while it was open here: save it back whole,
            // so nothing typed here is lost.
            do {
                try store.save(state.comparison)
                state.status = StatusMessage("Another session had deleted this comparison; saved it again", isWarning: true)
            } catch {
                state.status = StatusMessage("Not saved: \(describe(error))", isWarning: true)
            }
        } catch {
            state.status = StatusMessage("Not saved: \(describe(error))", isWarning: true)
        }
    }

    func listEntries() throws -> [ListEntry] {
        try store.summaries()
    }

    /// Takes in other sessions' commits, if any; returns whether anything was taken in.
    mutating func pollExternalChanges(into state: inout AppState) -> Bool {
        retryUnsaved(state)
        guard let counter = try? store.changeCounter(), counter != lastCounter else { return false }
        lastCounter = counter
        if state.lists != nil, let entries = try? listEntries() { state.update(.listsLoaded(entries)) }
        let edit = try? store.lastEdit(of: state.comparison.id)
        guard edit != lastEdit else { return state.lists != nil }
        lastEdit = edit
        if let fresh = try? store.load(state.comparison.id) { state.adoptExternalChanges(fresh, unsaved: unsaved) }
        return true
    }

    /// Saves again, whole, each product whose save failed; those that still fail stay listed.
    private mutating func retryUnsaved(_ state: AppState) {
        guard !unsaved.isEmpty, !store.isReadOnly else { return }
        for (position, product) in state.comparison.products.enumerated() where unsaved.contains(product.id) {
            do {
                for field in ProductField.allCases {
                    try store.saveField(field, of: product, in: state.comparison.id, position: position)
                }
                unsaved.remove(product.id)
            } catch {
                return
            }
        }
    }

    private func describe(_ error: Error) -> String {
        if let error = error as? StoreError { return error.message }
        return String(describing: error)
    }
}
