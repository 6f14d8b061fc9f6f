// The card for a day: a day's result as a few lines made for pasting into a group chat (the way
// Wordle's result text travels), printed by `plume card`. Pure, so any screen can show the same
// card: it reads a player's record of days and what the caller already knows (the theme's name,
// the look's link), and says nothing the record does not.
//
//   Ada's Plume · 2025-06-13 · Beach Day
//   🟪🟪🟪🟪🟪🟪🟪🟪⬜⬜ 812/1000 · rank 3 of 41
//   💃 people's choice #2 of 17
//   🔥 5-day streak · best 9 · 23 days played
//   plume://look/1EQECAwIBCwAkAnOD
//
// While the day's style board is still open (the day is the server's today, UTC), the look's
// link would hand everyone the answer to the day's theme: the card gives the result without it,
// and its last line says the link comes once the day closes.
//
// Every line fits `Limits.columns` terminal columns, measured by `DisplayWidth` (a wide emoji is
// two), except a link, which is never cut: it stands alone on the last line so that chat apps make
// it clickable and a copy takes all of it.
import Foundation
import GameState
import ScoresAPI

public struct DayCard: Sendable, Equatable {
    public enum Limits {
        /// Lines on a card: short enough to paste without a chat app folding it away.
        public static let lines = 6
        /// Columns a line may take: fits a phone's chat bubble in a monospace block, and any terminal.
        public static let columns = 60
        /// Columns the player's name may take in the title, so that the theme keeps some room.
        static let nameColumns = 20
        /// Cells in the score bar: one per band of 100 (a perfect 1000 fills all ten).
        static let barCells = 10
    }

    /// How the day went on its runway, when the player's look was on it.
    public enum Runway: Sendable, Equatable {
        /// Voting is still open (the day and the next, UTC): no result to tell yet.
        case voting
        /// Voting closed: the people's rank among `of` looks (nil when the server did not say).
        case final(rank: Int, of: Int?)
    }

    /// The look's link as the caller has it. The card shows a link only once the day's style
    /// board has closed; while it is open, it says instead that the link comes then.
    public enum Link: Sendable, Equatable {
        /// No link for this card: another player's look while the runway keeps it anonymous, or
        /// one the board didn't give.
        case absent
        /// The look's link.
        case known(String)
        /// The player's own look, its link not read: the day's board is open, so the card only
        /// says that the link comes once the day closes.
        case toCome
    }

    public var day: String
    public var theme: String
    public var name: String?
    public var score: Int64
    /// The rank on the day's style board (nil when the record was taken off the board).
    public var rank: Int?
    public var entries: Int
    /// Whether the day's style board still takes looks: its rank is "so far".
    public var boardOpen: Bool
    public var runway: Runway?
    /// The streak, best streak and days played as they stood at the end of the day (`DayStanding`).
    public var streak: Int
    public var bestStreak: Int
    public var daysPlayed: Int
    /// The look's link, on the last line: only once the day's board has closed.
    public var link: String?
    /// The day's board is open and the look's link held back: the last line says it comes later.
    public var linkToCome: Bool

    /// The card for `day` (YYYY-MM-DD) from the player's record (its days from the newest played
    /// down to `day` at least, for the streak as of `day`); nil when the record has no such day.
    /// `runwayFinal`: whether that day's voting has closed (the caller knows the server's day).
    public static func make(record: PlayerDays, day: String, theme: String, name: String?, link: Link, runwayFinal: Bool) -> DayCard? {
        guard let played = record.days.first(where: { $0.day == day }), let standing = DayStanding.of(day, in: record) else { return nil }
        let runway: Runway? = played.peopleRank.map { rank in runwayFinal ? .final(rank: rank, of: played.peopleEntries) : .voting }
        let name = name.map(SafeText.strip).flatMap { $0.isEmpty ? nil : $0 }
        let open = isOpen(day, record: record)
        var shown: String?
        if case .known(let text) = link, !open { shown = SafeText.strip(text) }
        shown = shown.flatMap { $0.isEmpty ? nil : $0 }
        return DayCard(day: day, theme: SafeText.strip(theme), name: name, score: played.score, rank: played.rank, entries: played.entries,
                       boardOpen: open, runway: runway, streak: standing.streak, bestStreak: standing.bestStreak,
                       daysPlayed: standing.daysPlayed, link: shown, linkToCome: open && link != .absent)
    }

    /// Whether `day`'s style board still takes looks: it is open on its own UTC day only, and the
    /// record's `today` is the server's (the device's clock decides nothing).
    public static func isOpen(_ day: String, record: PlayerDays) -> Bool { day >= record.today }

    /// The card's lines. `plain`: ASCII only (for anything that mangles other characters);
    /// otherwise a few emoji that chat apps draw well, each counted as the two columns it takes.
    public func lines(plain: Bool) -> [String] {
        let style = plain ? Style.plain : Style.symbols
        var lines = [title(style), scoreLine(style)]
        if let runway { lines.append(runwayLine(runway, style)) }
        lines.append(streakLine(style))
        // A look's link is "plume://look/1" and the base64url of 6 bytes plus two a garment (ids
        // and colours under 128): 36 columns for five garments, 60 for fourteen; a look of fifteen
        // or more (GameLimits.maxGarmentsInCode allows sixteen, ids may take two bytes) passes 60,
        // up to about 110. It stays whole all the same: a link cut in two doesn't open.
        if let link {
            lines.append(plain ? Self.asciiLink(link) : link)
        } else if linkToCome {
            lines.append(style.linkToCome)
        }
        return lines
    }

    /// The lines joined for a clipboard or stdout.
    public func text(plain: Bool) -> String { lines(plain: plain).joined(separator: "\n") }

    // MARK: The lines

    /// What differs between the plain card and the one with symbols.
    struct Style {
        var separator: String
        var ellipsis: String
        var filled: String, empty: String, barOpen: String, barClose: String
        var runway: String, streak: String
        /// The last line while the day's board is open, in place of the link.
        var linkToCome: String
        var ascii: Bool

        static let plain = Style(separator: " - ", ellipsis: "...", filled: "#", empty: "-", barOpen: "[", barClose: "]",
                                 runway: "Runway: ", streak: "Streak: ", linkToCome: "Look: its link joins the card once the day closes",
                                 ascii: true)
        // Only emoji whose default presentation is the emoji (no variation selector needed), so
        // every terminal and chat app agrees they are two columns wide.
        static let symbols = Style(separator: " · ", ellipsis: "…", filled: "🟪", empty: "⬜", barOpen: "", barClose: "",
                                   runway: "💃 ", streak: "🔥 ", linkToCome: "🔗 the look's link joins the card once the day closes",
                                   ascii: false)
    }

    func title(_ style: Style) -> String {
        let theme = style.ascii ? Self.ascii(theme) : theme
        var owner = ""
        if let name, let shown = style.ascii ? Self.asciiName(name) : name {
            owner = DisplayWidth.elide(shown, to: Limits.nameColumns, ellipsis: style.ellipsis) + "'s "
        }
        let head = owner + "Plume" + style.separator + day
        guard !theme.isEmpty else { return head }
        let room = Limits.columns - DisplayWidth.columns(head + style.separator)
        return head + style.separator + DisplayWidth.elide(theme, to: room, ellipsis: style.ellipsis)
    }

    func scoreLine(_ style: Style) -> String {
        let filled = min(Limits.barCells, ScoreBands.band(of: score))
        let bar = style.barOpen + String(repeating: style.filled, count: filled)
            + String(repeating: style.empty, count: Limits.barCells - filled) + style.barClose
        let standing = if let rank { "rank \(rank) of \(entries)" + (boardOpen ? " so far" : "") } else { "not ranked" }
        let score = "\(max(0, score))/1000"
        // The bar goes first when the numbers are too long for both (a board of millions).
        return DisplayWidth.first(fitting: [bar + " " + score + style.separator + standing, score + style.separator + standing],
                                  width: Limits.columns, ellipsis: style.ellipsis)
    }

    func runwayLine(_ runway: Runway, _ style: Style) -> String {
        switch runway {
        case .voting: style.runway + "on the runway, votes still open"
        case .final(let rank, let of?): style.runway + "people's choice #\(rank) of \(of)"
        case .final(let rank, nil): style.runway + "people's choice #\(rank)"
        }
    }

    func streakLine(_ style: Style) -> String {
        let played = "\(daysPlayed) day\(daysPlayed == 1 ? "" : "s") played"
        let best = bestStreak > streak ? "best \(bestStreak)" : nil
        let text: String = if style.ascii {
            "\(streak) day\(streak == 1 ? "" : "s")" + (best.map { " (\($0))" } ?? "") + style.separator + played
        } else {
            (streak > 0 ? "\(streak)-day streak" : "no streak now") + (best.map { style.separator + $0 } ?? "") + style.separator + played
        }
        return DisplayWidth.elide(style.streak + text, to: Limits.columns, ellipsis: style.ellipsis)
    }

    // MARK: ASCII for the plain card

    /// Latin letters without their accents, other scripts spelled in Latin where ICU knows how
    /// ("李小龙" → "li xiao long"), and anything left that isn't printable ASCII dropped.
    static func ascii(_ text: String) -> String {
        let latin = text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false)
            ?? text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        let kept = String(String.UnicodeScalarView(latin.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }))
        return kept.split(separator: " ").joined(separator: " ")
    }

    /// The name in ASCII, or nil when nothing readable is left (a name of emoji only).
    static func asciiName(_ name: String) -> String? {
        let text = ascii(name)
        return text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil } ? text : nil
    }

    /// A link with every byte outside printable ASCII (and spaces) percent-escaped: the same
    /// address, never shortened. Plume's own links are ASCII already.
    static func asciiLink(_ link: String) -> String {
        var out = ""
        for byte in link.utf8 {
            if byte > 0x20 && byte < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}

/// Columns text takes in a terminal (and a monospace chat block): East Asian Wide and Fullwidth
/// characters and emoji drawn as emoji take two, marks and invisible characters none, the rest
/// one. East Asian Ambiguous characters count one, as outside legacy CJK terminals (and as
/// Python's wcwidth says), so the card's own symbols avoid them except "·" and "…".
public enum DisplayWidth {
    public static func columns(_ text: String) -> Int {
        var total = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            // A text-style emoji (❤, ☺) followed by VS16 is drawn as an emoji, two columns wide.
            if scalar == "\u{FE0F}", let base = previous, base.properties.isEmoji, columns(base) == 1 { total += 1 }
            total += columns(scalar)
            previous = scalar
        }
        return total
    }

    public static func columns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul vowels and finals join the syllable before.
        if scalar.properties.isEmojiPresentation { return 2 }
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 16's EastAsianWidth.txt, W and F), apart from
    /// the emoji, which `isEmojiPresentation` finds wherever they are. Checked against Python's
    /// wcwidth over every assigned scalar: none it counts two is counted one here (where the two
    /// differ, this counts more, which only ever shortens a card).
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2630...0x2637, 0x268A...0x268F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4DC0...0x4DFF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18DFF, 0x1AFF0...0x1B2FF, 0x1D300...0x1D376,
        0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The text as is when it fits in `width` columns; else cut at a character (never halving a
    /// wide one) and ended with `ellipsis`.
    public static func elide(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        if columns(text) <= width { return text }
        let room = width - columns(ellipsis)
        guard room > 0 else { return width >= columns(ellipsis) ? ellipsis : "" }
        var kept = "", used = 0
        for character in text {
            let wide = columns(String(character))
            if used + wide > room { break }
            kept.append(character)
            used += wide
        }
        while kept.last == " " { kept.removeLast() }
        return kept + ellipsis
    }

    /// The first candidate that fits in `width`; the last one shortened when none does.
    public static func first(fitting candidates: [String], width: Int, ellipsis: String = "…") -> String {
        candidates.first { columns($0) <= width } ?? elide(candidates.last ?? "", to: width, ellipsis: ellipsis)
    }
}
