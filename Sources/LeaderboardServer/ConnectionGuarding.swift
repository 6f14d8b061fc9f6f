// The HTTP side of the connection guard (ConnectionGuard): the accept loop asks the gate before
// taking a descriptor, and each connection gets a handler, after HTTP decoding, that is admitted
// or refused by its address, keeps its deadlines (head, body, idle) and, when every served place
// is taken, answers "busy" with 503 and Retry-After — except the health probes, so that a load
// balancer can still ask.
import ConnectionGuard
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import ScoresAPI

/// Hummingbird's hook into the accept loop, counting for the gate.
struct GateAcceptance: AvailableConnectionsDelegate {
    let gate: ConnectionGate
    mutating func connectionOpened() { gate.accepted() }
    mutating func connectionClosed() { gate.closed() }
    func isAcceptingNewConnections() -> Bool { gate.isAccepting }
}

final class HTTPConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Paths answered even to an overflow connection.
    static let probes: Set<String> = ["/healthz", "/readyz", "/metrics"]

    private let gate: ConnectionGate
    private let timer: DeadlineTimer
    private var admission: ConnectionGate.Admission?
    private var released = false
    /// A request's head has been read and not yet its end.
    private var reading = false
    /// Requests read whose responses have not been written in full.
    private var inFlight = 0
    /// An overflow connection's refused request: its remaining parts are dropped.
    private var refusing = false

    init(gate: ConnectionGate) {
        self.gate = gate
        self.timer = DeadlineTimer(gate: gate)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard admission == nil else { return }
        let admission = gate.admit(peer: context.channel.remoteAddress?.ipAddress)
        self.admission = admission
        if case .refused = admission {
            context.channel.closeAbruptly()
        } else {
            // A connection that will only be told to come back gets a short time to ask.
            timer.arm(.head, seconds: isOverflow ? min(2, gate.limits.headSeconds) : gate.limits.headSeconds, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { finish() }

    /// Past the served places: only told to come back (or, for a probe, answered and closed).
    private var isOverflow: Bool {
        if case .overflow = admission { true } else { false }
    }

    private func finish() {
        timer.disarm()
        if let admission, !released {
            released = true
            gate.release(admission)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if refusing { return }
            if isOverflow {
                if inFlight > 0 {
                    // A request pipelined behind a probe on an overflow connection: dropped; the
                    // connection closes once the probe is answered, and the client asks again.
                    refusing = true
                    return
                }
                if !Self.probes.contains(head.path.map { String($0.prefix { $0 != "?" }) } ?? "") {
                    refusing = true
                    answerBusy(context)
                    return
                }
            }
            reading = true
            inFlight += 1
            let declared = head.headerFields[.contentLength].flatMap { Int($0) }
            timer.arm(.body, seconds: gate.limits.bodySeconds(declared: declared, cap: ServerLimits.maxBodyBytes), context: context)
        case .body:
            if refusing { return }
        case .end:
            if refusing { return }
            reading = false
            // The answer may already be out (a refusal written before the body was read): then
            // the connection is idle now. Otherwise the answer has the idle time to be written.
            timer.arm(inFlight == 0 ? .idle : .response, seconds: gate.limits.idleSeconds, context: context)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        inFlight = max(0, inFlight - 1)
        if isOverflow {
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
            return
        }
        guard inFlight == 0, !reading else {
            context.write(data, promise: promise)
            return
        }
        // Idle from when the answer's last byte has gone to the socket, not when it was queued: a
        // client that does not read its answer stays under the response deadline meanwhile.
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenSuccess { [self] in
            if inFlight == 0, !reading { timer.arm(.idle, seconds: gate.limits.idleSeconds, context: context) }
        }
        if let promise { written.futureResult.cascade(to: promise) }
        context.write(data, promise: written)
    }

    /// 503, Retry-After, the same JSON error body as every refusal; then the connection's output
    /// is closed, what the client still sends is read and dropped for a moment (closing with
    /// unread input would reset the connection, and the client might never see the answer), and
    /// the connection is closed.
    private func answerBusy(_ context: ChannelHandlerContext) {
        let reply = ErrorReply(code: .overloaded, message: "the server is at its connection limit — try again in a few seconds")
        let body = ByteBuffer(bytes: (try? JSONEncoder().encode(reply)) ?? Data("{}".utf8))
        let head = HTTPResponse(status: .serviceUnavailable, headerFields: [
            .contentType: "application/json; charset=utf-8", .cacheControl: "no-store", .retryAfter: "2",
            .contentLength: String(body.readableBytes), .connection: "close",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        timer.arm(.overflow, seconds: 2, context: context, counted: false)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(mode: .output).assumeIsolated().whenFailure { _ in context.close(promise: nil) }
        }
    }
}

extension HTTPField.Name {
    static let forwarded = HTTPField.Name("Forwarded")!
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
