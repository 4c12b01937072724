import ArgumentParser
import Foundation
import PerCore
import PerDatabase

/// `per copy FILE`: a copy of the database for a shop without signal; `per import FILE` merges it home.
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy", abstract: "Take a copy of the database for the road, to use offline and merge home.",
        discussion: """
            FILE gets the whole database, as per backup writes it, marked as a copy of this database: carry it by scp, a \
            USB stick or a file sync (closed: never sync a file that is open), use it with per --db FILE where there is no \
            signal (the app, the list, ticks, counts, prices), and bring it back: per import FILE, run on the home \
            database, makes every change made on the copy since it was taken, once. A field changed on both sides is the \
            later edit, and the other is named; counts add up. Take a new copy for the next trip. An existing FILE is \
            never overwritten.
            """)
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The new file to write (it must not exist yet).", completion: .file())
    var file: String

    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
            if file.isEmpty { throw CommandFailure.usage("FILE is empty; give the path of the new copy") }
            if file == "-" { throw CommandFailure.usage("per copy can't write to standard output (-); give the path of the new copy (./- for a file named -)") }
        }
    }

    func run() throws {
        try reportingFailures {
            let store = try database.openDatabase(create: false)
            do throws(RoadCopyFailure) {
                try store.takeCopy(to: file)
            } catch {
                throw CommandFailure(error.message)
            }
            try Output.out("Took a copy of \(TerminalText.singleLine(store.path)) to \(TerminalText.singleLine(file)): "
                           + "use it with per --db \(TerminalText.singleLine(file)), then per import \(TerminalText.singleLine(file)) here merges it home.\n")
        }
    }
}

extension ImportCommand {
    /// Whether a file's first bytes are a SQLite database's (a copy for the road, or another database).
    static func isSQLite(_ head: [UInt8]) -> Bool { head.starts(with: Array("SQLite format 3\0".utf8)) }

    /// Merges a copy for the road into the database: its changes made once, all or none; what both sides changed
    /// named with both values.
    func mergeCopy(at path: String) throws {
        let copy: RoadCopy
        do throws(RoadCopyFailure) { copy = try ComparisonDatabase.readCopy(at: path) } catch { throw CommandFailure(error.message) }
        let store = try database.openDatabase(create: false)
        let merged: RoadMerge
        do throws(RoadCopyFailure) { merged = try store.merge(copy) } catch { throw CommandFailure(error.message) }
        let name = TerminalText.singleLine(path), taken = Self.time(copy.takenAt)
        var text: String
        switch merged.outcome {
        case .alreadyApplied(let at):
            try Output.out("Already merged (\(Self.time(at))): the copy \(name) changed nothing this time.\n")
            return
        case .applied:
            let n = copy.journal.userChanges
            text = n == 0 ? "The copy \(name) (taken \(taken)) has no changes to merge.\n"
                : "Merged \(n) change\(n == 1 ? "" : "s") from the copy \(name) (taken \(taken)): \(copy.journal.summary).\n"
        case .appliedExcept(let skipped):
            let made = copy.journal.made(except: skipped)
            let n = made.userChanges, already = skipped.count(where: \.isMadeAlready)
            if n == 0 && already == skipped.count {
                text = "Nothing new on the copy \(name) (taken \(taken)): its \(already) change\(already == 1 ? " was" : "s were") merged before.\n"
            } else {
                text = "Merged \(n) change\(n == 1 ? "" : "s") from the copy \(name) (taken \(taken))" + (n == 0 ? "" : ": \(made.summary)")
                    + (already > 0 ? " (\(already) merged before)" : "") + ".\n"
            }
            let kept = skipped.filter { !$0.isLeftOut && !$0.isMadeAlready && !Self.isNamedConflict($0) }
            for skip in kept { text += "  change \(skip.change): \(TerminalText.singleLine(skip.message)).\n" }
            for skip in skipped where skip.isLeftOut { Output.error("\(name): change \(skip.change): \(skip.message)") }
        }
        if !merged.conflicts.isEmpty {
            text += "Changed on both sides since the copy was taken (the later edit is kept):\n"
            for conflict in merged.conflicts { text += "  \(TerminalText.singleLine(conflict.message(time: Self.time))).\n" }
        }
        for title in merged.broughtBack {
            text += "Brought back \(TerminalText.singleLine(Comparison(title: title).displayTitle.quotedForMessage)): it was deleted here, and edited on the copy.\n"
        }
        if merged.fromTheFuture.count > 0 {
            let n = merged.fromTheFuture.count
            text += "\(n) of the copy's changes \(n == 1 ? "is" : "are") stamped up to \(Self.span(merged.fromTheFuture.ahead)) after this machine's clock: "
                + "one of the two clocks looks wrong, and what both sides changed was ordered by those times.\n"
        }
        if copy.journal.userChanges > 0 { text += "Take a new copy for the next trip (per copy FILE).\n" }
        try Output.out(text)
        for title in merged.leftOutHistory {
            Output.error("\(name): a change to an earlier price of \(Comparison(title: title).displayTitle.quotedForMessage) booked on the copy "
                         + "(Ctrl-V there) was left out: home holds that price under a number of its own (fix it there with Ctrl-V)")
        }
        var leftOut = merged.leftOutHistory.count
        if case .appliedExcept(let skipped) = merged.outcome { leftOut += skipped.count(where: \.isLeftOut) }
        if leftOut > 0 {
            throw CommandFailure("\(name): \(leftOut) change\(leftOut == 1 ? "" : "s") left out; the others were merged")
        }
    }

    /// A skip the conflicts name with both values (a field or tick kept newer at home).
    private static func isNamedConflict(_ skip: RecoverySkip) -> Bool {
        switch skip.reason {
        case .newerField, .newerTick: true
        case .newer, .editedAfterDeletion, .mixedFamilies, .madeAlready: false
        }
    }

    static func time(_ milliseconds: Int64) -> String { time(Date(timeIntervalSince1970: Double(milliseconds) / 1000)) }

    /// `2026-12-02 10:04:10`, local time: when a file was imported or merged, or a copy taken.
    static func time(_ date: Date) -> String {
        ISO8601DateFormatter.string(from: date, timeZone: .current,
                                    formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime])
    }

    /// `2 h 5 min`, `3 min`, `40 s`.
    static func span(_ milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        if seconds < 60 { return "\(seconds) s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 48 { return "\(hours) h \(minutes % 60) min" }
        return "\(hours / 24) days"
    }
}

private extension String {
    var quotedForMessage: String { "\"\(self)\"" }
}
