// A symbol as text: two module rows per line in half-block characters, drawn dark-on-light —
// the caller paints the foreground dark and the background light, so the code reads the same on
// a black terminal and a white one.

extension QRCode {
    /// The light margin the standard asks for around the symbol, in modules.
    public static let quietZone = 4

    /// Lines of `▀ ▄ █` and spaces, where a drawn half is a dark module; the quiet zone is included.
    public func halfBlockLines(quietZone: Int = QRCode.quietZone) -> [String] {
        let span = size + 2 * quietZone
        var lines: [String] = []
        for top in stride(from: 0, to: span, by: 2) {
            var line = ""
            for column in 0..<span {
                let upper = self[top - quietZone, column - quietZone]
                let lower = self[top + 1 - quietZone, column - quietZone]
                switch (upper, lower) {
                case (true, true): line.append("█")
                case (true, false): line.append("▀")
                case (false, true): line.append("▄")
                case (false, false): line.append(" ")
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// Columns and lines the half-block drawing takes, quiet zone included.
    public static func halfBlockSize(version: Int, quietZone: Int = QRCode.quietZone) -> (width: Int, height: Int) {
        let span = 17 + 4 * version + 2 * quietZone
        return (span, (span + 1) / 2)
    }
}
