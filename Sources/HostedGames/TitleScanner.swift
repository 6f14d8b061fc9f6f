// Reads the screen a hosted game is on from its output: the game sets the terminal title to
// "Plume · Studio" (OSC 2) when its player moves. The scanner follows the title sequence across
// reads, keeps at most 64 bytes of one, and takes only the game's own form.
struct TitleScanner {
    private enum State { case text, escape, osc, oscTwo, title }
    private var state = State.text
    private var collected: [UInt8] = []
    static let prefix = Array("Plume · ".utf8)

    /// The screen named by the last title in `bytes`, if any.
    mutating func scan(_ bytes: some Sequence<UInt8>) -> String? {
        var found: String?
        for byte in bytes {
            switch state {
            case .text: if byte == 0x1B { state = .escape }
            case .escape: state = byte == UInt8(ascii: "]") ? .osc : byte == 0x1B ? .escape : .text
            case .osc: state = byte == UInt8(ascii: "2") ? .oscTwo : .text
            case .oscTwo:
                state = byte == UInt8(ascii: ";") ? .title : .text
                collected = []
            case .title:
                if byte == 0x07 || byte == 0x1B {
                    if collected.starts(with: Self.prefix) {
                        let name = String(decoding: collected.dropFirst(Self.prefix.count), as: UTF8.self)
                        if !name.isEmpty, name.count <= 16, name.allSatisfy({ $0.isLetter }) { found = name }
                    }
                    state = byte == 0x1B ? .escape : .text
                } else if collected.count < 64 {
                    collected.append(byte)
                } else {
                    state = .text
                }
            }
        }
        return found
    }
}
