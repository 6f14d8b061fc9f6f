// The server's log lines: text for a person (swift-log's stream handler), or one JSON object per
// line for a log collector. Every line logged while handling a request carries its request id
// (Hummingbird puts it in the request's logger as `hb.request.id`; JSON calls it `request_id`).
import Foundation
import GameState
import Logging
import ServerSettings
import Synchronization

enum ServerLogging {
    private static let done = Mutex(false)

    /// Chooses the format for every logger the process makes; once, before the first logger.
    static func bootstrap(_ format: LogFormat) {
        guard done.withLock({ done in defer { done = true }; return !done }) else { return }
        switch format {
        case .text: LoggingSystem.bootstrap(StreamLogHandler.standardError)
        case .json: LoggingSystem.bootstrap(JSONLogHandler.init)
        }
    }
}

/// Writes `{"time":…,"level":…,"label":…,"message":…, …metadata}` to standard error, one line per
/// event, each with a single write so lines from different threads never interleave.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String) { self.label = label }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { _, new in new } }
        if let extra = event.metadata { fields.merge(extra) { _, new in new } }
        if let error = event.error { fields["error"] = "\(error)" }
        var line = "{\"time\":" + Self.quoted(Self.now()) + ",\"level\":" + Self.quoted(event.level.rawValue)
            + ",\"label\":" + Self.quoted(label) + ",\"message\":" + Self.quoted(event.message.description)
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            let name = key == "hb.request.id" ? "request_id" : key
            guard !["time", "level", "label", "message"].contains(name) else { continue }
            line += "," + Self.quoted(name) + ":" + Self.quoted(value.description)
        }
        line += "}\n"
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { if errno == EINTR { continue } else { return } }
                offset += written
            }
        }
    }

    /// RFC 3339 in UTC with milliseconds.
    static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = time_t(spec.tv_sec), parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(spec.tv_nsec / 1_000_000))
    }

    static func quoted(_ text: String) -> String { SharedStateJSON.string(text) }
}
