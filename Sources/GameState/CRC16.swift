// CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor): the share-code
// checksum. It catches every error burst of 16 bits or fewer, which covers any single changed
// or swapped pair of base64 characters.

public enum CRC16 {
    private static let table: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte) << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        return crc
    }

    public static func ccittFalse<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt16 {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc = (crc << 8) ^ table[Int((crc >> 8) ^ UInt16(byte))]
        }
        return crc
    }
}
