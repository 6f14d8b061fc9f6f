// GET /v1/runway/{day}/swarms.gif: the swarm show's moving picture for the runway page, two of
// its swarms side by side from one start (LeaderboardService.swarmShowPicturePair says which);
// swarms-still.gif, its last frame alone, for a browser that asks for reduced motion.
// Drawing one takes a few hundred swarm steps and an LZW pass: it runs on the simulation pool
// (verifier_busy past its queue), each picture once however many ask at the same moment, and is
// kept (64 pictures) by its seed and codes. 404 while the show has fewer than two swarms.
import Foundation
import GameState
import HTTPTypes
import Hummingbird
import Leaderboard
import ScoresAPI
import Synchronization

/// Drawn pictures by (seed, left, right), and the drawings under way, so a burst draws once.
final class SwarmAnimationCache: Sendable {
    private let done = Mutex(GenerationalCache<String, [UInt8]>(capacity: 64))
    private let drawing = Mutex<[String: Task<[UInt8], any Error>]>([:])

    func picture(_ key: String, draw: @escaping @Sendable () async throws -> [UInt8]) async throws -> [UInt8] {
        if let hit = done.withLock({ $0[key] }) { return hit }
        let task = drawing.withLock { tasks in
            if let task = tasks[key] { return task }
            let task = Task { try await draw() }
            tasks[key] = task
            return task
        }
        defer { drawing.withLock { _ = $0.removeValue(forKey: key) } }
        let bytes = try await task.value
        done.withLock { $0[key] = bytes }
        return bytes
    }
}

extension PageRoutes {
    @Sendable func swarmShowGIF(_ request: Request, context: AppContext, still: Bool) async throws -> Response {
        let day = try context.parameters.text("day")
        let pair: SwarmShowPicturePair?
        do { pair = try await service.swarmShowPicturePair(day: day) } catch let error as LeaderboardError { throw APIError(error) }
        guard let pair, case .swarm(let left)? = try? ShareCode.decode(pair.left), case .swarm(let right)? = try? ShareCode.decode(pair.right) else {
            throw APIError(.notFound, .notFound, "the swarm show of \(SafeText.strip(day)) has fewer than two swarms to show")
        }
        let key = (still ? "still|" : "v1|") + "\(pair.seed)|\(pair.left)|\(pair.right)"
        let verifier = service.verifier
        let bytes: [UInt8]
        do {
            bytes = try await swarmAnimations.picture(key) {
                try await verifier.onPool { threads in SwarmAnimation.pair(left, right, seed: pair.seed, threads: threads, still: still) }
            }
        } catch let error as LeaderboardError {
            throw APIError(error)
        }
        let etag = "\"sw-\(Self.digest(key))\""
        var headers: HTTPFields = [.eTag: etag, .cacheControl: pair.final ? "public, max-age=86400" : "public, max-age=600"]
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        if let held = request.headers[.ifNoneMatch], held.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            return Response(status: .notModified, headers: headers)
        }
        return Reply.bytes(bytes, type: "image/gif", extra: headers)
    }

    /// A short stable digest of a key (FNV-1a, 64 bits, in hex): an ETag, the same in every process.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return String(hash, radix: 16)
    }
}
