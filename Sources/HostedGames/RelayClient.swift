// A watcher here of a game on another host on the same store: one HTTP request to that host's
// relay (GET /v1/relay/{player}, signed with the servers' shared key), whose streamed answer is
// the game's output in frames (RelayFrames), fed into this watcher's queue. A watcher that falls
// behind here is dropped here, and the connection closed, which drops it there.
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The relay's body: frames of a type byte, a 32-bit big-endian length and the payload — output
/// (0), or the end and why (1, a `WatchEnd` raw value).
public enum RelayFrames {
    public static let output: UInt8 = 0
    public static let end: UInt8 = 1
    /// The largest payload taken: a frame past it is a damaged stream.
    static let maxPayload = 1 << 20

    public static func frame(_ type: UInt8, _ payload: ByteBuffer, allocator: ByteBufferAllocator = ByteBufferAllocator()) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: payload.readableBytes + 5)
        buffer.writeInteger(type)
        buffer.writeInteger(UInt32(payload.readableBytes))
        buffer.writeImmutableBuffer(payload)
        return buffer
    }

    public static func end(_ why: WatchEnd) -> ByteBuffer {
        frame(end, ByteBuffer(string: why.rawValue))
    }

    /// The whole frames at the front of `buffer` (which keeps what is left); nil when damaged.
    static func take(_ buffer: inout ByteBuffer) -> [(UInt8, ByteBuffer)]? {
        var frames: [(UInt8, ByteBuffer)] = []
        while buffer.readableBytes >= 5 {
            guard let type = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self),
                  let length = buffer.getInteger(at: buffer.readerIndex + 1, as: UInt32.self) else { break }
            guard type <= end, Int(length) <= maxPayload else { return nil }
            guard buffer.readableBytes >= 5 + Int(length) else { break }
            buffer.moveReaderIndex(forwardBy: 5)
            frames.append((type, buffer.readSlice(length: Int(length))!))
        }
        buffer.discardReadBytes()
        return frames
    }
}

final class RelayClient: Sendable {
    let url: String
    let playerID: String
    let signature: String
    let stream: WatchStream
    let logger: Logger
    private let channel = Mutex<(any Channel)?>(nil)
    private let stopped = Mutex(false)

    init(url: String, playerID: String, signature: String, stream: WatchStream, logger: Logger) {
        (self.url, self.playerID, self.signature, self.stream, self.logger) = (url, playerID, signature, stream, logger)
    }

    /// Connects and waits (at most a few seconds) for the relay's answer.
    func start() async -> Result<Void, WatchRefusal> {
        guard let components = URLComponents(string: url), let host = components.host, components.scheme == "http" else {
            logger.error("another host's relay address can't be used", metadata: ["relay": "\(url)"])
            return .failure(.unreachable)
        }
        let port = components.port ?? 80
        let answered = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Result<Void, WatchRefusal>.self)
        let stream = stream
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(3))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(RelayReader(stream: stream, answered: answered))
                }
            }
        do {
            let connected = try await bootstrap.connect(host: host, port: port).get()
            channel.withLock { $0 = connected }
            if stopped.withLock({ $0 }) { connected.close(promise: nil) }
            var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: components.path.trimmingSuffix("/") + "/v1/relay/" + playerID)
            head.headers.add(name: "Host", value: "\(host):\(port)")
            head.headers.add(name: "X-Plume-Relay", value: signature)
            head.headers.add(name: "Connection", value: "close")
            connected.write(HTTPClientRequestPart.head(head), promise: nil)
            connected.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            connected.eventLoop.scheduleTask(in: .seconds(5)) {
                answered.succeed(.failure(.unreachable))
            }
            let result = try await answered.futureResult.get()
            if case .failure = result { connected.close(promise: nil) }
            return result
        } catch {
            logger.warning("can't reach another host's relay", metadata: ["relay": "\(url)", "error": "\(error)"])
            answered.succeed(.failure(.unreachable))
            return .failure(.unreachable)
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
        channel.withLock { $0 }?.close(promise: nil)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// The relay's answer: its status decides; then frames into the watcher's queue.
final class RelayReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    let stream: WatchStream
    let answered: EventLoopPromise<Result<Void, WatchRefusal>>
    private var pending = ByteBuffer()

    init(stream: WatchStream, answered: EventLoopPromise<Result<Void, WatchRefusal>>) {
        (self.stream, self.answered) = (stream, answered)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            switch head.status.code {
            case 200: answered.succeed(.success(()))
            case 404: answered.succeed(.failure(.notPlaying))
            case 409: answered.succeed(.failure(.refused))
            case 429: answered.succeed(.failure(.gameFull))
            default: answered.succeed(.failure(.unreachable))
            }
        case .body(var bytes):
            pending.writeBuffer(&bytes)
            guard let frames = RelayFrames.take(&pending) else {
                stream.end(.hostLost)
                context.close(promise: nil)
                return
            }
            for (type, payload) in frames {
                if type == RelayFrames.end {
                    stream.end(WatchEnd(rawValue: String(buffer: payload)) ?? .gameEnded)
                    context.close(promise: nil)
                    return
                }
                if !stream.push(payload) {
                    stream.end(.tooSlow)
                    context.close(promise: nil)
                    return
                }
            }
        case .end:
            stream.end(.hostLost)
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        answered.succeed(.failure(.unreachable))
        stream.end(.hostLost)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
