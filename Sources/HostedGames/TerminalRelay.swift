// The pieces a session channel is joined with: the game's pseudo-terminal (its output to the
// session, with back-pressure), and the answer to a session channel's request, shared by the
// game's and the watchers' sessions.
import NIOCore
import NIOSSH

/// The pseudo-terminal's master side: the game's output goes to the session.
final class TerminalRelay: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let session: GameSession

    init(session: GameSession) { self.session = session }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.fromGame(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.flushToPlayer()
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        session.terminalWritable(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.terminalClosed()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // EIO once the game's side of the terminal is closed: the game has ended.
        context.close(promise: nil)
    }
}

extension ChannelHandlerContext {
    /// Answers a session channel's request, when the client wants an answer.
    func answer(_ wanted: Bool, _ success: Bool) {
        guard wanted else { return }
        if success {
            triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }
}
