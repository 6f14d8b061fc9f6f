// FNV-1a, 64 bits: a stable hash of text, the same in every process and on every machine (Swift's
// own hashing is seeded per process). Seeds derived from names use it.
public enum FNV1a {
    public static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
