// Small parts every screen uses: cards, player chips, the timer, the score
// track, the card viewer, the chat. User text (names, clues, chat) is only
// ever a text child here: htm/Preact make text nodes of it, never markup.
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { LANGS, currentLang, t } from './i18n.js';

export const html = htm.bind(h);

/** Twelve rabbit colours, told apart also by initials on every token. */
export const COLORS = [
  '#e8590c', '#1864ab', '#40c057', '#9c36b5', '#e8a200', '#0b7285',
  '#c2255c', '#5f3dc4', '#74b816', '#f783ac', '#495057', '#9a5b13',
];

/** Black or white, whichever reads better on `hex` (WCAG contrast). */
export function inkOn(hex) {
  const lin = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255));
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#16131c' : '#ffffff';
}

/** "Team 1" for the engine's "team-1"; other team names as they are. */
export function teamLabel(name) {
  const m = /^team-(\d+)$/.exec(String(name));
  return t('team.name', { name: m ? m[1] : name });
}

export function member(s, pid) {
  return (s.table && s.table.members.find((m) => m.player_id === pid)) || null;
}

export function nameOf(s, pid) {
  const m = member(s, pid);
  return m ? m.name : pid || '';
}

export function colorOf(s, pid) {
  const players = s.game ? s.game.players : [];
  let i = players.indexOf(pid);
  if (i < 0 && s.game && s.game.teams) i = s.game.teams.findIndex((tm) => tm.name === pid);
  if (i < 0) {
    const m = member(s, pid);
    i = m && m.seat !== null && m.seat !== undefined ? m.seat : 0;
  }
  return COLORS[i % COLORS.length];
}

export function initials(name) {
  const parts = String(name).trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : String(name).slice(0, 2);
  return letters.toUpperCase();
}

function hue(id) {
  let x = 2166136261;
  for (const ch of String(id)) x = Math.imul(x ^ ch.charCodeAt(0), 16777619) >>> 0;
  return Math.round(((x * 0.618033988749895) % 1) * 360);
}

/** Small line icons of our own, drawn in the current text colour. */
export function Icon({ name }) {
  const paths = {
    chat: 'M4 5h16v10H9l-5 4z',
    menu: 'M4 7h16M4 12h16M4 17h16',
    zoom: 'M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7',
    close: 'M6 6l12 12M18 6L6 18',
  };
  return html`<svg class="ic" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none"
    stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d=${paths[name]} /></svg>`;
}

/** A card face: its picture when the deck has one, else a drawn face. */
export function CardFace({ s, id, full }) {
  const info = s.deck && s.deck.cards[id];
  const src = info && (full ? info.image : info.thumbnail);
  const title = (info && info.title) || id;
  const hh = hue(id);
  return html`<span class="face" style=${{ '--h': hh }}>
    <span class="face-title" aria-hidden="true">${title}</span>
    ${src && html`<img src=${src} alt="" draggable="false" loading=${full ? 'eager' : 'lazy'} decoding="async"
      onError=${(e) => (e.currentTarget.hidden = true)} />`}
  </span>`;
}

export function cardTitle(s, id) {
  const info = s.deck && s.deck.cards[id];
  return (info && info.title) || id;
}

/**
 * A card in a hand or on the board. `badges` are small labels drawn on it
 * (its number, "yours", tokens); `onOpen` opens the viewer.
 */
export function Card({ s, id, number, selected, disabled, locked, mine, label, onOpen, children }) {
  const cls = ['card', selected && 'selected', disabled && 'disabled', locked && 'locked', mine && 'mine']
    .filter(Boolean)
    .join(' ');
  const aria = [
    number ? t('card.number', { n: number }) : null,
    cardTitle(s, id),
    mine ? t('card.yours') : null,
    selected ? t('card.selected') : null,
    label,
  ]
    .filter(Boolean)
    .join(', ');
  return html`<div class=${cls} data-card=${id}>
    <button type="button" class="card-button" aria-label=${aria} aria-pressed=${selected ? 'true' : 'false'}
      onClick=${onOpen}>
      <${CardFace} s=${s} id=${id} />
    </button>
    ${number && html`<span class="badge num" aria-hidden="true">${number}</span>`}
    ${mine && html`<span class="badge yours" aria-hidden="true">${t('card.yours')}</span>`}
    ${selected && html`<span class="badge picked" aria-hidden="true">${selected === true ? '✓' : selected}</span>`}
    ${children}
  </div>`;
}

/** A player chip: colour, initials, name, score, and what they are doing. */
export function Chip({ s, pid, score, state, storyteller, you, host }) {
  const m = member(s, pid);
  const name = nameOf(s, pid);
  const away = m && !m.online && m.kind !== 'ai';
  const ai = m && (m.kind === 'ai' || m.ai_control);
  const stateText = away ? t('chip.away') : state ? t(`chip.${state}`) : '';
  const aria = [name, you && t('chip.you'), storyteller && t('role.storyteller'), host && t('chip.host'),
    ai && t('chip.ai'), score !== undefined && t('chip.points', { n: score }), stateText]
    .filter(Boolean)
    .join(', ');
  return html`<li class=${`chip ${state || ''} ${away ? 'away' : ''}`} aria-label=${aria} title=${aria}>
    <span class="dot" style=${{ background: colorOf(s, pid), color: inkOn(colorOf(s, pid)) }} aria-hidden="true">${initials(name)}</span>
    <span class="chip-name" aria-hidden="true">${name}${you ? ` (${t('chip.you')})` : ''}</span>
    ${storyteller && html`<span class="mark st" aria-hidden="true" title=${t('role.storyteller')}>✦</span>`}
    ${ai && html`<span class="mark ai" aria-hidden="true">AI</span>`}
    ${score !== undefined && html`<span class="score" aria-hidden="true">${score}</span>`}
    ${state && html`<span class=${`state-dot ${away ? 'away' : state}`} aria-hidden="true"></span>`}
  </li>`;
}

/** Counts down from the server's remaining time, not from this device's clock. */
export function Timer({ timer }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!timer) return undefined;
    const id = setInterval(() => tick((x) => x + 1), 500);
    return () => clearInterval(id);
  }, [timer]);
  if (!timer || timer.remaining_ms === null || timer.remaining_ms === undefined) return null;
  const left = Math.max(0, timer.remaining_ms - (performance.now() - timer.at));
  const secs = Math.ceil(left / 1000);
  const frac = timer.limit_s ? left / (timer.limit_s * 1000) : 0;
  const r = 16;
  const c = 2 * Math.PI * r;
  return html`<span class=${`timer ${secs <= 10 ? 'late' : ''}`} role="timer"
    aria-label=${t('timer.left', { n: secs })}>
    <svg viewBox="0 0 40 40" aria-hidden="true"><circle cx="20" cy="20" r=${r} class="ring-bg" />
      <circle cx="20" cy="20" r=${r} class="ring" style=${{ strokeDasharray: c, strokeDashoffset: c * (1 - frac) }} /></svg>
    <span aria-hidden="true">${secs}</span>
  </span>`;
}

/**
 * The score track, 0 to the target and beyond. Rabbits wait `delay` ms at
 * their old square (while the reveal is read), then slide to the new one.
 */
export function ScoreTrack({ s, scores, before, target, delay = 1600 }) {
  const keys = Object.keys(scores);
  const [shown, setShown] = useState(before || scores);
  useEffect(() => {
    setShown(before || scores);
    if (!before) return undefined;
    const id = setTimeout(() => setShown(scores), delay);
    return () => clearTimeout(id);
  }, [JSON.stringify(scores), JSON.stringify(before)]);
  const top = Math.max(target || 30, ...Object.values(scores), ...Object.values(shown));
  const rows = Math.floor(top / 10) + 1;
  const stack = {};
  const teams = s.game && s.game.teams;
  const label = (k) => (teams ? teamLabel(k) : nameOf(s, k));
  return html`<figure class="track" aria-label=${t('track.title')}>
    <div class="track-grid" style=${{ '--rows': rows }}>
      ${Array.from({ length: rows * 10 }, (_, i) => html`<span class=${`cell ${i === target ? 'goal' : ''}`}
        aria-hidden="true">${i % 5 === 0 ? i : ''}</span>`)}
      ${keys.map((k) => {
        const v = shown[k] ?? 0;
        const slot = (stack[v] = (stack[v] || 0) + 1) - 1;
        const gain = scores[k] - (before ? before[k] ?? 0 : scores[k]);
        const moved = before && shown === scores && gain > 0;
        const text = teams ? initials(teamLabel(k)) : initials(nameOf(s, k));
        return html`<span class="rabbit" key=${k} title=${`${label(k)}: ${scores[k]}`}
          style=${{ '--col': v % 10, '--row': Math.floor(v / 10), '--slot': slot, background: colorOf(s, k), color: inkOn(colorOf(s, k)) }}
          aria-hidden="true">${text}${moved && html`<b class="gain">+${gain}</b>`}</span>`;
      })}
    </div>
    <figcaption class="sr-only">${keys.map((k) => `${label(k)}: ${scores[k]}`).join('; ')}</figcaption>
  </figure>`;
}

/**
 * The full-size viewer: swipe (or arrow keys) through `ids` in order, with the
 * action of the moment inside it.
 */
export function Viewer({ s, ids, index, numbered, onClose, action }) {
  const [i, setI] = useState(index);
  const start = useRef(null);
  const box = useRef(null);
  const id = ids[i];
  useEffect(() => {
    const prev = document.activeElement;
    if (box.current) box.current.focus();
    return () => prev && prev.focus && prev.focus();
  }, []);
  const go = (d) => setI((x) => (x + d + ids.length) % ids.length);
  const onKey = (e) => {
    if (e.key === 'Escape') onClose();
    if (e.key === 'ArrowRight') go(1);
    if (e.key === 'ArrowLeft') go(-1);
  };
  const act = action && action(id, i);
  return html`<div class="viewer" role="dialog" aria-modal="true" aria-label=${t('viewer.title')}
      tabindex="-1" ref=${box} onKeyDown=${onKey}
      onPointerDown=${(e) => (start.current = e.clientX)}
      onPointerUp=${(e) => {
        if (start.current === null) return;
        const dx = e.clientX - start.current;
        start.current = null;
        if (Math.abs(dx) > 50) go(dx < 0 ? 1 : -1);
      }}>
    <div class="viewer-top">
      <span>${numbered ? t('card.number', { n: i + 1 }) : `${i + 1} / ${ids.length}`}</span>
      <button type="button" class="icon" onClick=${onClose} aria-label=${t('viewer.close')}><${Icon} name="close" /></button>
    </div>
    <div class="viewer-card"><${CardFace} s=${s} id=${id} full=${true} /></div>
    <div class="viewer-nav">
      <button type="button" class="ghost" onClick=${() => go(-1)} aria-label=${t('viewer.prev')}>‹</button>
      ${act ? html`<button type="button" class="primary" disabled=${act.disabled}
        onClick=${() => { act.run(); onClose(); }}>${act.label}</button>` : html`<span></span>`}
      <button type="button" class="ghost" onClick=${() => go(1)} aria-label=${t('viewer.next')}>›</button>
    </div>
  </div>`;
}

export function ConnBanner({ status, onRetry }) {
  if (status === 'reconnecting' || status === 'connecting') {
    return html`<div class="banner amber" role="status">${t('conn.reconnecting')}</div>`;
  }
  if (status === 'failed') {
    return html`<button type="button" class="banner red" onClick=${onRetry}>${t('conn.failed')}</button>`;
  }
  return null;
}

export function Notice({ notice, onClose }) {
  if (!notice) return null;
  return html`<div class=${`notice ${notice.kind}`} role="alert">
    <span>${notice.text}${notice.detail && html`<small class="detail">${notice.detail}</small>`}</span>
    <button type="button" class="icon" onClick=${onClose} aria-label=${t('notice.close')}><${Icon} name="close" /></button>
  </div>`;
}

/**
 * A button that copies `text`; where the clipboard is not available (a page
 * over plain http on the local network) the link is shown, selected, to copy by hand.
 */
export function CopyButton({ text, label, cls = 'secondary' }) {
  const [state, setState] = useState('idle');
  const field = useRef(null);
  useEffect(() => {
    if (state === 'manual' && field.current) {
      field.current.focus();
      field.current.select();
    }
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('manual');
    }
  };
  return html`<button type="button" class=${cls} onClick=${copy}>${state === 'copied' ? t('lobby.copied') : label}</button>
    ${state === 'manual' && html`<input class="copy-by-hand" readonly value=${text} aria-label=${label}
      ref=${field} onFocus=${(e) => e.currentTarget.select()} />`}`;
}

/** The shared screen of the table (`/tv/{code}`), opened in a new tab, with what it is for. */
export function TvLink({ code }) {
  return html`<p class="tv-link"><a href=${`/tv/${code}`} target="_blank" rel="noopener">${t('tv.open')}</a>
    <small class="muted">${t('tv.open_hint')}</small></p>`;
}

export function LangSwitch({ A }) {
  return html`<label class="lang"><span class="sr-only">${t('lang.label')}</span>
    <select value=${currentLang()} onChange=${(e) => A.setLang(e.currentTarget.value)}>
      ${LANGS.map((l) => html`<option value=${l.code}>${l.name}</option>`)}
    </select></label>`;
}

export function Chat({ s, A }) {
  const [text, setText] = useState('');
  const list = useRef(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [s.chat.length, s.chatOpen]);
  const send = (e) => {
    e.preventDefault();
    const v = text.trim();
    if (!v) return;
    A.chat(v);
    setText('');
  };
  return html`<span class="chat-wrap">
    <button type="button" class="icon chat-bubble" aria-expanded=${s.chatOpen ? 'true' : 'false'}
      onClick=${() => A.setChatOpen(!s.chatOpen)}><${Icon} name="chat" /><span class="sr-only">${t('chat.title')}</span>${s.unread > 0 && html`<span class="unread">${s.unread}<span class="sr-only"> ${t('chat.unread', { n: s.unread })}</span></span>`}</button>
    ${s.chatOpen && html`<section class="chat" aria-label=${t('chat.title')}>
    <header><h2>${t('chat.title')}</h2>
      <button type="button" class="icon" onClick=${() => A.setChatOpen(false)} aria-label=${t('chat.close')}><${Icon} name="close" /></button></header>
    <ol class="chat-lines" ref=${list}>
      ${s.chat.map((c) => html`<li key=${c.version}><span class="dot tiny" style=${{ background: colorOf(s, c.player_id) }} aria-hidden="true"></span><b>${c.name}</b>${' '}<span class="chat-text">${c.text}</span></li>`)}
      ${s.chat.length === 0 && html`<li class="muted">${t('chat.empty')}</li>`}
    </ol>
    <form onSubmit=${send}>
      <label class="sr-only" for="chat-input">${t('chat.say')}</label>
      <input id="chat-input" maxlength="300" value=${text} autocomplete="off" placeholder=${t('chat.say')}
        onInput=${(e) => setText(e.currentTarget.value)} />
      <button type="submit" class="primary">${t('chat.send')}</button>
    </form>
  </section>`}
  </span>`;
}

/** A QR code drawn as SVG squares from the vendored generator. */
export function QrCode({ text }) {
  const [qr, setQr] = useState(null);
  useEffect(() => {
    let live = true;
    import('../vendor/qrcode-generator/qrcode.mjs').then((mod) => {
      const q = mod.default(0, 'M');
      q.addData(text);
      q.make();
      if (live) setQr(q);
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!qr) return html`<div class="qr" aria-hidden="true"></div>`;
  const n = qr.getModuleCount();
  const cells = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) cells.push(`M${c + 2} ${r + 2}h1v1h-1z`);
  }
  return html`<svg class="qr" viewBox=${`0 0 ${n + 4} ${n + 4}`} role="img" aria-label=${t('lobby.qr')}>
    <rect width=${n + 4} height=${n + 4} fill="#fff" /><path d=${cells.join('')} fill="#000" /></svg>`;
}
