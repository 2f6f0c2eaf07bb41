// The table connection: one WebSocket speaking protocol 1 (docs/protocol.md).
// It joins or resumes, notices gaps in event versions and resumes with
// `since`, and reconnects by itself, with a growing delay, for as long as the
// page is open. Only a refused join/resume (`auth/bad_token`: the seat is
// gone) or a `bye` stops it.
export const PROTOCOL = 1;

/** Waits before the 1st, 2nd, ... new attempt after a drop (ms). */
export const BACKOFF = [500, 1000, 2000, 4000];
/** After those: one attempt every STEADY[0]–STEADY[1] ms (random jitter), forever. */
export const STEADY = [5000, 8000];
/** How long the connection has to be down before the red "Tap to reconnect". */
export const FAILED_AFTER = 30000;
/** A socket that has not been welcomed by then is given up and tried again. */
export const CONNECT_TIMEOUT = 10000;

/** Errors before `welcome` that are worth another attempt (the others stop). */
const TRANSIENT = new Set(['server/error', 'protocol/rate_limited']);

/** The wait before attempt number `failures` (1 after the first drop). */
export function backoff(failures, random = Math.random) {
  if (failures <= BACKOFF.length) return BACKOFF[Math.max(failures, 1) - 1];
  return Math.round(STEADY[0] + random() * (STEADY[1] - STEADY[0]));
}

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
    this.downSince = null;
    this.timer = null;
    this.openTimer = null;
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

  /** 'reconnecting' (amber) while the drop is recent, 'failed' (red) after FAILED_AFTER. */
  _downStatus() {
    const long = this.downSince !== null && performance.now() - this.downSince >= FAILED_AFTER;
    return long ? 'failed' : 'reconnecting';
  }

  _connect() {
    clearTimeout(this.timer);
    clearTimeout(this.openTimer);
    this.timer = null;
    this.handlers.onStatus(this.failures ? this._downStatus() : 'connecting');
    let ws;
    try {
      ws = new WebSocket(this._url());
    } catch {
      this._dropped();
      return;
    }
    this.ws = ws;
    this.joined = false;
    // A socket stuck in connecting (a network that changed under it) is given up.
    this.openTimer = setTimeout(() => this.ws === ws && !this.joined && ws.close(), CONNECT_TIMEOUT);
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
        this.downSince = null;
        clearTimeout(this.openTimer);
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
      if (msg.type === 'error' && !this.joined && !TRANSIENT.has(msg.code)) {
        // join/resume refused (auth/bad_token: the seat is gone): do not retry it.
        this.closed = true;
      }
      this.handlers.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      clearTimeout(this.openTimer);
      this.ws = null;
      this.joined = false;
      if (this.closed) {
        this.handlers.onStatus('closed');
        return;
      }
      this._dropped();
    };
  }

  /** The socket is gone: say so and try again after the back-off. */
  _dropped() {
    if (this.downSince === null) this.downSince = performance.now();
    this.failures += 1;
    this.handlers.onStatus(this._downStatus());
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this._connect(), backoff(this.failures));
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

  /** Try again now (a tap on the banner, the network back, the tab shown again). */
  retry() {
    if (this.closed || this.ws) return; // stopped for good, or connected / an attempt under way
    this.failures = Math.max(this.failures, 1);
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
    clearTimeout(this.openTimer);
    if (this.ws) this.ws.close();
  }
}
