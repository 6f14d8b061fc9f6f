// Play over SSH's lines of /metrics, set at each scrape in the server's registry: games, SSH
// connections and refusals by why, how long games last, take-overs, leases, saves, and watchers.
import HostedGames
import LeaderboardServer

enum HostingMetrics {
    static func render(_ hosting: HostedServer, into metrics: ServerMetrics) {
        let figures = hosting.figures
        metrics.set("plume_ssh_games", "Games running now for players over SSH", to: Double(figures.games))
        metrics.set("plume_ssh_connections", "SSH connections open now, signed in or not", to: Double(figures.connections))
        metrics.set("plume_ssh_games_started", "Games started over SSH since start", to: Double(figures.gamesStarted))
        metrics.set("plume_ssh_games_limit", "Games that may run at once", to: Double(hosting.configuration.limits.maxSessions))
        let refused = "SSH connections or sessions turned away or ended by the server since start, by why"
        for reason in Refusal.allCases {
            metrics.set("plume_ssh_refused", refused, [("reason", reason.rawValue)], to: Double(figures.refused[reason.rawValue] ?? 0))
        }
        let lengths = "Games over SSH that ended within so many seconds, since start (cumulative)"
        for (index, bound) in HostingFigures.lengthBuckets.enumerated() {
            metrics.set("plume_ssh_game_seconds_within", lengths, [("seconds", String(Int(bound)))], to: Double(figures.lengthCounts[index]))
        }
        metrics.set("plume_ssh_game_seconds_sum", "Seconds of every game over SSH that has ended, added up", to: figures.lengthSum)
        metrics.set("plume_ssh_game_seconds_count", "Games over SSH that have ended", to: Double(figures.lengthCount))
        metrics.set("plume_ssh_take_overs", "Connections that took a player's game over from another session since start", to: Double(figures.takeOvers))
        metrics.set("plume_ssh_leases_lost", "Games that found their place taken after their host stalled, since start", to: Double(figures.leasesLost))
        metrics.set("plume_ssh_saves_written", "Writes of hosted players' changed files to the store since start", to: Double(figures.savesWritten))
        metrics.set("plume_ssh_save_bytes", "Bytes of hosted players' files written to the store since start", to: Double(figures.saveBytes))
        metrics.set("plume_watchers", "Watchers of games on this host now", to: Double(figures.watchers))
        metrics.set("plume_watchers_started", "Watchers who began watching a game on this host since start", to: Double(figures.watchersStarted))
        metrics.set("plume_watch_relay_bytes", "Bytes of games' output sent to watchers since start", to: Double(figures.relayBytes))
        metrics.set("plume_watchers_dropped", "Watchers dropped for reading too slowly since start", to: Double(figures.watchersDropped))
    }
}
