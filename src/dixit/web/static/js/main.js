// The app: routes, the one store, what to do with each server message, and
// the actions the screens call. Everything "already done" (a hand-in, a vote)
// comes from the server's view of the game; this file only remembers which
// message it is waiting on, to lock the buttons and undo the lock on refusal.
import { h, render } from 'preact';
import htm from 'htm';
import { pickLang, setLang, t, safeGet, safeSet } from './i18n.js';
import { TableConnection } from './net.js';
import { App } from './screens.js';

const html = htm.bind(h);
const root = document.getElementById('app');
root.textContent = ''; // the "Dixit…" placeholder of the shell: Preact renders into an empty box

const S = {
  route: parseRoute(),
  status: 'idle',
  summary: null,
  needJoin: false,
  you: null,
  table: null,
  game: null,
  history: [],
  timer: null,
  chat: [],
  unread: 0,
  chatOpen: false,
  version: 0,
  gameVersion: 0,
  pending: null,
  notice: null,
  missed: null,
  deck: null,
  ended: null,
  lang: 'en',
  nudge: safeGet('dixit.nudge') === '1',
};

let conn = null;
let scheduled = false;

function update(patch) {
  Object.assign(S, patch);
  if (!scheduled) {
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      draw();
    });
  }
}

let wakeLock = null;

/** Keep the screen awake while a game runs (where the browser allows it). */
function keepAwake(playing) {
  if (playing && !wakeLock && !document.hidden && navigator.wakeLock) {
    wakeLock = navigator.wakeLock.request('screen').catch(() => null);
  } else if (!playing && wakeLock) {
    wakeLock.then((lock) => lock && lock.release()).catch(() => {});
    wakeLock = null;
  }
}

let audio = null;
let wasMyTurn = false;

/** "Your turn": a short vibration and two soft notes, when the player asked for them. */
function nudge() {
  if (!S.nudge) return;
  if (navigator.vibrate) navigator.vibrate(120);
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    [660, 880].forEach((pitch, i) => {
      const at = now + i * 0.14;
      const tone = audio.createOscillator();
      const level = audio.createGain();
      tone.frequency.value = pitch;
      level.gain.setValueAtTime(0.0001, at);
      level.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
      level.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      tone.connect(level).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.32);
    });
  } catch {
    /* no sound on this device */
  }
}

function draw() {
  render(html`<${App} s=${S} A=${A} />`, root);
  keepAwake(!!(S.game && S.game.phase !== 'game_over'));
  const game = S.game;
  const myTurn = !!(game && game.choice && !S.pending);
  if (myTurn && !wasMyTurn) nudge();
  wasMyTurn = myTurn;
  const base = S.route.code ? `Dixit · ${S.route.code}` : 'Dixit';
  document.title = myTurn && document.hidden ? `● ${t('title.your_turn')} · ${base}` : base;
}

function parseRoute() {
  const path = location.pathname;
  let m = path.match(/^\/t\/([A-Za-z0-9]{4,12})\/?$/);
  if (m) return { page: 'table', code: m[1].toUpperCase() };
  m = path.match(/^\/tv\/([A-Za-z0-9]{4,12})\/?$/);
  if (m) return { page: 'tv', code: m[1].toUpperCase() };
  if (path.startsWith('/demo')) return { page: 'demo', code: null };
  return { page: 'home', code: null };
}

const seatKey = (code) => `dixit.seat.${code}`;

function savedSeat(code) {
  try {
    return JSON.parse(safeGet(seatKey(code)) || 'null');
  } catch {
    return null;
  }
}

function saveSeat(code, seat) {
  safeSet(seatKey(code), seat ? JSON.stringify(seat) : null);
}

// Codes whose server message holds what the player needs to know (which rule
// was broken, how long is left, which player counts are allowed): the
// translated sentence comes with the server's words as a detail line.
const DETAILED = new Set([
  'action/illegal', 'action/malformed', 'member/not_away', 'lobby/player_count',
  'table/bad_settings', 'protocol/invalid', 'request/invalid',
]);

/** A notice for an error: the translated sentence, and the server's detail when it matters. */
function errorNotice(code, message) {
  const key = `err.${code}`;
  const text = t(key);
  if (text === key) return { kind: 'error', text: message || code }; // a code this client does not know
  const detail = DETAILED.has(code) && message ? message : null;
  return { kind: 'error', text, detail };
}

// ---- server messages -------------------------------------------------------

function onMessage(msg) {
  if (msg.type === 'welcome') {
    if (msg.you && msg.you.token) {
      saveSeat(S.route.code, { token: msg.you.token, player_id: msg.you.player_id });
    }
    const game = msg.game;
    update({
      you: msg.you,
      table: msg.table,
      game,
      history: game && game.history ? game.history : [],
      timer: msg.timer ? { ...msg.timer, at: performance.now() } : null,
      chat: msg.chat || [],
      version: msg.version,
      gameVersion: msg.phase_version,
      pending: null,
      needJoin: false,
      missed: msg.missed && msg.missed.length ? msg.missed : null,
    });
    loadDeck();
    return;
  }
  if (msg.type === 'event') {
    const patch = { version: msg.version, gameVersion: msg.phase_version };
    if (msg.table) patch.table = msg.table;
    if ('game' in msg) {
      patch.game = msg.game;
      patch.timer = msg.timer ? { ...msg.timer, at: performance.now() } : null;
      if (msg.game === null) patch.history = [];
    }
    if (msg.recap) {
      patch.history = [...S.history.filter((r) => r.number !== msg.recap.number), msg.recap];
    }
    const ev = msg.event || {};
    if (ev.kind === 'chat') {
      patch.chat = [...S.chat, { version: msg.version, ...ev }].slice(-100);
      if (!S.chatOpen && ev.player_id !== (S.you && S.you.player_id)) patch.unread = S.unread + 1;
    }
    if (ev.kind === 'started') patch.history = [];
    if (S.pending && S.pending.kind === 'act' && 'game' in msg) {
      // The move is done when the server's view no longer asks it of us.
      const choice = msg.game && msg.game.choice;
      const asked = S.pending.msg.action.type;
      if (!choice || choice.kind !== asked || ev.kind === 'next_round') patch.pending = null;
    } else if (S.pending && S.pending.kind !== 'act' && (msg.table || 'game' in msg)) {
      patch.pending = null;
    }
    update(patch);
    if (msg.table) loadDeck();
    return;
  }
  if (msg.type === 'presence') {
    if (!S.table) return;
    const members = S.table.members.map((m) =>
      m.player_id === msg.player_id
        ? { ...m, online: msg.online, away_ms: msg.online ? null : msg.away_ms }
        : m,
    );
    update({ table: { ...S.table, members } });
    return;
  }
  if (msg.type === 'error') {
    onError(msg);
    return;
  }
  if (msg.type === 'bye') {
    if (msg.reason === 'removed' || msg.reason === 'left') {
      saveSeat(S.route.code, null);
      update({ ended: msg.reason, table: null, game: null });
    }
  }
}

function onError(msg) {
  if (msg.code === 'auth/bad_token' || msg.code === 'member/removed') {
    // The seat is gone (removed, or left from another device): join again.
    saveSeat(S.route.code, null);
    if (conn) conn.close();
    conn = null;
    update({ needJoin: true, status: 'idle', you: null, table: null, game: null, notice: errorNotice(msg.code, msg.message) });
    loadSummary();
    return;
  }
  if (!S.you) {
    // join refused (name, full, started, not found)
    if (conn) conn.close();
    conn = null;
    update({ status: 'idle', notice: errorNotice(msg.code, msg.message) });
    if (msg.code === 'table/started' || msg.code === 'table/full') loadSummary();
    return;
  }
  const pending = S.pending;
  if (pending && msg.ref === pending.ref) {
    if (msg.code === 'action/stale_version' && pending.kind === 'act' && pending.retries < 3) {
      // Someone else moved first; if our move still fits, send it again.
      if (stillLegal(pending.msg.action)) {
        const again = { ...pending.msg, version: S.version };
        const ref = conn && conn.send(again);
        if (ref) {
          update({ pending: { ...pending, ref, msg: again, retries: pending.retries + 1 } });
          return;
        }
      }
    }
    update({ pending: null, notice: errorNotice(msg.code, msg.message) });
    return;
  }
  update({ notice: errorNotice(msg.code, msg.message) });
}

function stillLegal(action) {
  const choice = S.game && S.game.choice;
  if (!choice) return false;
  const kinds = { tell: 'tell', hand_in: 'hand_in', vote: 'vote' };
  if (choice.kind !== kinds[action.type]) return false;
  const cards = action.type === 'tell' ? (action.card ? [action.card] : []) : action.cards;
  return cards.every((c) => choice.cards.includes(c));
}

function onStatus(status) {
  update({ status });
}

// ---- connecting ------------------------------------------------------------

function connect(first) {
  if (conn) conn.close();
  conn = new TableConnection(S.route.code, {
    onMessage,
    onStatus,
    lastVersion: () => S.version,
  });
  conn.open(first);
}

async function loadSummary() {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(S.route.code)}`);
    const body = await res.json();
    update({ summary: res.ok ? body : { error: body.error ? body.error.code : 'table/not_found' } });
  } catch {
    update({ summary: { error: 'network' } });
  }
}

let deckLoading = null;
async function loadDeck() {
  const id = S.table && S.table.deck;
  if (!id || (S.deck && S.deck.id === id) || deckLoading === id) return;
  deckLoading = id;
  try {
    const res = await fetch(`/api/decks/${encodeURIComponent(id)}`);
    if (!res.ok) return;
    const body = await res.json();
    const cards = {};
    for (const c of body.cards) cards[c.id] = c;
    update({ deck: { id, title: body.title, cards } });
  } catch {
    /* cards are drawn without pictures */
  } finally {
    deckLoading = null;
  }
}

function importHashToken() {
  const m = location.hash.match(/token=([A-Za-z0-9_-]{16,64})/);
  if (!m || !S.route.code) return;
  saveSeat(S.route.code, { token: m[1], player_id: null });
  history.replaceState(null, '', location.pathname + location.search);
}

function startTable() {
  importHashToken();
  if (S.route.page === 'tv') {
    // A shared screen watches without becoming a member of the table.
    connect({ type: 'watch' });
    return;
  }
  const seat = savedSeat(S.route.code);
  if (seat && seat.token) {
    connect({ type: 'resume', token: seat.token });
  } else {
    update({ needJoin: true });
    loadSummary();
  }
}

// ---- actions the screens call ------------------------------------------------

function sendTracked(kind, msg) {
  if (!conn) return false;
  const ref = conn.send(msg);
  if (!ref) {
    update({ notice: { kind: 'error', text: t('err.offline') } });
    return false;
  }
  update({ pending: { kind, ref, msg, retries: 0 }, notice: null });
  if (kind !== 'act') {
    // Lobby and host messages that change nothing get no event: do not stay locked.
    setTimeout(() => S.pending && S.pending.ref === ref && update({ pending: null }), 8000);
  }
  return true;
}

const A = {
  act(action) {
    return sendTracked('act', { type: 'act', version: S.version, action });
  },
  send(msg) {
    return sendTracked(msg.type, msg);
  },
  chat(text) {
    if (conn) conn.send({ type: 'chat', text });
  },
  async create(body) {
    update({ notice: null });
    try {
      const res = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const out = await res.json();
      if (!res.ok) {
        update({ notice: errorNotice(out.error.code, out.error.message) });
        return;
      }
      saveSeat(out.code, { token: out.token, player_id: out.player_id });
      history.pushState(null, '', `/t/${out.code}`);
      update({ route: parseRoute() });
      startTable();
    } catch {
      update({ notice: { kind: 'error', text: t('err.offline') } });
    }
  },
  join(name, as) {
    update({ notice: null, status: 'connecting' });
    connect({ type: 'join', name, as });
  },
  goto(path) {
    history.pushState(null, '', path);
    if (conn) conn.close();
    conn = null;
    update({ route: parseRoute(), table: null, game: null, you: null, summary: null });
    boot();
  },
  leave() {
    if (conn) conn.send({ type: 'leave' });
  },
  retry() {
    if (conn) conn.retry();
  },
  setChatOpen(open) {
    update({ chatOpen: open, unread: open ? 0 : S.unread });
  },
  dismiss() {
    update({ notice: null, missed: null });
  },
  setNudge(on) {
    safeSet('dixit.nudge', on ? '1' : null);
    update({ nudge: on });
    if (on) nudge(); // the tap that turns it on lets the browser play sound; a sample
  },
  async setLang(code) {
    await setLang(code);
    update({ lang: code });
  },
  shareLink() {
    return `${location.origin}/t/${S.route.code}`;
  },
  deviceLink() {
    const seat = savedSeat(S.route.code);
    return seat ? `${location.origin}/t/${S.route.code}#token=${seat.token}` : null;
  },
};

function boot() {
  if (S.route.page === 'table' || S.route.page === 'tv') startTable();
  draw();
}

window.addEventListener('popstate', () => {
  if (conn) conn.close();
  conn = null;
  update({ route: parseRoute(), table: null, game: null, you: null, summary: null });
  boot();
});
// The connection retries by itself; these only make the next attempt come sooner.
window.addEventListener('online', () => A.retry());
document.addEventListener('visibilitychange', () => {
  if (document.hidden) wakeLock = null; // the browser releases it when the tab hides
  if (!document.hidden) A.retry();
  draw();
});

const lang = pickLang();
setLang(lang).then(() => {
  S.lang = lang;
  boot();
});
