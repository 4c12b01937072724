/// The help screen's buttons on its last row, shared by drawing and taps: `‹ prev` and `next ›` (each where there is a
/// page that way, each always in its place, so taps in one place keep turning) and `Esc close`. A tap elsewhere closes.
struct HelpLayout {
    let buttons: [ScreenLayout.Button]

    init(_ state: AppState, page: Int) {
        let g = state.session.glyphs, y = state.session.size.height - 1
        let pages = HelpPages.pageCount(state.screen.helpScopes, messages: state.chrome.messages, size: state.session.size, glyphs: g)
        let prev = "\(g.previous) prev", next = "next \(g.next)", close = "Esc close"
        let nextX = 1 + TextWidth.of(prev) + 2, closeX = nextX + TextWidth.of(next) + 2
        func button(_ label: String, x: Int, _ action: Action) -> ScreenLayout.Button {
            ScreenLayout.Button(frame: Rect(x: x, y: y, width: TextWidth.of(label), height: 1), label: label, action: action, shows: nil)
        }
        buttons = (page > 0 ? [button(prev, x: 1, .app(.previousHelpPage))] : [])
            + (page + 1 < pages ? [button(next, x: nextX, .app(.nextHelpPage))] : [])
            + [button(close, x: closeX, .app(.toggleHelp))]
    }

    /// What a tap at (x, y) does: a button's action; elsewhere it closes the help.
    func action(atX x: Int, y: Int) -> Action {
        buttons.first { $0.frame.contains(x: x, y: y) }?.action ?? .app(.toggleHelp)
    }
}
