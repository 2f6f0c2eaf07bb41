// The table connection: one WebSocket speaking protocol 1 (docs/protocol.md).
// It joins or resumes, notices gaps in event versions and resumes with
// `since`, and reconnects by itself with a growing delay.
export const PROTOCOL = 1;

const DELAYS = [300, 1000, 2000, 4000, 8000];

export class TableConnection {
  /**
   * @param {string} code the table code
   * @param {object} handlers onMessage(msg), onStatus(status), lastVersion()
   */
  constructor(code, handlers) {
    this.code = code;
    this.handlers = handlers;
    this.ws = null;
    this.first = null;
    this.failures = 0;
    this.timer = null;
    this.closed = false;
    this.joined = false;
    this.refs = 0;
  }

  /** Start with a join message (no token yet) or a resume with `token`. */
  open(first) {
    this.first = first;
    this.closed = false;
    this._connect();
  }

  _url() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/ws`;
  }

  _connect() {
    clearTimeout(this.timer);
    this.handlers.onStatus(this.failures ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(this._url());
    this.ws = ws;
    this.joined = false;
    ws.onopen = () => {
      const first = { ...this.first, protocol: PROTOCOL, table: this.code };
      if (first.type === 'resume') {
        const since = this.handlers.lastVersion();
        if (since) first.since = since;
      }
      ws.send(JSON.stringify(first));
    };
    ws.onmessage = (frame) => {
      let msg;
      try {
        msg = JSON.parse(frame.data);
      } catch {
        return;
      }
      if (msg.type === 'welcome') {
        this.joined = true;
        this.failures = 0;
        if (msg.you && msg.you.token) this.first = { type: 'resume', token: msg.you.token };
        this.handlers.onStatus('open');
      }
      if (msg.type === 'event' && this.joined) {
        const last = this.handlers.lastVersion();
        if (last && msg.version > last + 1) {
          // A gap: something was missed; resume with `since` on a new socket.
          this._restart();
          return;
        }
        if (last && msg.version <= last) return;
      }
      if (msg.type === 'bye' && msg.reason !== 'shutdown') this.closed = true;
      if (msg.type === 'error' && !this.joined) {
        // join/resume refused: do not retry with the same message.
        this.closed = true;
      }
      this.handlers.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.joined = false;
      if (this.closed) {
        this.handlers.onStatus('closed');
        return;
      }
      this.failures += 1;
      if (this.failures > DELAYS.length) {
        this.handlers.onStatus('failed');
        return;
      }
      this.handlers.onStatus('reconnecting');
      this.timer = setTimeout(() => this._connect(), DELAYS[this.failures - 1]);
    };
  }

  _restart() {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    this._connect();
  }

  /** Try again now (the "Tap to reconnect" banner). */
  retry() {
    this.failures = 1;
    this.closed = false;
    this._connect();
  }

  /** Send a message; returns its ref, or null when not connected. */
  send(msg) {
    if (!this.ws || !this.joined || this.ws.readyState !== WebSocket.OPEN) return null;
    this.refs += 1;
    const ref = `r${this.refs}`;
    this.ws.send(JSON.stringify({ ...msg, ref }));
    return ref;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
