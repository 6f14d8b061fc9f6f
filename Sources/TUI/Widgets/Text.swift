// Text that fits its room: wrapped at spaces, shortened with "…" (never cut mid-word without
// it), or split into even pieces for links, which have no spaces and are rejoined on paste.

public enum TextLayout {
    public static let ellipsis: Unicode.Scalar = "…"

    /// Columns the text takes when a Grid draws it (one per drawable character).
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.lazy.filter(Grid.isDrawable).count
    }

    /// The text as is when it fits in `width` columns; otherwise shortened and ended with "…",
    /// at a word break when one is in the last half of the room.
    public static func elide(_ text: String, to width: Int) -> String {
        if self.width(text) <= width { return String(String.UnicodeScalarView(text.unicodeScalars.lazy.filter(Grid.isDrawable))) }
        let scalars = Array(text.unicodeScalars.lazy.filter(Grid.isDrawable))
        return String(String.UnicodeScalarView(elide(scalars, to: width)))
    }

    static func elide(_ scalars: [Unicode.Scalar], to width: Int) -> [Unicode.Scalar] {
        guard scalars.count > width else { return scalars }
        guard width > 1 else { return width == 1 ? [ellipsis] : [] }
        let room = width - 1
        var cut = room
        if let space = scalars[...room].lastIndex(of: " "), space >= room / 2 { cut = space }
        var kept = Array(scalars[..<cut])
        while let last = kept.last, " ,;:·—-".unicodeScalars.contains(last) { kept.removeLast() }
        return kept + [ellipsis]
    }

    /// Word-wraps to lines of at most `width` columns; line breaks in the text start new lines.
    /// A word longer than a line is shortened with "…"; when more than `maxLines` lines would be
    /// needed, the last one shown ends with "…".
    public static func wrap(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func flush() {
            lines.append(current)
            current = ""
            currentWidth = 0
        }
        for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { flush() }
            for word in paragraph.split(separator: " ") {
                var piece = String(word)
                var pieceWidth = self.width(piece)
                if pieceWidth > width {
                    piece = elide(piece, to: width)
                    pieceWidth = width
                }
                if currentWidth > 0 && currentWidth + 1 + pieceWidth > width { flush() }
                current += (currentWidth > 0 ? " " : "") + piece
                currentWidth += (currentWidth > 0 ? 1 : 0) + pieceWidth
            }
        }
        if currentWidth > 0 || lines.isEmpty { lines.append(current) }
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count > maxLines else { return lines }
        let rest = lines[(maxLines - 1)...].joined(separator: " ")
        let last = elide(rest, to: width)
        return Array(lines.prefix(maxLines - 1)) + [last == rest ? elide(rest + " …", to: width) : last]
    }

    /// The first of the candidates (longest first) that fits in `width`; the last, shortened,
    /// when none does.
    public static func first(fitting candidates: [String], width: Int) -> String {
        candidates.first { self.width($0) <= width } ?? elide(candidates.last ?? "", to: width)
    }

    /// Splits text into pieces of at most `width` characters: for links and codes, which have
    /// no spaces to wrap at and which Plume's importer rejoins when they are pasted back.
    public static func chunks(_ text: String, width: Int) -> [String] {
        let characters = Array(text)
        guard width > 0, !characters.isEmpty else { return [text] }
        return stride(from: 0, to: characters.count, by: width).map { String(characters[$0..<min(characters.count, $0 + width)]) }
    }
}

extension Grid {
    /// Draws wrapped text from the top of `rect`, as many lines as fit; returns the lines drawn.
    @discardableResult
    public mutating func paragraph(_ text: String, in rect: Rect, style: Style = .plain) -> Int {
        let lines = TextLayout.wrap(text, width: rect.width, maxLines: rect.height)
        for (index, line) in lines.enumerated() { put(line, in: rect.row(index), style: style) }
        return lines.count
    }
}

extension Grid {
    /// Draws a link or a code in even pieces on the rows it needs (at most `maxLines`, and those
    /// left); when it doesn't fit, the last piece ends in "…". Returns whether all of it is shown.
    @discardableResult
    public mutating func pieces(_ text: String, rows: inout Rows, maxLines: Int = .max, style: Style = .plain) -> Bool {
        let pieces = TextLayout.chunks(text, width: rows.area.width)
        let room = min(maxLines, rows.remaining)
        for (index, piece) in pieces.prefix(room).enumerated() {
            let cut = index == room - 1 && pieces.count > room
            if let row = rows.take() { put(cut ? TextLayout.elide(piece + " …", to: rows.area.width) : piece, in: row, style: style) }
        }
        return pieces.count <= room
    }

    /// Draws wrapped text on the rows it needs (at most `maxLines`, and those left), taking them
    /// from `rows`; returns the lines drawn.
    @discardableResult
    public mutating func paragraph(_ text: String, rows: inout Rows, maxLines: Int = .max, style: Style = .plain) -> Int {
        let lines = TextLayout.wrap(text, width: rows.area.width, maxLines: min(maxLines, rows.remaining))
        for line in lines {
            if let row = rows.take() { put(line, in: row, style: style) }
        }
        return lines.count
    }
}
