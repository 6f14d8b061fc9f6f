import ConnectionGuard
import Testing

/// Limits with these caps. The gate reads only the caps; the deadlines (the HTTP guard's) are any.
private func caps(maxConnections: Int, maxPerAddress: Int, exempt: Set<String> = []) -> ConnectionLimits {
    ConnectionLimits(maxConnections: maxConnections, maxPerAddress: maxPerAddress, headSeconds: 1, minimumBodyRate: 1, idleSeconds: 1,
                     exempt: exempt)
}

@Suite struct ConnectionGateTests {
    @Test func anAddressPastItsShareIsRefusedWhileOthersAreServed() {
        let gate = ConnectionGate(limits: caps(maxConnections: 100, maxPerAddress: 3), overflow: 8)
        let first = (0..<3).map { _ in gate.admit(peer: "127.0.0.2") }
        #expect(first.allSatisfy { if case .served = $0 { true } else { false } })
        #expect(gate.admit(peer: "127.0.0.2") == .refused(key: "127.0.0.2"))
        #expect(gate.admit(peer: "127.0.0.3") == .served(key: "127.0.0.3"))
        // A refused connection holds no place; a released one frees one.
        gate.release(.refused(key: "127.0.0.2"))
        gate.release(first[0])
        #expect(gate.admit(peer: "127.0.0.2") == .served(key: "127.0.0.2"))
        #expect(gate.figures.closed["per_address"] == 1)
        #expect(gate.figures.served == 4)
        #expect(gate.figures.addresses == 2)
    }

    @Test func anIPv6HostCountsByItsSlash64() {
        let gate = ConnectionGate(limits: caps(maxConnections: 100, maxPerAddress: 2), overflow: 8)
        #expect(gate.admit(peer: "2001:db8:1:2::1") == .served(key: "2001:db8:1:2::/64"))
        #expect(gate.admit(peer: "2001:db8:1:2:ffff::9") == .served(key: "2001:db8:1:2::/64"))
        #expect(gate.admit(peer: "2001:db8:1:2:aaaa:bbbb:cccc:dddd") == .refused(key: "2001:db8:1:2::/64"))
        #expect(gate.admit(peer: "2001:db8:1:3::1") == .served(key: "2001:db8:1:3::/64"))
    }

    @Test func trustedProxiesHaveNoShareButCountTowardTheTotal() {
        let gate = ConnectionGate(limits: caps(maxConnections: 4, maxPerAddress: 1, exempt: ["10.0.0.9"]), overflow: 8)
        let proxied = (0..<4).map { $0 % 2 == 0 ? gate.admit(peer: "10.0.0.9") : gate.admit(peer: "::ffff:10.0.0.9") }
        #expect(proxied.allSatisfy { if case .served = $0 { true } else { false } })
        #expect(gate.isSaturated)
        #expect(gate.admit(peer: "10.0.0.9") == .overflow(key: "10.0.0.9"))
    }

    @Test func pastTheServedCapConnectionsOverflowThenAreShedAndPastTheCeilingAcceptingPauses() {
        let gate = ConnectionGate(limits: caps(maxConnections: 2, maxPerAddress: 100), overflow: 1)
        #expect(gate.ceiling == 4)
        for _ in 0..<4 { gate.accepted() }
        #expect(!gate.isAccepting)
        #expect(!gate.isAccepting)
        #expect(gate.figures.acceptPauses == 1)  // one pause, asked twice
        let admissions = (0..<4).map { _ in gate.admit(peer: "127.0.0.5") }
        #expect(admissions == [.served(key: "127.0.0.5"), .served(key: "127.0.0.5"), .overflow(key: "127.0.0.5"), .refused(key: "127.0.0.5")])
        #expect(gate.figures.closed["shed"] == 1)
        gate.release(admissions[3])
        gate.closed()
        #expect(gate.isAccepting)
        #expect(gate.figures.overflowing == 1)
        gate.release(admissions[2])
        gate.closed()
        #expect(gate.isSaturated)
        gate.release(admissions[0])
        gate.closed()
        #expect(!gate.isSaturated)
        #expect(gate.figures.open == 1)
    }

    @Test func capsAlwaysLeaveDescriptorsFreeUnderTheFileLimit() {
        for limit in [64, 256, 1024, 4096, 20_000, 1_048_576] {
            for wished in [8, 100, 4096, 1_000_000] {
                let fitted = caps(maxConnections: wished, maxPerAddress: 64).fitted(toFileLimit: limit)
                let ceiling = ConnectionGate(limits: fitted.limits, overflow: fitted.overflow).ceiling
                if limit >= 512 {
                    #expect(ceiling <= limit - ConnectionLimits.headroom(forFileLimit: limit), "limit \(limit), wished \(wished)")
                }
                #expect(fitted.limits.maxConnections <= max(8, wished))
                #expect(fitted.clamped == (fitted.limits.maxConnections < wished))
                #expect(fitted.overflow >= 8)
            }
        }
        // Plenty of descriptors: the wish stands.
        #expect(caps(maxConnections: 4096, maxPerAddress: 64).fitted(toFileLimit: 1_048_576).limits.maxConnections == 4096)
    }

    @Test func aBodyMayTakeTheHeadTimeoutPlusItsLengthAtTheMinimumRate() {
        let limits = ConnectionLimits(maxConnections: 100, maxPerAddress: 1, headSeconds: 10, minimumBodyRate: 1024, idleSeconds: 1)
        #expect(limits.bodySeconds(declared: 0, cap: 16_384) == 10)
        #expect(limits.bodySeconds(declared: 1, cap: 16_384) == 11)
        #expect(limits.bodySeconds(declared: 4096, cap: 16_384) == 14)
        #expect(limits.bodySeconds(declared: nil, cap: 16_384) == 26)
        #expect(limits.bodySeconds(declared: 1 << 40, cap: 16_384) == 26)
    }
}

@Suite struct ClientAddressTests {
    @Test func addressesAreReadInEveryUsualSpelling() {
        #expect(ClientAddress.parse("203.0.113.7") == "203.0.113.7")
        #expect(ClientAddress.parse(" 203.0.113.7:4711 ") == "203.0.113.7")
        #expect(ClientAddress.parse("\"[2001:DB8::1]:4711\"") == "2001:db8::1")
        #expect(ClientAddress.parse("fe80::1%eth0") == "fe80::1")
        // "::\0…" and "1.2.3.4\0…" were read as :: and 1.2.3.4 (the C parser stops at the NUL): found by fuzzing.
        for junk in ["unknown", "_hidden", "", "999.1.1.1", "1.2.3", "[::1", "localhost", "1.2.3.4.5", "::\0_hidden", "1.2.3.4\0x", "::1\n",
                     "127.0.0.1%:0\0=", "1.2.3.4:port", "[::1]x", "fe80::1%", "fe80::1%eth0\0"] {
            #expect(ClientAddress.parse(junk) == nil, "\(junk)")
        }
        #expect(ClientAddress.key("::ffff:198.51.100.4") == "198.51.100.4")
        #expect(ClientAddress.parse("::ffff:198.51.100.4") == "198.51.100.4")
    }

    @Test func forwardingHeadersAreBelievedOnlyFromTrustedProxies() {
        let trusted: Set<String> = ["10.0.0.1", "10.0.0.2"]
        func xff(_ peer: String, _ values: [String]) -> String {
            ClientAddress.resolve(peer: peer, values: values, header: .xForwardedFor, trusted: trusted)
        }
        // Not a proxy: the header is the client's own words, ignored.
        #expect(xff("198.51.100.9", ["1.1.1.1"]) == "198.51.100.9")
        // A proxy: the rightmost address that is not a proxy; a spoofed left part changes nothing.
        #expect(xff("10.0.0.1", ["6.6.6.6, 203.0.113.7, 10.0.0.2"]) == "203.0.113.7")
        #expect(xff("10.0.0.1", ["6.6.6.6", "203.0.113.7"]) == "203.0.113.7")
        // A dual-stack listener's view of an IPv4 proxy is the same proxy.
        #expect(xff("::ffff:10.0.0.1", ["203.0.113.7"]) == "203.0.113.7")
        // Forwarded, when that is the header the proxies write: for= read with quotes, brackets and ports.
        #expect(ClientAddress.resolve(peer: "10.0.0.1", values: ["for=192.0.2.60;proto=http;by=203.0.113.43, For=\"[2001:db8:cafe::17]:4711\""],
                                      header: .forwarded, trusted: trusted) == "2001:db8:cafe::17")
        // A name that is not an address stops at the proxy that wrote it.
        #expect(xff("10.0.0.1", ["203.0.113.7, unknown, 10.0.0.2"]) == "10.0.0.2")
        // Nothing forwarded: the proxy itself.
        #expect(xff("10.0.0.1", []) == "10.0.0.1")
        // Only proxies in the chain: the leftmost.
        #expect(xff("10.0.0.1", ["10.0.0.2"]) == "10.0.0.2")
        // A chain of thousands is read from its end only.
        let long = Array(repeating: "10.0.0.2", count: 5000).joined(separator: ",")
        #expect(xff("10.0.0.1", ["203.0.113.7," + long]) == "10.0.0.2")
    }
}
