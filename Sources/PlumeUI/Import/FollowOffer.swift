// The Import screen's offer for a player link (`plume://player/{id}`, or the server's `/p/{id}`
// page): who the link leads to, asked of the server — "Follow Ada? (today 812, rank 3 of 40)" —
// and a follow made only on the player's key (f or Enter). A link the server knows no player
// for says so, and nothing else changes. The Import screen holds it while it shows the link.
import GameState
import PlumeCalendar
import ScoresAPI
import TUI

struct FollowOffer: Sendable, Equatable {
    enum Stage: Sendable, Equatable {
        /// The server was asked who this is.
        case asking
        /// It can't be offered: no such player here, or the server couldn't say (in words).
        case cannot(String)
        case offered
        case sending
        case followed
        /// The follow was refused or lost, in words (f tries again).
        case refused(String)
    }

    let link: PlayerLink
    var profile: PublicProfile?
    var stage = Stage.asking

    init(_ link: PlayerLink) { self.link = link }

    /// Who the link leads to, the one thing to ask before offering; and the boards again, for the
    /// "of 40" of their rank: the list the session holds counts each board's records as they were
    /// when it was read (at launch, or when the day turned).
    var ask: [Request] { [.send(.player(playerID: link.playerID)), .send(.start)] }

    var name: String { profile.map { SafeText.strip($0.name) } ?? "this player" }

    /// f or Enter follows (Enter after the follow shows the Friends view); nil for keys that
    /// aren't the offer's.
    mutating func handle(_ key: Key, _ context: Context) -> [Request]? {
        let session = context.session
        switch (stage, key) {
        case (.followed, .enter): return [.go(.scores)]
        case (_, .enter), (_, .char("f")): break
        default: return nil
        }
        switch stage {
        case .asking: return [.status("Still asking \(session.place) who this is…")]
        case .cannot(let why): return [.status(why)]
        case .sending: return []
        case .followed: return [.status("You follow \(name) already.")]
        case .offered, .refused: break
        }
        let requests = session.follow(playerID: link.playerID, name: name)
        if requests.contains(where: { if case .send = $0 { true } else { false } }) { stage = .sending }
        return requests
    }

    /// The server's answers about this player.
    mutating func receive(_ event: ScoresEvent, _ context: Context) {
        if let found = event.reply(to: APICalls.publicProfile), found.playerID == link.playerID {
            profile = found
            if stage == .asking || stage.isCannot { stage = .offered }
            return
        }
        if case let (asked, failure)? = event.failure(of: APICalls.publicProfile), asked.path[.player] == link.playerID {
            stage = .cannot(failure.code == .playerNotFound
                ? "No player on \(context.session.place) has this link: it may be from another server, or the player has left."
                : "\(context.session.place) couldn't say who this link leads to: \(failure.message). Paste it again later.")
            return
        }
        switch event {
        case .followed(let followed) where followed.playerID == link.playerID:
            stage = .followed
        case .failed(.follow(.id(let id)), let failure) where id == link.playerID:
            stage = .refused(failure.message)
        default: break
        }
    }

    /// "today 812, rank 3 of 40", or "not played today": the player's record on today's board, out
    /// of its records as the boards read with the offer count them.
    func today(_ context: Context) -> String {
        guard let best = profile?.bests.first(where: { $0.boardID == context.styleBoardID }) else { return "not played today" }
        let of = context.session.boards.first { $0.id == context.styleBoardID }.map { " of \($0.records)" } ?? ""
        return "today \(best.score)" + (best.rank.map { ", rank \($0)\(of)" } ?? "")
    }

    func help(_ context: Context) -> [KeyHelp] {
        stage == .followed
            ? [KeyHelp("Enter", "the Friends view on Scores", hint: Priority.essential, short: "see them"), KeyHelp("Esc", "back", hint: Priority.essential)]
            : [KeyHelp("f Enter", "follow this player", hint: Priority.essential, short: "follow"), KeyHelp("Esc", "cancel", hint: Priority.essential)]
    }

    func draw(in area: Rect, into grid: inout Grid, _ context: Context) {
        var rows = Rows(area)
        let session = context.session, own = link.playerID == session.player?.playerID
        if let line = rows.take() {
            grid.put("✓ A player (\(link.form.rawValue))", in: line, style: Theme.success)
            grid.focus(x: line.x, y: line.y)
        }
        switch stage {
        case .asking:
            if let line = rows.take() { grid.put("Asking \(session.place) who this is…", in: line, style: Theme.label) }
            return
        case .cannot(let why):
            grid.paragraph("✗ " + why, rows: &rows, maxLines: 3, style: Style(fg: Theme.bad, bold: true))
            if let line = rows.take() { grid.put("Esc goes back · nothing was changed", in: line, style: Theme.chosen) }
            return
        default: break
        }
        let question = own ? "This is your own player link (\(today(context)))." : "Follow \(name)? (\(today(context)))"
        if let line = rows.take() {
            grid.put(question, in: line, style: Theme.title)
            grid.focus(x: line.x, y: line.y)
        }
        if let profile, let line = rows.take() {
            let followers = profile.followers.map { " · followed by \($0) player\($0 == 1 ? "" : "s")" } ?? ""
            let since = UTCDay.parse(profile.since.prefix(10)).map { day in
                let date = UTCDay.civil(day)
                return "Playing since \(date.day) \(DayCalendar.monthNames[date.month - 1]) \(date.year)"
            } ?? "A player"
            grid.put(since + followers, in: line, style: Theme.label)
        }
        rows.skip()
        let about: String, keys: String
        switch stage {
        case _ where own:
            (about, keys) = ("Friends who paste it in Plume can follow you; the Share screen (m) shows it with its QR code.", "Esc goes back")
        case .followed:
            (about, keys) = ("✓ You follow \(name) now: they're on the Friends view of every board.", "Enter shows them on Scores · Esc goes back")
        case .sending:
            (about, keys) = ("Following \(name)…", "")
        case .refused(let why):
            (about, keys) = ("✗ Not followed: \(why)", "f tries again · Esc cancels")
        default:
            let already = session.follows(link.playerID) ? "You already follow \(name). " : ""
            (about, keys) = (already + "Following is one-way and private: \(name)'s records join your Friends view of every board, "
                             + "and you hear when \(name) passes your score.", "f or Enter follows · Esc cancels")
        }
        let style: Style = switch stage {
        case .followed: Theme.success
        case .refused: Style(fg: Theme.bad, bold: true)
        default: .plain
        }
        grid.paragraph(about, rows: &rows, maxLines: 3, style: style)
        if !keys.isEmpty, let line = rows.take() { grid.put(keys, in: line, style: Theme.chosen) }
        rows.skip()
        let room = rows.rest()
        if let code = profile?.avatarLook, case .look(let look)? = try? ShareCode.decode(code), room.height - 1 >= 10 {
            FigureRenderer.drawSmall(look, in: context.catalog, into: &grid, x: room.x, y: room.y)
        }
    }
}

extension FollowOffer.Stage {
    var isCannot: Bool { if case .cannot = self { true } else { false } }
}
