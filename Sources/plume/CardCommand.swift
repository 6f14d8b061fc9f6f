// `plume card`: a day's result as a few lines to paste into a chat (DayCard), read from the
// leaderboard the game last played on (or --server) as the player (or another player) — the
// record of days, the day's theme from the challenge book, and, once the day's board has closed,
// the look's link. The day is always the server's: the device's clock decides nothing here.
import ArgumentParser
import Challenges
import Foundation
import GameState
import PlumeUI
import ScoresAPI
import ScoresClient

struct CardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Print a day's result as a card to paste into a chat.",
        discussion: """
            The card gives the day and its theme, your score and rank on the day's style board \
            ("so far" while the board is open), the people's choice on the runway when your look \
            was on it, your streak, best streak and days played as they stood at the end of that \
            day, and your look's link — at most six lines of at most 60 columns (the link, never \
            cut, may be longer).

            While the day's style board is still open (the day is today, the server's day, UTC), \
            the link would give the day's answer away: the card says instead that it joins the \
            card once the day closes. `plume card --day` for that day gives it from the next day.

            Without --day, the card is of today, or of the last day you played when you haven't \
            played today yet. With --player, it is another player's card: it shows their look's \
            link only once that day's runway has closed (two days after it, UTC), as the runway \
            keeps its looks anonymous while it takes votes.

            The scores are read where the game last played, unless --server says otherwise; the \
            first line on stderr says where. Your own card needs you to be registered there (the \
            game's Scores screen, 5, then p).
            """
    )

    @Option(help: ArgumentHelp("The day to tell of (UTC), e.g. 2025-06-14.", valueName: "YYYY-MM-DD"))
    var day: String?

    // Unconditional: a player id is base64url, and one in 32 starts with "-", which would
    // otherwise read as an option.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Another player's id (from their page /p/ID, or `plume whoami` on their machine).", valueName: "id"))
    var player: String?

    @Flag(help: "Only ASCII: no emoji, for terminals and chats that mangle them.")
    var plain = false

    @OptionGroup var where_: ServerOption

    func run() async throws {
        var wanted: Int?
        if let day {
            // BoardID reads only the canonical spelling, so "2025-6-1" and "2025-02-30" are refused too.
            guard let number = BoardID("style-" + day).day else {
                throw fail("\(SafeText.quoted(day)) isn't a day: write the day as YYYY-MM-DD, like 2025-06-14")
            }
            wanted = number
        }
        let (connection, store, place) = try where_.credentials()
        announce(connection)
        let credential = store.credential(for: connection.key)
        if player?.isEmpty == true { throw fail("--player needs a player's id, like the one on their page /p/ID") }
        guard let playerID = player ?? credential?.playerID else {
            throw fail("you are not registered on \(place): open the game's Scores screen (5) and press p, or name a player with --player ID")
        }
        let own = credential.flatMap { $0.playerID == playerID ? $0 : nil }
        let request = CardRequest(playerID: playerID, own: own, day: wanted, place: place, book: try loadBook())
        switch await request.card(connection) {
        case .success(let (card, notes)):
            for note in notes { printError("plume: " + SafeText.strip(note)) }
            for line in card.lines(plain: plain) { print(line) }
        case .failure(let problem):
            throw fail(problem.message)
        }
    }
}

/// Why there is no card, in words for the player.
struct CardProblem: Error {
    let message: String
}

/// What a card needs from the leaderboard, asked in order: the record (as far back as the day's
/// streak goes), then, once the day's board has closed, the look's link.
struct CardRequest: Sendable {
    enum Limits {
        /// Days read at a time: the game's page, the server's largest (a streak of up to a year
        /// in one read).
        static let recordPage = ScoresSession.recordDays
        /// Pages read at most: ten years of days.
        static let recordPages = 10
    }

    let playerID: String
    /// The player's own credential when the card is theirs: its token reads their own link.
    let own: Credential?
    let day: Int?
    let place: String
    let book: ChallengeBook

    /// The card, and notes for stderr (which day it is, a link that couldn't be read).
    func card(_ connection: ScoresConnection) async -> Result<(DayCard, [String]), CardProblem> {
        do {
            let backend = try await connection.session().backend
            return .success(try await card(backend))
        } catch let failure as ScoresFailure {
            return .failure(CardProblem(message: words(failure)))
        } catch let problem as CardProblem {
            return .failure(problem)
        } catch {
            return .failure(CardProblem(message: "\(error)"))
        }
    }

    func card(_ backend: any ScoresBackend) async throws -> (DayCard, [String]) {
        var notes: [String] = []
        let (record, played) = try await findDay(backend, notes: &notes)
        guard let number = BoardID("style-" + played.day).day else { throw CardProblem(message: "the server sent a day that isn't one") }
        // The runway of day D takes votes during D and D+1 (UTC): final from the start of D+2,
        // by the server's day in the record, never the device's clock.
        let final = BoardID("style-" + record.today).day.map { number + 2 <= $0 } ?? false
        var name = own?.name
        var link = DayCard.Link.absent
        if own != nil, DayCard.isOpen(played.day, record: record) {
            // While the day's board is open the card holds the link back: it isn't even read.
            link = .toCome
        } else if own != nil {
            link = await ownLink(backend, day: number, notes: &notes)
        } else {
            let profile = try await publicProfile(backend)
            name = profile.name
            // The server blanks codes on a runway's days while it takes votes; a card from an
            // older server that doesn't must still not tie a look on the runway to its owner.
            let code = profile.bests.first { $0.boardID == BoardID.style(day: number).text }?.code ?? ""
            if final, let found = Self.lookLink(code) { link = .known(found) }
        }
        let theme = book.theme(forDay: number).name
        guard let card = DayCard.make(record: record, day: played.day, theme: theme, name: name, link: link, runwayFinal: final) else {
            throw CardProblem(message: "the record has no \(played.day)")
        }
        return (card, notes)
    }

    /// The record as far as the card needs it (the day asked for, or the default day, with the
    /// days before it that its streak and best streak count), and that day. Pages are read
    /// newest first and joined; the first page's figures (days played, today) come with them.
    func findDay(_ backend: any ScoresBackend, notes: inout [String]) async throws -> (PlayerDays, RecordDay) {
        let wanted = day.map { String(BoardID.style(day: $0).text.dropFirst("style-".count)) }
        var record: PlayerDays?
        var cursor: String?
        var seen: Set<String> = []
        for _ in 0..<Limits.recordPages {
            var query = [QueryValue(.recordLimit, String(Limits.recordPage))]
            if let cursor { query.append(QueryValue(.recordCursor, cursor)) }
            let page = try await backend.call(APICalls.record, CallInput(path: [.player: playerID], query: query))
            if record == nil, let wanted, wanted > page.today {
                throw CardProblem(message: "\(wanted) hasn't come yet: today is \(page.today) on \(place) (UTC)")
            }
            let joined = record.map { $0.followed(by: page) } ?? page
            record = joined
            // Without --day, the card is of the newest day played: the first of the first page.
            guard let target = wanted ?? joined.days.first?.day else { break }
            if joined.days.contains(where: { $0.day == target }) {
                if DayStanding.isSettled(target, in: joined) { break }
            } else if let last = joined.days.last?.day, last < target {
                // Days come newest first: once past the day, it isn't there.
                break
            }
            guard let next = page.nextCursor, seen.insert(next).inserted else { break }
            cursor = next
        }
        guard let record else { throw CardProblem(message: "the server sent no record") }
        guard let wanted else {
            guard let last = record.days.first else {
                throw CardProblem(message: (own == nil ? "that player hasn't" : "you haven't") + " played a day yet on \(place)")
            }
            if last.day != record.today {
                notes.append((own == nil ? "they haven't" : "you haven't") + " played today (\(record.today)) yet: this is the card of \(last.day)")
            }
            return (record, last)
        }
        guard let found = record.days.first(where: { $0.day == wanted }) else {
            let last = record.lastPlayed.map { " (the last day played was \($0))" } ?? ""
            throw CardProblem(message: (own == nil ? "that player didn't" : "you didn't") + " play on \(wanted)" + last)
        }
        return (record, found)
    }

    /// The player's own look on a closed day's style board, as its link (`.absent` when it
    /// can't be read, with a note why): the around-me read with their token keeps its code even
    /// while the runway is anonymous.
    func ownLink(_ backend: any ScoresBackend, day: Int, notes: inout [String]) async -> DayCard.Link {
        guard let own else { return .absent }
        do throws(ScoresFailure) {
            let page = try await backend.call(APICalls.aroundMe, CallInput(path: [.board: BoardID.style(day: day).text], query: [QueryValue(.radius, "0")]),
                                              token: own.token)
            guard let row = page.rows.first(where: { $0.playerID == own.playerID }), let link = Self.lookLink(row.code) else {
                notes.append("your look's link isn't on the card: the board didn't give it")
                return .absent
            }
            return .known(link)
        } catch {
            // The record was read: a card without its link is still worth printing.
            notes.append("your look's link isn't on the card: " + error.message)
            return .absent
        }
    }

    func publicProfile(_ backend: any ScoresBackend) async throws -> PublicProfile {
        switch try await backend.answer(APICalls.publicProfile, CallInput(path: [.player: playerID]), token: nil, etag: nil) {
        case .fresh(let profile, _): return profile
        case .unchanged: throw CardProblem(message: "the server's answer had no profile in it")
        }
    }

    /// `plume://look/CODE` for a code that reads as a look; nil for anything else.
    static func lookLink(_ code: String) -> String? {
        guard !code.isEmpty, case .look(let look)? = try? ShareCode.decode(code) else { return nil }
        return ShareCode.link(.look(look))
    }

    /// A failure in words, naming the player when the server doesn't know them.
    func words(_ failure: ScoresFailure) -> String {
        if failure.code == .playerNotFound { return "there is no player \(SafeText.quoted(playerID)) on \(place)" }
        return failure.message
    }
}
