// The first handler on a listening channel: an accepted connection that the gate would only
// turn away (its address holds its share, or every place and the overflow are full) is reset
// here, before a pipeline, a task or a protocol handler is built for it. In a flood this is most
// of the work saved. The resets of one read's worth of accepts are sent to each connection's
// event loop together, one wake-up per loop rather than one per connection. The connection
// handler still decides for the ones that pass (two may race for the last place), so this is a
// shortcut, never the only check. Used on the listener's event loop only.
import NIOCore

public final class AcceptFilter: ChannelInboundHandler {
    public typealias InboundIn = any Channel
    public typealias InboundOut = any Channel

    private let gate: ConnectionGate
    /// Connections to reset, by the event loop each belongs to.
    private var turnedAway: [ObjectIdentifier: (loop: any EventLoop, channels: [any Channel])] = [:]

    public init(gate: ConnectionGate) { self.gate = gate }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let accepted = unwrapInboundIn(data)
        guard gate.turnsAway(peer: accepted.remoteAddress?.ipAddress) else {
            context.fireChannelRead(data)
            return
        }
        turnedAway[ObjectIdentifier(accepted.eventLoop), default: (accepted.eventLoop, [])].channels.append(accepted)
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        flush()
        context.fireChannelReadComplete()
    }

    public func handlerRemoved(context: ChannelHandlerContext) { flush() }

    private func flush() {
        for (_, batch) in turnedAway {
            let channels = batch.channels
            if batch.loop.inEventLoop {
                channels.forEach { $0.closeAbruptly() }
            } else {
                batch.loop.execute { channels.forEach { $0.closeAbruptly() } }
            }
        }
        turnedAway.removeAll(keepingCapacity: true)
    }
}
