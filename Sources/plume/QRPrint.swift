// Printing QR codes on standard output: `plume link qr` and `plume share --qr`.
import ArgumentParser
import GameState
import QRCode

extension LinkCommand {
    struct QR: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "qr",
            abstract: "Print a link as a QR code.",
            discussion: """
                Reads LINK, or standard input when LINK is absent, in any form `plume link decode` \
                accepts, and prints the QR code of its canonical plume:// link in half-block \
                characters, black on white whatever the terminal's colours (with the standard \
                four-module quiet zone). Byte mode, error correction M, versions 1–10: a link of \
                more than 213 bytes is refused with the reason. A player link is drawn as its \
                plume://player/ID link (it has no share code).
                """
        )

        @Flag(help: "Encode the bare share code (a smaller symbol; Plume imports it just the same).")
        var code = false

        @Argument(help: "The link or text to read (default: standard input).")
        var link: String?

        func run() throws {
            let imported: ImportedLink
            switch try readPasted(link) {
            case .shared(let shared): imported = shared
            case .player(let player): return try printQR(player.link)
            }
            let link = ShareCode.link(imported.state)
            if !code, link.utf8.count > QRCode.capacity(version: QRCode.maxVersion) {
                throw fail("can't draw a QR code: the link is \(link.utf8.count) bytes, more than a version \(QRCode.maxVersion) symbol holds (\(QRCode.capacity(version: QRCode.maxVersion))); `plume link qr --code` draws the shorter share code.")
            }
            try printQR(code ? ShareCode.encode(imported.state) : link)
        }
    }
}

/// Prints the symbol for `text`, dark modules on a light ground (256-colour black and white
/// set explicitly on every line), then the text itself below it; or exits 1 with the reason.
func printQR(_ text: String) throws {
    let symbol: QRCode
    do {
        symbol = try QRCode.encode(text)
    } catch {
        throw fail("can't draw a QR code: \(error.description)")
    }
    for line in symbol.halfBlockLines() {
        print("\u{1B}[38;5;16;48;5;231m" + line + "\u{1B}[0m")
    }
    print(text)
}
