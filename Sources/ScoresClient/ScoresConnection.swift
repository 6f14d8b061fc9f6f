// The game's one door to the scores: settings resolved once, the backend opened on first use
// (so start-up never waits on a file or the network), and every command answered with events —
// if the local board itself can't be opened, each command says why.
import Foundation
import ScoresAPI

/// A game hosted over SSH: the server's API on loopback, the pass that signs the player in, and
/// who the player is (nil until they register; then `suggestedName` fills the Register dialog).
public struct HostedScores: Sendable {
    public var api: URL
    public var pass: String
    public var player: Credential?
    public var suggestedName: String?

    public init(api: URL, pass: String, player: Credential?, suggestedName: String?) {
        (self.api, self.pass, self.player, self.suggestedName) = (api, pass, player, suggestedName)
    }
}

public actor ScoresConnection {
    public nonisolated let settings: ScoresSettings
    public nonisolated let hosted: HostedScores?
    public nonisolated let configDirectory: URL
    public nonisolated let dataDirectory: URL
    private var opened: Result<ScoresSession, ScoresFailure>?

    public init(settings: ScoresSettings, environment: [String: String], hosted: HostedScores? = nil) {
        self.settings = hosted.map { ScoresSettings(place: .server($0.api), warnings: []) } ?? settings
        self.hosted = hosted
        configDirectory = ScoresSettings.configDirectory(environment: environment)
        dataDirectory = ScoresSettings.dataDirectory(environment: environment)
    }

    /// The key credentials are kept under for this place, without opening anything.
    public nonisolated var key: String {
        switch settings.place {
        case .local: "local"
        case .server(let url): RemoteBackend(base: url).key
        }
    }

    /// The place in words: the server's address, or "the local board".
    public nonisolated var placeName: String { settings.place == .local ? "the local board" : key }

    /// The place and, unless the player named it, what chose it: "http://host:8787 (where the
    /// game last played)". For the line a command that reads the scores begins with.
    public nonisolated var placeAndWhy: String { placeName + (settings.source.words.map { " (\($0))" } ?? "") }

    public func session() async throws(ScoresFailure) -> ScoresSession {
        if let opened { return try opened.get() }
        if let hosted {
            // Credentials in memory only: the pass, or the token a registration returns.
            let backend = RemoteBackend(base: hosted.api, pass: hosted.pass)
            let credentials = CredentialStore.inMemory(hosted.player.map { [backend.key: $0] } ?? [:])
            let session = ScoresSession(backend: backend, configDirectory: configDirectory, dataDirectory: dataDirectory,
                                        credentials: credentials, askName: hosted.player == nil ? (hosted.suggestedName ?? "") : nil)
            opened = .success(session)
            return session
        }
        let backend: any ScoresBackend
        switch settings.place {
        case .server(let url):
            backend = RemoteBackend(base: url)
        case .local:
            do {
                backend = try await LocalBackend.open(directory: dataDirectory)
            } catch {
                opened = .failure(error)
                throw error
            }
        }
        let session = ScoresSession(backend: backend, configDirectory: configDirectory, dataDirectory: dataDirectory)
        opened = .success(session)
        return session
    }

    public func perform(_ command: ScoresCommand) async -> [ScoresEvent] {
        do {
            return try await session().perform(command)
        } catch {
            return [.failed(command, error)]
        }
    }
}
