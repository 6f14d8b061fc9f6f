// One deadline at a time for one connection, kept by the handler that knows the protocol (HTTP
// parts, SSH messages): `arm` names the phase and the time it may take; if the phase has not
// moved on by then, the connection is closed and the gate counts why. Used on the channel's
// event loop only.
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class DeadlineTimer {
    private let gate: ConnectionGate
    private var scheduled: Scheduled<Void>?
    private var generation = 0

    public init(gate: ConnectionGate) { self.gate = gate }

    /// Closes the connection `seconds` from now unless `arm` or `disarm` is called first; the gate
    /// counts the closure under `phase` when `counted`.
    public func arm(_ phase: ConnectionGate.Closure, seconds: Int, context: ChannelHandlerContext, counted: Bool = true) {
        scheduled?.cancel()
        generation &+= 1
        let armed = generation
        scheduled = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(Int64(seconds))) { [self] in
            guard armed == generation else { return }
            scheduled = nil
            if counted { gate.count(phase) }
            context.close(promise: nil)
        }
    }

    public func disarm() {
        scheduled?.cancel()
        scheduled = nil
        generation &+= 1
    }
}

extension Channel {
    /// Closes with a reset rather than a FIN: the socket leaves no TIME_WAIT behind, which matters
    /// when a flood is being turned away. From any thread; one hop to the channel's event loop at
    /// most (on it, the option is set and the socket closed at once).
    public func closeAbruptly() {
        if eventLoop.inEventLoop {
            resetNow()
        } else {
            eventLoop.execute { self.resetNow() }
        }
    }

    private func resetNow() {
        if let sockets = self as? any SocketOptionProvider {
            _ = sockets.setSoLinger(linger(l_onoff: 1, l_linger: 0))
        }
        close(promise: nil)
    }
}
