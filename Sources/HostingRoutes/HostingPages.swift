// The hosting feature's templates — the home page's card on playing over SSH, and the watch
// pages — and the one script those pages run (served from /assets/watch.js, so the page's
// Content-Security-Policy allows this server's scripts and nothing inline). The script draws with
// the operator's xterm.js and writes only text the game drew; what it says itself goes through
// textContent.
import LeaderboardServer

enum HostingPages {
    /// Drawn in the leaderboard pages' layout.
    static let templates = PageTemplates(["playHere": playHere, "watchList": watchList, "watch": watch])

    /// The home page's card: how to play and watch, the key to expect, and the key announced to
    /// come next.
    static let playHere = """
        <div class="card"><h2>Play here, nothing to install</h2>
        <p><code>{{command}}</code> opens the game in your terminal; your SSH key is your player.</p>
        <p class="muted">On first connecting, check that ssh shows this server's key fingerprint: <code>{{fingerprint}}</code>
        (its known_hosts line: <code>{{knownHosts}}</code>)</p>
        {{#next}}<p class="muted">This server will soon change its key to <code>{{fingerprint}}</code>. Add its line to your
        known_hosts now and ssh won't warn you when it does: <code>{{knownHosts}}</code></p>{{/next}}
        <p><a href="/watch">Watch the games being played now</a>, here or in a terminal: <code>{{watch}}</code></p></div>
        """

    static let watchList = """
        {{<layout}}{{$title}}Watch a game{{/title}}{{$body}}
        <h1>Games being played now</h1>
        <div class="card">{{#none}}<p>Nobody is playing just now. Come back later, or play yourself.</p>{{/none}}
        {{^none}}<table><tr><th>Player</th><th>Screen</th><th>Playing</th><th>Idle</th><th>Watching</th></tr>
        {{#games}}<tr><td><a href="/watch/{{id}}">{{name}}</a></td><td>{{screen}}</td><td>{{playing}}</td><td>{{idle}}</td><td class="n">{{watchers}}</td></tr>
        {{/games}}</table>{{/none}}</div>
        <div class="card"><p>In a terminal: <code>{{ssh}}</code> opens the same list. Watchers see the game as it is drawn and
        never type into it; a player may choose not to be watched, in the game or with <code>PUT /v1/players/me/settings</code>.</p></div>
        {{/body}}{{/layout}}
        """

    static let watch = """
        {{<layout}}{{$title}}Watching {{name}}{{/title}}{{$width}}wide{{/width}}{{$body}}
        <h1>Watching {{name}}</h1>
        {{#xterm}}<link rel="stylesheet" href="/assets/xterm/xterm.css">
        <p id="status" class="muted" role="status" aria-live="polite">Connecting…</p>
        <div id="terminal" data-player="{{id}}" data-columns="{{columns}}" data-rows="{{rows}}"></div>
        <script src="/assets/xterm/xterm.js"></script><script src="/assets/watch.js"></script>{{/xterm}}
        {{^xterm}}<div class="card"><p>This server can't show games in the browser: xterm.js isn't installed on it
        (the operator can install Debian's <code>node-xterm</code> package, which brings <code>libjs-xterm</code>). You can watch in a terminal instead:
        <code>{{ssh}}</code></p></div>{{/xterm}}
        <p class="muted"><a href="/watch">Every game being played now</a> · in a terminal: <code>{{ssh}}</code></p>
        {{/body}}{{/layout}}
        """
}

extension WatchRoutes {
    static let script = """
        (function () {
          var box = document.getElementById('terminal');
          var status = document.getElementById('status');
          if (!box || !status) { return; }
          if (typeof Terminal === 'undefined') { status.textContent = 'xterm.js did not load, so the game cannot be shown here.'; return; }
          var term = new Terminal({ cols: Number(box.dataset.columns) || 80, rows: Number(box.dataset.rows) || 24,
                                    disableStdin: true, cursorBlink: false, scrollback: 0, rendererType: 'dom',
                                    screenReaderMode: true });
          term.open(box);
          var decoder = new TextDecoder('utf-8');
          var ended = false;
          var scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
          var socket = new WebSocket(scheme + '//' + location.host + '/watch/' + encodeURIComponent(box.dataset.player) + '/live');
          socket.binaryType = 'arraybuffer';
          socket.onmessage = function (event) {
            if (typeof event.data !== 'string') {
              term.write(decoder.decode(new Uint8Array(event.data), { stream: true }));
              return;
            }
            var message = {};
            try { message = JSON.parse(event.data); } catch (e) { return; }
            if (message.columns && message.rows) {
              term.resize(message.columns, message.rows);
              status.textContent = 'Watching ' + message.name + ' live' + (message.screen ? ' (' + message.screen + ')' : '') + '. You can\\'t type into the game.';
            }
            if (message.ended) { ended = true; status.textContent = 'Watching ended: ' + message.ended; }
          };
          socket.onclose = function () { if (!ended) { status.textContent = 'The connection to the server closed.'; } };
        })();
        """
}
