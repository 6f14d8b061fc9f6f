// xterm.js for the watch page, from what the operator installed, never from this project:
// Debian's libjs-xterm file when it is a whole browser build; Debian 12's is a stub that loads
// CommonJS modules a browser cannot, so then the modules node-xterm installs are put together
// here into one script — each module's text wrapped in a function, with a `require` that resolves
// the relative names they use. Made once, on first asking.
import Foundation

enum XtermBundle {
    static let browserBuild = "/usr/share/javascript/xterm/xterm.js"
    static let stylesheet = "/usr/share/javascript/xterm/xterm.css"
    static let modules = "/usr/share/nodejs/xterm/lib"
    /// A browser build is far larger than Debian 12's 288-byte stub.
    static let wholeBuildBytes = 50_000

    /// The script, or nil when neither package is installed.
    static var script: [UInt8]? { made }

    private static let made: [UInt8]? = {
        if let data = FileManager.default.contents(atPath: browserBuild), data.count >= wholeBuildBytes { return Array(data) }
        return bundle(modules)
    }()

    static func bundle(_ root: String) -> [UInt8]? {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return nil }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".js"), !path.hasSuffix(".test.js") { files.append(path) }
        }
        guard files.contains("public/Terminal.js") else { return nil }
        var script = "(function () {\nvar sources = {};\n"
        for path in files.sorted() {
            guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { return nil }
            // The module's name as a JSON string; its text as a function's body.
            let name = (try? JSONSerialization.data(withJSONObject: [path])).flatMap { String(data: $0, encoding: .utf8) }.map { String($0.dropFirst().dropLast()) }
            guard let name else { return nil }
            script += "sources[\(name)] = function (module, exports, require) {\n\(text)\n};\n"
        }
        script += loader
        return Array(script.utf8)
    }

    private static let loader = """
        var loaded = {};
        function dirname(path) { var at = path.lastIndexOf('/'); return at < 0 ? '' : path.slice(0, at); }
        function join(base, name) {
          var parts = base ? base.split('/') : [];
          name.split('/').forEach(function (part) { if (part === '..') { parts.pop(); } else if (part !== '.' && part !== '') { parts.push(part); } });
          return parts.join('/');
        }
        function load(path) {
          if (!/\\.js$/.test(path)) { path += '.js'; }
          if (loaded[path]) { return loaded[path].exports; }
          var body = sources[path];
          if (!body) { throw new Error('xterm.js is missing its module ' + path); }
          var module = { exports: {} };
          loaded[path] = module;
          body(module, module.exports, function (name) { return load(join(dirname(path), name)); });
          return module.exports;
        }
        window.Terminal = load('public/Terminal.js').Terminal;
        })();

        """
}
