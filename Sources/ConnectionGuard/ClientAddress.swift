// Who a connection or a request is from, for per-address caps and rate limits. One laptop is one
// IPv4 address or one IPv6 /64 (a host picks any address in its /64 at will). Behind a reverse
// proxy the peer is the proxy: its X-Forwarded-For or Forwarded header names the player, but only
// a proxy the operator named is believed — anyone else could write the header themselves.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum ClientAddress {
    /// The key per-address limits count by: an IPv4 address as it is, an IPv6 address by its /64
    /// prefix (an IPv4-mapped one as its IPv4 address), anything unparsable as it is.
    public static func key(_ address: String) -> String {
        if let v4 = ipv4(address) { return v4 }
        guard var bytes = ipv6(address) else { return address }
        if let v4 = mappedIPv4(bytes) { return v4 }
        for index in 8..<16 { bytes[index] = 0 }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The canonical text of an IP address (brackets, a port or an IPv6 zone removed), or nil when
    /// `text` is not one.
    public static func parse(_ text: String) -> String? {
        var candidate = Substring(text.trimmingSpaces)
        if candidate.hasPrefix("\""), candidate.hasSuffix("\""), candidate.count >= 2 { candidate = candidate.dropFirst().dropLast() }
        func isPort(_ text: Substring) -> Bool { text.count <= 5 && text.allSatisfy(\.isASCIIDigit) }
        if candidate.hasPrefix("[") {
            guard let close = candidate.firstIndex(of: "]") else { return nil }
            let after = candidate[candidate.index(after: close)...]
            guard after.isEmpty || (after.hasPrefix(":") && isPort(after.dropFirst())) else { return nil }
            candidate = candidate[candidate.index(after: candidate.startIndex)..<close]
        } else if candidate.filter({ $0 == ":" }).count == 1 {
            // IPv4 with a port.
            guard let colon = candidate.firstIndex(of: ":"), isPort(candidate[candidate.index(after: colon)...]) else { return nil }
            candidate = candidate[..<colon]
        }
        if let percent = candidate.firstIndex(of: "%") {
            // An IPv6 zone: an interface's name.
            let zone = candidate[candidate.index(after: percent)...]
            guard !zone.isEmpty, zone.count <= 32, zone.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else { return nil }
            candidate = candidate[..<percent]
        }
        // Only an address's own characters: inet_pton reads a C string, which would end at a NUL
        // and take "::\0anything" for "::".
        guard candidate.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isASCIIHexDigit || $0 == ":" || $0 == ".") }) else { return nil }
        let text = String(candidate)
        if let v4 = ipv4(text) { return v4 }
        guard let v6 = ipv6(text) else { return nil }
        if let v4 = mappedIPv4(v6) { return v4 }
        var storage = in6_addr()
        withUnsafeMutableBytes(of: &storage) { raw in for index in 0..<16 { raw[index] = v6[index] } }
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &storage, &out, socklen_t(out.count)) != nil else { return nil }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An address as `parse` writes it, or the text itself when it is not one: the form a peer
    /// is compared in (a dual-stack listener sees an IPv4 client as ::ffff:a.b.c.d).
    public static func canonical(_ text: String) -> String { parse(text) ?? text }

    /// The header a trusted proxy writes. Only that one is read: a proxy passes the other through
    /// as the client sent it, so reading both would let a client name itself.
    public enum ForwardingHeader: String, Sendable, CaseIterable {
        case xForwardedFor = "x-forwarded-for"
        case forwarded
    }

    /// The player's address for a request that arrived from `peer`. Only when `peer` is one of
    /// `trusted` is the forwarding header read (`values`: every field line of it). The chain is
    /// read from the right, past trusted proxies, to the first address that is not one: that is
    /// the player. An entry that is not an address (`unknown`, an obfuscated name) stops the walk
    /// at the proxy that wrote it. Too long a chain is read from its last 32 entries only.
    public static func resolve(peer: String, values: [String], header: ForwardingHeader, trusted: Set<String>) -> String {
        let peer = canonical(peer)
        guard !trusted.isEmpty, trusted.contains(peer) else { return peer }
        let chain: [Substring] = switch header {
        case .xForwardedFor: values.flatMap { $0.split(separator: ",") }
        case .forwarded: values.flatMap { $0.split(separator: ",") }.compactMap(forParameter)
        }
        var reporter = peer
        for entry in chain.suffix(32).reversed() {
            guard let address = parse(String(entry)) else { return reporter }
            guard trusted.contains(address) else { return address }
            reporter = address
        }
        return reporter
    }

    /// The value of `for=` in one element of a Forwarded header.
    private static func forParameter(_ element: Substring) -> Substring? {
        for pair in element.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces.lowercased() == "for" { return Substring(parts[1].trimmingSpaces) }
        }
        return nil
    }

    /// The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), as a dual-stack
    /// listener sees an IPv4 client; nil for any other IPv6 address.
    private static func mappedIPv4(_ bytes: [UInt8]) -> String? {
        guard bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff else { return nil }
        return bytes[12...].map(String.init).joined(separator: ".")
    }

    private static func ipv4(_ text: String) -> String? {
        var storage = in_addr()
        guard !text.isEmpty, text.utf8.count <= 15, inet_pton(AF_INET, text, &storage) == 1 else { return nil }
        return withUnsafeBytes(of: &storage) { $0.map(String.init).joined(separator: ".") }
    }

    private static func ipv6(_ text: String) -> [UInt8]? {
        var storage = in6_addr()
        guard text.contains(":"), text.utf8.count <= 45, inet_pton(AF_INET6, text, &storage) == 1 else { return nil }
        return withUnsafeBytes(of: &storage) { Array($0) }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
