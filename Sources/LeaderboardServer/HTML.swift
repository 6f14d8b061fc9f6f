// Server-rendered pages: every outside string escaped, no scripts (the CSP forbids them), one
// small stylesheet inline, readable on a phone.

enum HTML {
    /// Escapes text for HTML and XML alike (the TopScores.xml feed uses it too).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control and bidi-formatting characters are dropped, as in the terminal, and so are
                // the two code points XML 1.0 cannot carry at all.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                    || scalar.properties.generalCategory == .format { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) · Plume</title>
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f6f3ee;color:#222;line-height:1.45}
        main{max-width:40rem;margin:0 auto;padding:1rem}
        h1{font-size:1.5rem;margin:.5rem 0}
        .figure{display:block;width:min(100%,20rem);height:auto;margin:1rem auto;image-rendering:pixelated;border-radius:.5rem;background:#fff}
        .card{background:#fff;border-radius:.75rem;padding:1rem;margin:1rem 0;box-shadow:0 1px 3px #0002}
        code,.code{font-family:ui-monospace,Menlo,monospace;word-break:break-all;background:#f0ece4;padding:.1rem .3rem;border-radius:.25rem}
        table{width:100%;border-collapse:collapse}td,th{padding:.35rem;text-align:left;border-bottom:1px solid #eee}
        td.n{text-align:right;font-variant-numeric:tabular-nums}
        a{color:#6b3fa0}
        .muted{color:#666;font-size:.9rem}
        </style>
        </head>
        <body><main>
        \(body)
        <p class="muted">Plume is a dress-up and swarm game for the terminal.</p>
        </main></body>
        </html>
        """
    }
}
