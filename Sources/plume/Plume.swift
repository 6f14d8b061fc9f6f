// The `plume` command: the game (by default), share-link tools, and benchmarks.
import ArgumentParser
import Dispatch
import Foundation
import Challenges
import GameRunner
import GameState
import LinkRelay
import PlumeUI
import ScoresAPI
import ScoresClient
import Terminal
import TUI

struct Plume: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plume",
        abstract: "A dress-up and swarm game for the terminal.",
        discussion: """
            Style a model in the Studio, breed swarms in the Lab, and share either as a short \
            plume:// link. Links survive e-mail and chat; paste a friend's link to import it.
            """,
        version: PlumeVersion.current,
        subcommands: [Play.self, Open.self, LinkCommand.self, ShareCommand.self, ScoresCLI.self, CrewCommand.self, SwarmCommand.self, CardCommand.self, WhoAmI.self, Logout.self, RegisterScheme.self, UnregisterScheme.self, Bench.self,
                      Hosted.self],
        defaultSubcommand: Play.self
    )
}

/// The program's entry, synchronous on purpose: the game keeps the process's main thread, as
/// ncurses needs for a resize (SIGWINCH goes to the main thread, and only there does it end the
/// wait for input at once). An async `main` gives the main thread to Dispatch before any command
/// runs. So a command that awaits the scores (an `AsyncParsableCommand`) runs as a task while the
/// main thread serves Dispatch, and the process ends when the task does; every other command,
/// the game among them, runs here.
@main
enum PlumeEntry {
    static func main() {
        let parsed: any ParsableCommand
        do {
            parsed = try Plume.parseAsRoot()
        } catch {
            Plume.exit(withError: error)
        }
        guard let awaiting = parsed as? any AsyncParsableCommand else {
            var command = parsed
            do {
                try command.run()
            } catch {
                Plume.exit(withError: error)
            }
            return
        }
        // Handed over to the task and never touched here again (the main thread only serves
        // Dispatch from now on), so no two threads ever share it.
        nonisolated(unsafe) var running = awaiting
        Task {
            do {
                try await running.run()
                Plume.exit()
            } catch {
                Plume.exit(withError: error)
            }
        }
        dispatchMain()
    }
}

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play Plume (the default).",
        discussion: """
            Opens the full-screen game. Its screens, each on its digit key: \(Screen.tour). Press \
            ? on any screen for its keys. Your looks, swarms and saved slots are kept in \
            $XDG_DATA_HOME/plume (or ~/.local/share/plume).

            Scores go to a plume-server given by --server, else PLUME_SERVER, else `server = "…"` \
            in $XDG_CONFIG_HOME/plume/config.toml; with none of them, to the local board, a \
            leaderboard kept in $XDG_DATA_HOME/plume/scores.sqlite. The game notes where it plays \
            in $XDG_CONFIG_HOME/plume/last-played.json: `plume card`, `scores`, `whoami` and \
            `share --me` read the scores there unless given --server.

            --reduce-motion (or PLUME_REDUCE_MOTION=1, or `reduce-motion = true` in config.toml, \
            which `plume open` and plume:// links follow too) holds the Lab's swarm, the evolution \
            grid and the Runway's swarm show still until you ask (space runs them, . steps them), \
            the gallery's preview until . steps it, and an import's preview at its first frame.

            --screen-reader (or PLUME_SCREEN_READER=1, or `screen-reader = true`) shows the \
            terminal's cursor and keeps it at the start of whatever you act on (the chosen row, the \
            field with the keys), says the Lab's swarm in words, has each dialog name itself and \
            its keys on the status line when it opens, and holds motion still. --messages-to PATH \
            also writes the status line's words, and each screen or dialog as it opens, as plain \
            lines to PATH (a file, a named pipe or /dev/fd/N) for a speech program.

            --palette NAME (or PLUME_PALETTE, or `palette = "NAME"`) draws the game's own colours \
            for a kind of colour vision: \(ColourPalette.names). The garments keep their named \
            colours. The settings place (, on any screen) changes all three and keeps them in \
            config.toml.
            """
    )

    @OptionGroup var where_: ServerOption

    @Flag(help: "Hold the swarms still until you ask (space runs them, . steps them).")
    var reduceMotion = false

    @Flag(help: "Keep the cursor on what you act on, say the Lab in words, and name each dialog as it opens.")
    var screenReader = false

    @Option(help: ArgumentHelp("Colours for your colour vision: \(ColourPalette.names).", valueName: "name"))
    var palette: String?

    @Option(help: ArgumentHelp("Also write the status line's words, and each screen or dialog as it opens, as lines to this file.",
                               valueName: "path"))
    var messagesTo: String?

    func validate() throws {
        if let palette, ColourPalette(named: palette) == nil {
            throw ValidationError("--palette must be one of \(ColourPalette.names) (it is \(SafeText.strip(String(palette.prefix(40))))).")
        }
        if let messagesTo, messagesTo.isEmpty { throw ValidationError("--messages-to needs a path.") }
    }

    func run() throws {
        let flags = PlaySettings.Flags(reduceMotion: reduceMotion, screenReader: screenReader, palette: palette.flatMap(ColourPalette.init(named:)))
        try startGame(server: where_, paste: nil, flags: flags, messagesTo: messagesTo)
    }
}

/// Opens the full-screen game (with `paste` in the Import preview when given), listening for
/// links from other programs unless another running game already does. A game hosted over SSH
/// (`hosted`) plays as its player on the server that started it, and runs nothing on the host.
func startGame(server: ServerOption, paste: String?, hosted: HostedHandoff? = nil, flags: PlaySettings.Flags = PlaySettings.Flags(),
               messagesTo: String? = nil) throws {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
        throw fail("the game needs an interactive terminal. For scripts, try `plume link decode` or `plume --help`.")
    }
    var (model, store, outcome) = try loadSavedGame()
    let environment = ProcessInfo.processInfo.environment
    // A hosted game starts as its player last told the server, where the SSH client's variables say nothing.
    let kept = hosted?.settings.map {
        PlaySettings.Said(reduceMotion: $0.reduceMotion, screenReader: $0.screenReader, palette: $0.palette.flatMap(ColourPalette.init(named:)))
    } ?? PlaySettings.Said()
    let (play, settingsWarnings) = PlaySettings.resolve(flags, environment: environment, server: kept)
    model.playSettings = play
    model.settingsGiven = flags.given(environment: environment)
    var playWarnings = settingsWarnings
    var messages: MessagesFile?
    if let messagesTo {
        do {
            messages = try MessagesFile(path: messagesTo)
        } catch {
            playWarnings.append("the messages can't go to \(messagesTo) (\(error.words)); they are on the status line only")
        }
    }
    let connection: ScoresConnection
    var unnoted: String?
    if let hosted {
        connection = ScoresConnection(settings: ScoresSettings(place: .local), environment: environment, hosted: hosted.scores)
        model.sharing.webBase = hosted.web ?? hosted.api
    } else {
        connection = server.connection()
        if case .server(let url) = connection.settings.place { model.sharing.webBase = url.absoluteString }
        // The commands that read the scores (`plume card`, `scores`, `whoami`…) follow the game
        // here. A hosted game notes nothing: it writes nothing on the host.
        let last = LastPlayed(directory: connection.configDirectory)
        do {
            try last.remember(connection.settings.place)
        } catch {
            unnoted = "Plume couldn't note where it plays in \(last.url.path) (\(error.localizedDescription)): `plume card` and `plume scores` may read another board."
        }
    }
    let inbox = Inbox<Msg>()
    // A hosted game opens no socket: links from other programs are for a game on the player's own machine.
    let (listener, listening) = hosted == nil ? listenForLinks(importer: model.importer, inbox: inbox) : (nil, nil)
    defer { listener?.stop() }
    model.status = hosted?.welcome ?? ("Welcome to Plume — press ? for the keys of each screen." + (listening.map { " " + $0 } ?? ""))
    if play.screenReader {
        model.status += " Screen-reader mode: the cursor rests on what you act on; the Lab is in words."
    } else if play.reduceMotion {
        model.status += " Motion is held still: space runs a swarm, . steps it."
    }
    // What went wrong in the settings, all of it, in place of the welcome.
    let warnings = playWarnings + (unnoted.map { [$0] } ?? []) + connection.settings.warnings
    if !warnings.isEmpty {
        model.status = SafeText.strip(warnings.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }.joined(separator: "; ")) + "."
    }
    if case .corrupt(let path) = outcome {
        model.status = "Your saved game couldn't be read; it was kept as \(path) and a fresh game started."
    }
    let screen: TerminalScreen
    do {
        screen = try TerminalScreen()
    } catch let error as TerminalScreen.TerminalError {
        throw fail(error.description)
    }
    screen.showsCursor = play.screenReader
    let size = screen.size
    // A hosted game may be watched: it reads how many watch after each resize, this first one too.
    if hosted != nil { model.audience = Audience() }
    let sizeEffects = model.update(.resize(width: size.width, height: size.height))
    // What the paste asks of the world (who a player link leads to) goes once the runner exists.
    var pasteEffects: [Effect] = []
    if let paste {
        let kept = model.status
        pasteEffects = model.update(.paste(paste))
        if case .corrupt = outcome { model.status = kept }
    }
    var written: SavedGame?
    if case .loaded(let game) = outcome { written = game }
    let saves = SaveWriter(store: store, written: written) { inbox.post([.saveFailed($0)]) }
    let runner = EffectRunner(inbox: inbox, saves: saves, scores: { command in await connection.perform(command) }, hosted: hosted != nil,
                              emit: screen.emit)
    for effect in sizeEffects + pasteEffects where effect != .quit { _ = runner.perform(effect) }
    // Links from other programs, and a save that failed, may arrive at any time: look often. A
    // hosted game hears no links, and an idle one should cost the server nothing: it looks at
    // its inbox when it wakes anyway (a key, an answer awaited, the clock).
    // A hosted game names its screen in the terminal's title (the player's window shows it, and
    // the server reads it for the watch menu), the player's own title kept and put back after.
    var titled: Screen?
    if hosted != nil { screen.emit(WindowTitle.keep) }
    var narrator = Narrator()
    ProgramLoop.run(model, on: screen, inbox: inbox, watchInbox: hosted == nil, terminating: { saves.flush().map(unsaved) }, drawn: { model in
        if let messages { messages.write(narrator.lines(for: model)) }
        screen.showsCursor = model.screenReader
        guard hosted != nil, model.screen != titled else { return }
        titled = model.screen
        screen.emit(WindowTitle.set(model.screen))
    }) { effect in
        runner.perform(effect) == .quit ? .quit : .proceed
    }
    if hosted != nil { screen.emit(WindowTitle.putBack) }
    screen.restore()
    if let problem = runner.quitProblem { printError(unsaved(problem)) }
}

/// What the player reads when the game ended without its last changes on disk.
func unsaved(_ why: String) -> String {
    "plume: your last changes couldn't be saved: " + SafeText.strip(why)
}

/// Prints a message for the player on stderr; the caller throws the returned exit code.
func fail(_ message: String) -> ExitCode {
    printError("plume: " + SafeText.strip(message))
    return ExitCode(1)
}

func printError(_ text: String) {
    var stderr = StandardError()
    print(text, to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

func loadCatalog() throws -> Catalog {
    switch Catalog.bundled {
    case .success(let catalog): return catalog
    case .failure(let error): throw fail(error.description)
    }
}

func loadBook() throws -> ChallengeBook {
    switch ChallengeBook.bundled {
    case .success(let book): return book
    case .failure(let error): throw fail(error.description)
    }
}

/// The game as last saved (or a fresh one), its save store, and how reading the save went.
func loadSavedGame() throws -> (model: AppModel, store: SaveStore, outcome: SaveStore.LoadResult) {
    let catalog = try loadCatalog()
    let book = try loadBook()
    let store = SaveStore.standard()
    let outcome = store.load()
    var saved: SavedGame?
    if case .loaded(let game) = outcome { saved = game }
    return (AppModel(catalog: catalog, book: book, day: ChallengeBook.day(of: Date()), saved: saved), store, outcome)
}
