/// How the help, the docs and the legend name an input: one name per event, so a label is derived
/// from the events a binding matches and cannot disagree with them.
extension InputEvent {
    /// The name the help and Docs/USAGE.md use: `Ctrl-Q`, `F1`, `Shift-Tab`, `PgDn`, `Up`, `+`, `Space`.
    public var keyName: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-" + c.uppercased()
        case .key(let key): key.name
        case .click: "click"
        case .drag: "drag"
        case .release: "release"
        case .scroll: "wheel"
        case .paste: "paste"
        case .resize: "resize"
        case .hangup: "hangup"
        }
    }

    /// The legend's short form: `^Q`, `S-Tab`; other keys as `keyName`.
    public var shortKeyName: String {
        switch self {
        case .control(let c): "^" + c.uppercased()
        case .key(.backTab): "S-Tab"
        case .key(.function(let n)) where n > 12: "S-F\(n - 12)"
        case .character, .key, .click, .drag, .release, .scroll, .paste, .resize, .hangup: keyName
        }
    }

    /// A key phone keyboards lack (F-keys, PgUp/PgDn, Home/End): every command has another form.
    public var needsFullKeyboard: Bool {
        switch self {
        case .key(let key):
            switch key {
            case .function, .pageUp, .pageDown, .home, .end: true
            case .up, .down, .left, .right, .tab, .backTab, .enter, .escape, .backspace, .delete: false
            }
        case .character, .control, .click, .drag, .release, .scroll, .paste, .resize, .hangup: false
        }
    }
}

extension SpecialKey {
    var name: String {
        switch self {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        // F13-F24 are what terminals send for Shift-F1-F12.
        case .function(let n): n > 12 ? "Shift-F\(n - 12)" : "F\(n)"
        }
    }
}
