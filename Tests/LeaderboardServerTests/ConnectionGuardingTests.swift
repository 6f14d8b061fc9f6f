// The HTTP connection guard on an embedded channel with its own clock: each deadline closes the
// connection at its time and not before; an address past its share is closed at once; an
// overflow connection is told 503 with Retry-After but its health probe is answered.
import ConnectionGuard
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import LeaderboardServer

/// The server's default connection limits (its settings' deadlines) with these caps.
func defaultLimits(maxConnections: Int, maxPerAddress: Int) -> ConnectionLimits {
    var limits = ServerConfiguration().connections
    limits.maxConnections = maxConnections
    limits.maxPerAddress = maxPerAddress
    return limits
}

@Suite struct ConnectionGuardingTests {
    let limits = ConnectionLimits(maxConnections: 2, maxPerAddress: 2, headSeconds: 5, minimumBodyRate: 1000, idleSeconds: 30)

    func connect(_ gate: ConnectionGate, from address: String = "127.0.0.2") throws -> EmbeddedChannel {
        // Connected first (an embedded connect takes the address it is given as the peer's), then
        // given the client's address, then guarded, as an accepted channel is set up.
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8787)).wait()
        channel.remoteAddress = try SocketAddress(ipAddress: address, port: 40_000)
        try channel.pipeline.syncOperations.addHandler(HTTPConnectionGuard(gate: gate))
        return channel
    }

    func head(_ path: String, _ fields: HTTPFields = [:]) -> HTTPRequestPart {
        .head(HTTPRequest(method: .get, scheme: nil, authority: "localhost", path: path, headerFields: fields))
    }

    @Test func aHeadThatNeverCompletesIsClosedAtItsDeadline() throws {
        let gate = ConnectionGate(limits: limits, overflow: 8)
        let channel = try connect(gate)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(4_990))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(20))
        #expect(!channel.isActive)
        #expect(gate.figures.closed["head"] == 1)
        #expect(gate.figures.served == 0)
    }

    @Test func aBodyGetsTheHeadTimeoutPlusItsLengthAtTheMinimumRate() throws {
        let gate = ConnectionGate(limits: limits, overflow: 8)
        let channel = try connect(gate)
        try channel.writeInbound(head("/v1/players", [.contentLength: "3000"]))
        let readChannel = try channel.readInbound(as: HTTPRequestPart.self)
        #expect(readChannel != nil)
        channel.embeddedEventLoop.advanceTime(by: .seconds(7))  // past the head timeout, within 5 + 3
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_010))
        #expect(!channel.isActive)
        #expect(gate.figures.closed["body"] == 1)
    }

    @Test func anAnswerHasTheIdleTimeToBeWrittenAndThenIdleTimeRuns() throws {
        let gate = ConnectionGate(limits: limits, overflow: 8)
        let channel = try connect(gate)
        try channel.writeInbound(head("/v1/boards"))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive)
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive)
        // The next request on the kept-alive connection starts anew.
        try channel.writeInbound(head("/v1/boards"))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
        #expect(gate.figures.closed["idle"] == 1)
        #expect(gate.figures.served == 0)
    }

    @Test func anAnswerNeverWrittenIsClosedAtTheResponseDeadline() throws {
        let gate = ConnectionGate(limits: limits, overflow: 8)
        let channel = try connect(gate)
        try channel.writeInbound(head("/v1/boards"))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        channel.embeddedEventLoop.advanceTime(by: .seconds(31))
        #expect(!channel.isActive)
        #expect(gate.figures.closed["response"] == 1)
    }

    @Test func aRefusalWrittenBeforeTheBodyArrivedLeavesTheConnectionIdleNotUnwatched() throws {
        let gate = ConnectionGate(limits: limits, overflow: 8)
        let channel = try connect(gate)
        try channel.writeInbound(head("/v1/players", [.contentLength: "10"]))
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .tooManyRequests)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "0123456789")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
        #expect(gate.figures.closed["idle"] == 1)
    }

    @Test func anAddressPastItsShareIsClosedAtOnce() throws {
        let gate = ConnectionGate(limits: defaultLimits(maxConnections: 10, maxPerAddress: 1), overflow: 8)
        let first = try connect(gate)
        let second = try connect(gate)
        #expect(first.isActive)
        #expect(!second.isActive)
        #expect(gate.figures.closed["per_address"] == 1)
        let other = try connect(gate, from: "127.0.0.3")
        #expect(other.isActive)
    }

    @Test func pastTheCapARequestIsAnswered503ButAProbeIsServed() throws {
        let gate = ConnectionGate(limits: limits, overflow: 8)
        let served = [try connect(gate, from: "127.0.0.2"), try connect(gate, from: "127.0.0.3")]
        let allActive = served.allSatisfy { $0.isActive }
        #expect(allActive)
        let busy = try connect(gate, from: "127.0.0.4")
        try busy.writeInbound(head("/v1/boards/style-today/top"))
        let readBusy = try busy.readInbound(as: HTTPRequestPart.self)
        #expect(readBusy == nil)  // never reaches the router
        guard case .head(let response) = try busy.readOutbound(as: HTTPResponsePart.self) else { Issue.record("no head"); return }
        #expect(response.status == .serviceUnavailable)
        #expect(response.headerFields[.retryAfter] == "2")
        guard case .body(let body) = try busy.readOutbound(as: HTTPResponsePart.self) else { Issue.record("no body"); return }
        #expect(String(buffer: body).contains("\"overloaded\""))
        busy.embeddedEventLoop.advanceTime(by: .milliseconds(2_100))  // what the client still sends is drained, briefly
        #expect(!busy.isActive)

        let probe = try connect(gate, from: "127.0.0.5")
        try probe.writeInbound(head("/healthz"))
        let readProbe = try probe.readInbound(as: HTTPRequestPart.self)
        #expect(readProbe != nil)
        try probe.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try probe.writeOutbound(HTTPResponsePart.end(nil))
        #expect(!probe.isActive)  // answered, then closed: the overflow place is given back
        #expect(gate.figures.overflowing == 0)
    }
}

/// The listener's first handler resets what the gate would only turn away, before any HTTP
/// pipeline is built, and passes the rest on.
@Suite struct AcceptFilterTests {
    @Test func connectionsPastTheirShareAreResetBeforeTheirPipelineIsBuilt() throws {
        let gate = ConnectionGate(limits: defaultLimits(maxConnections: 10, maxPerAddress: 1), overflow: 8)
        #expect(gate.admit(peer: "127.0.0.2") == .served(key: "127.0.0.2"))
        let listener = EmbeddedChannel()
        try listener.pipeline.syncOperations.addHandler(AcceptFilter(gate: gate))

        func accept(from address: String) throws -> EmbeddedChannel {
            let child = EmbeddedChannel(loop: listener.embeddedEventLoop)
            try child.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8787)).wait()
            child.remoteAddress = try SocketAddress(ipAddress: address, port: 40_000)
            listener.pipeline.fireChannelRead(child as any Channel)
            return child
        }
        let overShare = try accept(from: "127.0.0.2")
        let other = try accept(from: "127.0.0.3")
        listener.pipeline.fireChannelReadComplete()
        listener.embeddedEventLoop.run()
        #expect(!overShare.isActive)
        #expect(other.isActive)
        let passed = try listener.readInbound(as: (any Channel).self)
        #expect(passed.map { $0 === other } == true)
        let nothingElse = try listener.readInbound(as: (any Channel).self)
        #expect(nothingElse == nil)
        #expect(gate.figures.closed["per_address"] == 1)
    }
}
