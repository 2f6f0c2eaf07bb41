// The screens: home (create a table), join, lobby, the game frame with one
// body per phase, the end, and the TV screen. Each says, in its bottom bar,
// what you are expected to do now or whom the table is waiting for.
import { useEffect, useRef, useState } from 'preact/hooks';
import { nameList, t } from './i18n.js';
import {
  COLORS, Card, Chat, Chip, CopyButton, Icon, ConnBanner, LangSwitch, Notice, QrCode, ScoreTrack, Timer, TvLink, Viewer,
  cardTitle, colorOf, html, inkOn, member, nameOf, teamLabel,
} from './ui.js';

export const MODES = {
  odyssey: { counts: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
  classic: { counts: [4, 5, 6] },
  party: { counts: [6, 7, 8, 9, 10, 11, 12] },
  team: { counts: [6, 8, 10, 12] },
};

export function App({ s, A }) {
  const page = s.route.page;
  if (page === 'demo') return html`<${DemoLoader} A=${A} />`;
  if (page === 'home') return html`<${Home} s=${s} A=${A} />`;
  if (page === 'tv') return html`<${TvScreen} s=${s} A=${A} />`;
  return html`<${TableScreen} s=${s} A=${A} />`;
}

function DemoLoader({ A }) {
  const [Demo, setDemo] = useState(null);
  useEffect(() => {
    import('./demo.js').then((mod) => setDemo(() => mod.Demo));
  }, []);
  return Demo ? html`<${Demo} A=${A} />` : html`<p class="boot">…</p>`;
}

// ---- helpers ----------------------------------------------------------------

const me = (s) => s.you && s.you.player_id;
const isHost = (s) => !!(s.table && s.you && s.table.host === s.you.player_id);
const hostName = (s) => (s.table && s.table.host ? nameOf(s, s.table.host) : '');
const names = (s, ids) => nameList(ids.map((id) => nameOf(s, id)));
const seated = (s) => (s.table ? s.table.members.filter((m) => m.role === 'player') : []);

function teamOf(g, pid) {
  return g.teams ? g.teams.find((tm) => tm.players.includes(pid)) : null;
}

function partnerOf(g, pid) {
  const tm = teamOf(g, pid);
  return tm ? tm.players.find((p) => p !== pid) : null;
}

function Brand() {
  return html`<span class="brand"><img src=${new URL('../icon.svg', import.meta.url).href} alt="" width="28" height="28" />Dixit</span>`;
}

function Rules({ mode, onClose }) {
  return html`<div class="sheet" role="dialog" aria-modal="true" aria-labelledby="rules-title">
    <div class="sheet-box">
      <h2 id="rules-title">${t('rules.title', { mode: t(`mode.${mode}`) })}</h2>
      <ul class="rules">${t(`rules.${mode}`).map((line) => html`<li>${line}</li>`)}</ul>
      <button type="button" class="primary" onClick=${onClose} autofocus>${t('common.close')}</button>
    </div>
  </div>`;
}

// ---- home: create a table, or join one by its code ---------------------------

export function Home({ s, A }) {
  const [name, setName] = useState('');
  const [mode, setMode] = useState('odyssey');
  const [target, setTarget] = useState(30);
  const [rotations, setRotations] = useState(1);
  const [timers, setTimers] = useState('off');
  const [deck, setDeck] = useState('');
  const [decks, setDecks] = useState([]);
  const [code, setCode] = useState('');
  const [rules, setRules] = useState(null);
  useEffect(() => {
    fetch('/api/decks').then((r) => (r.ok ? r.json() : { decks: [] })).then((b) => {
      setDecks(b.decks || []);
      const d = (b.decks || []).find((x) => x.default) || (b.decks || [])[0];
      if (d) setDeck(d.id);
    }).catch(() => setDecks([]));
  }, []);
  const create = (e) => {
    e.preventDefault();
    const options = {};
    if (mode === 'odyssey') options.target_score = Number(target);
    if (mode === 'party' || mode === 'team') options.rotations = Number(rotations);
    const limits = TIMER_PRESETS[timers];
    const body = { name: name.trim(), mode, options, time_limits: limits };
    if (deck) body.deck = deck;
    A.create(body);
  };
  const join = (e) => {
    e.preventDefault();
    const c = code.trim().toUpperCase();
    if (c) A.goto(`/t/${c}`);
  };
  return html`<div class="page home">
    <header class="page-head"><${Brand} /><${LangSwitch} A=${A} /></header>
    <main>
      <p class="lead">${t('home.lead')}</p>
      <${Notice} notice=${s.notice} onClose=${A.dismiss} />
      <form class="panel" onSubmit=${create} aria-labelledby="create-title">
        <h1 id="create-title">${t('home.create')}</h1>
        <label class="field"><span>${t('form.your_name')}</span>
          <input name="name" required maxlength="32" autocomplete="nickname" value=${name}
            onInput=${(e) => setName(e.currentTarget.value)} /></label>
        <fieldset class="modes"><legend>${t('form.mode')}</legend>
          ${Object.keys(MODES).map((m) => html`<label class=${`mode ${mode === m ? 'on' : ''}`}>
            <input type="radio" name="mode" value=${m} checked=${mode === m} onChange=${() => setMode(m)} />
            <b>${t(`mode.${m}`)}</b><small>${t(`mode.${m}.short`)}</small>
            <small class="muted">${t('mode.players', { range: rangeText(m) })}</small></label>`)}
        </fieldset>
        <button type="button" class="link" onClick=${() => setRules(mode)}>${t('rules.show', { mode: t(`mode.${mode}`) })}</button>
        ${mode === 'odyssey' && html`<label class="field"><span>${t('form.target')}</span>
          <input type="number" min="1" max="1000" value=${target} onInput=${(e) => setTarget(e.currentTarget.value)} /></label>`}
        ${(mode === 'party' || mode === 'team') && html`<label class="field"><span>${t('form.rotations')}</span>
          <select value=${rotations} onChange=${(e) => setRotations(e.currentTarget.value)}>
            ${[1, 2, 3].map((n) => html`<option value=${n}>${t('form.rotations_n', { n })}</option>`)}</select></label>`}
        ${mode === 'classic' && html`<p class="muted">${t('form.classic_end')}</p>`}
        ${decks.length > 0 && html`<label class="field"><span>${t('form.deck')}</span>
          <select value=${deck} onChange=${(e) => setDeck(e.currentTarget.value)}>
            ${decks.map((d) => html`<option value=${d.id}>${d.title} (${t('form.cards', { n: d.cards })})</option>`)}</select></label>`}
        <label class="field"><span>${t('form.timers')}</span>
          <select value=${timers} onChange=${(e) => setTimers(e.currentTarget.value)}>
            ${Object.keys(TIMER_PRESETS).map((k) => html`<option value=${k}>${t(`timers.${k}`)}</option>`)}</select></label>
        <button type="submit" class="primary big" disabled=${!name.trim()}>${t('home.create_button')}</button>
      </form>
      <form class="panel" onSubmit=${join} aria-labelledby="join-title">
        <h2 id="join-title">${t('home.join')}</h2>
        <label class="field"><span>${t('form.code')}</span>
          <input name="code" maxlength="12" autocomplete="off" autocapitalize="characters" class="code-input"
            value=${code} onInput=${(e) => setCode(e.currentTarget.value)} /></label>
        <button type="submit" class="secondary" disabled=${!code.trim()}>${t('home.join_button')}</button>
      </form>
    </main>
    ${rules && html`<${Rules} mode=${rules} onClose=${() => setRules(null)} />`}
  </div>`;
}

const TIMER_PRESETS = {
  off: { telling: null, handing_in: null, voting: null, reveal: null },
  relaxed: { telling: 180, handing_in: 120, voting: 120, reveal: 60 },
  quick: { telling: 90, handing_in: 60, voting: 60, reveal: 30 },
};

function rangeText(mode) {
  const c = MODES[mode].counts;
  return mode === 'team' ? c.join(', ') : `${c[0]}–${c[c.length - 1]}`;
}

// ---- a table: join, lobby or game ---------------------------------------------

export function TableScreen({ s, A }) {
  if (s.ended) {
    return html`<div class="page"><header class="page-head"><${Brand} /><${LangSwitch} A=${A} /></header>
      <main class="panel"><h1>${t(s.ended === 'removed' ? 'ended.removed' : 'ended.left')}</h1>
      <button type="button" class="primary" onClick=${() => A.goto('/')}>${t('ended.home')}</button></main></div>`;
  }
  if (s.needJoin) return html`<${JoinScreen} s=${s} A=${A} />`;
  if (!s.table) {
    return html`<div class="page"><header class="page-head"><${Brand} /><${LangSwitch} A=${A} /></header>
      <${ConnBanner} status=${s.status === 'idle' ? 'connecting' : s.status} onRetry=${A.retry} />
      <main class="panel center"><p class="lead" role="status">${t('conn.reconnecting')}</p>
      <${Notice} notice=${s.notice} onClose=${A.dismiss} /></main></div>`;
  }
  if (!s.game) return html`<${Lobby} s=${s} A=${A} />`;
  return html`<${GameScreen} s=${s} A=${A} />`;
}

export function JoinScreen({ s, A }) {
  const [name, setName] = useState('');
  const input = useRef(null);
  useEffect(() => input.current && input.current.focus(), [s.summary]);
  const sum = s.summary;
  const head = html`<header class="page-head"><${Brand} /><${LangSwitch} A=${A} /></header>`;
  if (!sum) return html`<div class="page">${head}<main class="panel center"><p role="status">…</p></main></div>`;
  if (sum.error) {
    return html`<div class="page">${head}<main class="panel"><h1>${t('join.not_found', { code: s.route.code })}</h1>
      <button type="button" class="primary" onClick=${() => A.goto('/')}>${t('ended.home')}</button></main></div>`;
  }
  const open = sum.status === 'lobby' && sum.players < sum.max_players;
  const submit = (as) => (e) => {
    e && e.preventDefault();
    if (name.trim()) A.join(name.trim(), as);
  };
  return html`<div class="page">${head}
    <main class="panel">
      <h1>${sum.host_name ? t('join.title', { host: sum.host_name }) : t('join.title_nohost')}</h1>
      <p class="muted">${t(`mode.${sum.mode}`)} · ${t('join.seated', { n: sum.players, max: sum.max_players })}</p>
      ${!open && html`<p>${t(sum.status === 'lobby' ? 'join.full' : 'join.started')}</p>`}
      <${Notice} notice=${s.notice} onClose=${A.dismiss} />
      <form onSubmit=${submit(open ? 'player' : 'spectator')}>
        <label class="field"><span>${t('form.your_name')}</span>
          <span class="name-row"><span class="dot big" style=${{ background: COLORS[sum.players % COLORS.length] }} aria-hidden="true"></span>
          <input ref=${input} name="name" required maxlength="32" autocomplete="nickname" value=${name}
            onInput=${(e) => setName(e.currentTarget.value)} /></span></label>
        <div class="row">
          ${open && html`<button type="submit" class="primary big" disabled=${!name.trim() || s.status === 'connecting'}>${t('join.join')}</button>`}
          <button type="button" class=${open ? 'secondary' : 'primary big'} disabled=${!name.trim()}
            onClick=${submit('spectator')}>${t('join.watch')}</button>
        </div>
      </form>
    </main></div>`;
}

// ---- lobby --------------------------------------------------------------------

function startLabel(s) {
  const mode = s.table.mode;
  const n = seated(s).length;
  const counts = MODES[mode] ? MODES[mode].counts : [3];
  if (n < counts[0]) return { ok: false, text: t('lobby.need_more', { n: counts[0] - n }) };
  if (n > counts[counts.length - 1]) return { ok: false, text: t('lobby.too_many', { n: counts[counts.length - 1] }) };
  if (!counts.includes(n)) return { ok: false, text: t('lobby.team_even') };
  return { ok: true, text: t('lobby.start', { n }) };
}

export function Lobby({ s, A }) {
  const [confirm, setConfirm] = useState(null);
  const [copied, setCopied] = useState(false);
  const [rules, setRules] = useState(false);
  const host = isHost(s);
  const table = s.table;
  const link = A.shareLink();
  const device = A.deviceLink && A.deviceLink();
  const players = seated(s);
  const watchers = table.members.filter((m) => m.role === 'spectator');
  const mine = member(s, me(s));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const start = startLabel(s);
  const busy = !!s.pending;
  let footer;
  if (host) {
    footer = html`<button type="button" class="primary big" disabled=${!start.ok || busy}
      onClick=${() => A.send({ type: 'start' })}>${start.text}</button>`;
  } else {
    footer = html`<p class="say" role="status">${t('lobby.waiting_host', { host: hostName(s), n: players.length, max: table.max_players })}</p>`;
  }
  const row = (m) => {
    const isMe = m.player_id === me(s);
    const ask = confirm && confirm.id === m.player_id ? confirm.what : null;
    return html`<li class="member" key=${m.player_id}>
      <ul class="chips inline"><${Chip} s=${s} pid=${m.player_id} you=${isMe} host=${table.host === m.player_id}
        state=${m.online || m.kind === 'ai' ? 'online' : null} /></ul>
      ${table.host === m.player_id && html`<span class="tag">${t('chip.host')}</span>`}
      ${host && !isMe && html`<span class="member-actions">
        ${ask
          ? html`<button type="button" class="danger small" onClick=${() => {
              A.send(ask === 'remove' ? { type: 'remove', player_id: m.player_id } : { type: 'promote', player_id: m.player_id });
              setConfirm(null);
            }}>${t(ask === 'remove' ? 'lobby.remove_confirm' : 'lobby.promote_confirm', { name: m.name })}</button>
            <button type="button" class="ghost small" onClick=${() => setConfirm(null)}>${t('common.cancel')}</button>`
          : html`${m.kind === 'human' && html`<button type="button" class="ghost small"
              aria-label=${t('lobby.promote_label', { name: m.name })}
              onClick=${() => setConfirm({ id: m.player_id, what: 'promote' })}>${t('lobby.promote')}</button>`}
            <button type="button" class="ghost small" aria-label=${t('lobby.remove_label', { name: m.name })}
              onClick=${() => setConfirm({ id: m.player_id, what: 'remove' })}>${t('lobby.remove')}</button>`}
      </span>`}
    </li>`;
  };
  return html`<div class="frame lobby" data-screen="lobby" data-host=${host ? 'yes' : ''}>
    <${ConnBanner} status=${s.status} onRetry=${A.retry} />
    <header class="topbar"><${Brand} /><span class="grow"></span>
      <${LangSwitch} A=${A} /><${Chat} s=${s} A=${A} /></header>
    <main class="scroll">
      <${Notice} notice=${s.notice} onClose=${A.dismiss} />
      <section class="share panel" aria-labelledby="share-title">
        <h1 id="share-title" class="sr-only">${t('lobby.title')}</h1>
        <p class="say">${t('lobby.share')}</p>
        <div class="share-row">
          <div><p class="muted">${t('lobby.code')}</p>
            <p class="code" aria-label=${t('lobby.code_label', { code: table.code.split('').join(' ') })}>${table.code}</p>
            <button type="button" class="secondary" onClick=${copy}>${copied ? t('lobby.copied') : t('lobby.copy')}</button>
            <p class="muted small link-text">${link}</p></div>
          <${QrCode} text=${link} />
        </div>
        <${TvLink} code=${table.code} />
      </section>
      <section class="panel" aria-labelledby="seated-title">
        <h2 id="seated-title">${t('lobby.seated', { n: players.length, max: table.max_players })}</h2>
        <ol class="members">${players.map(row)}</ol>
        ${watchers.length > 0 && html`<h3>${t('lobby.watching')}</h3><ul class="members">${watchers.map(row)}</ul>`}
        <div class="row">
          ${host && html`<button type="button" class="secondary" disabled=${busy || players.length >= table.max_players}
            onClick=${() => A.send({ type: 'add_ai' })}>${t('lobby.add_ai')}</button>`}
          ${mine && mine.role === 'spectator' && html`<button type="button" class="secondary" onClick=${() => A.send({ type: 'sit' })}>${t('lobby.sit')}</button>`}
          ${mine && mine.role === 'player' && !host && html`<button type="button" class="ghost" onClick=${() => A.send({ type: 'stand' })}>${t('lobby.stand')}</button>`}
        </div>
      </section>
      ${device && html`<section class="panel device" aria-labelledby="device-title">
        <h2 id="device-title">${t('device.title')}</h2>
        <p class="muted">${t('device.hint')}</p>
        <${CopyButton} text=${device} label=${t('menu.device')} cls="ghost" />
      </section>`}
      <${Settings} s=${s} A=${A} host=${host} />
      <section class="panel row">
        <button type="button" class="secondary" onClick=${() => setRules(true)}>${t('rules.show', { mode: t(`mode.${table.mode}`) })}</button>
        <button type="button" class="ghost" onClick=${() => A.leave()}>${t('lobby.leave')}</button>
      </section>
    </main>
    <footer class="bottombar">${footer}</footer>
    ${rules && html`<${Rules} mode=${table.mode} onClose=${() => setRules(false)} />`}
  </div>`;
}

function Settings({ s, A, host }) {
  const table = s.table;
  const [decks, setDecks] = useState([]);
  useEffect(() => {
    if (!host) return;
    fetch('/api/decks').then((r) => (r.ok ? r.json() : { decks: [] })).then((b) => setDecks(b.decks || [])).catch(() => {});
  }, [host]);
  const limits = table.time_limits || {};
  const preset = Object.keys(TIMER_PRESETS).find((k) =>
    Object.entries(TIMER_PRESETS[k]).every(([p, v]) => (limits[p] ?? null) === v)) || 'custom';
  const opts = table.options || {};
  const summary = [t(`mode.${table.mode}`),
    table.mode === 'odyssey' ? t('settings.target_is', { n: opts.target_score ?? 30 }) : null,
    table.mode === 'party' || table.mode === 'team' ? t('form.rotations_n', { n: opts.rotations ?? 1 }) : null,
    t(`timers.${preset}`)].filter(Boolean).join(' · ');
  if (!host) {
    return html`<section class="panel"><h2>${t('settings.title')}</h2><p>${summary}</p>
      <p class="muted">${t(`mode.${table.mode}.short`)}</p></section>`;
  }
  const set = (patch) => A.send({ type: 'settings', ...patch });
  return html`<section class="panel" aria-labelledby="settings-title"><h2 id="settings-title">${t('settings.title')}</h2>
    <label class="field"><span>${t('form.mode')}</span>
      <select value=${table.mode} onChange=${(e) => set({ mode: e.currentTarget.value, options: {} })}>
        ${Object.keys(MODES).map((m) => html`<option value=${m}>${t(`mode.${m}`)} (${rangeText(m)})</option>`)}</select></label>
    <p class="muted">${t(`mode.${table.mode}.short`)}</p>
    ${table.mode === 'odyssey' && html`<label class="field"><span>${t('form.target')}</span>
      <input type="number" min="1" max="1000" value=${opts.target_score ?? 30}
        onChange=${(e) => set({ options: { ...opts, target_score: Number(e.currentTarget.value) } })} /></label>`}
    ${(table.mode === 'party' || table.mode === 'team') && html`<label class="field"><span>${t('form.rotations')}</span>
      <select value=${opts.rotations ?? 1} onChange=${(e) => set({ options: { ...opts, rotations: Number(e.currentTarget.value) } })}>
        ${[1, 2, 3].map((n) => html`<option value=${n}>${t('form.rotations_n', { n })}</option>`)}</select></label>`}
    ${decks.length > 1 && html`<label class="field"><span>${t('form.deck')}</span>
      <select value=${table.deck} onChange=${(e) => set({ deck: e.currentTarget.value })}>
        ${decks.map((d) => html`<option value=${d.id}>${d.title}</option>`)}</select></label>`}
    <label class="field"><span>${t('form.timers')}</span>
      <select value=${preset} onChange=${(e) => TIMER_PRESETS[e.currentTarget.value] && set({ time_limits: TIMER_PRESETS[e.currentTarget.value] })}>
        ${[...Object.keys(TIMER_PRESETS), ...(preset === 'custom' ? ['custom'] : [])].map((k) => html`<option value=${k}>${t(`timers.${k}`)}</option>`)}</select></label>
  </section>`;
}

// ---- the game frame -------------------------------------------------------------

function roleOf(s) {
  const g = s.game;
  const pid = me(s);
  if (!pid || !g.players.includes(pid)) return 'spectator';
  if (g.storyteller === pid) return 'storyteller';
  if (g.teams) {
    const st = teamOf(g, g.storyteller);
    if (st && st.players.includes(pid)) return 'partner';
  }
  return 'player';
}

function lastRound(s) {
  return s.history.length ? s.history[s.history.length - 1] : null;
}

function PlayerChips({ s }) {
  const g = s.game;
  const phase = g.phase;
  const ready = (s.table && s.table.ready) || [];
  const state = (pid) => {
    if (phase === 'reveal') {
      const m = member(s, pid);
      if (m && (m.kind === 'ai' || m.ai_control)) return null;
      return ready.includes(pid) ? 'acted' : 'waiting';
    }
    if (phase === 'game_over') return null;
    return g.waiting_for.includes(pid) ? 'waiting' : 'acted';
  };
  const score = (pid) => (g.teams ? undefined : g.scores[pid]);
  const chip = (pid) => html`<${Chip} key=${pid} s=${s} pid=${pid} score=${score(pid)} state=${state(pid)}
    storyteller=${g.storyteller === pid} you=${pid === me(s)} host=${s.table && s.table.host === pid} />`;
  if (g.teams) {
    return html`<div class="teams" tabindex="0" role="group" aria-label=${t('players.title')}>${g.teams.map((tm) => html`<div class="team" key=${tm.name}
      style=${{ borderColor: colorOf(s, tm.name) }}>
      <span class="team-name">${teamLabel(tm.name)} · ${g.scores[tm.name] ?? 0}</span>
      <ul class="chips">${tm.players.map(chip)}</ul></div>`)}</div>`;
  }
  return html`<ul class="chips" tabindex="0" aria-label=${t('players.title')}>${g.players.map(chip)}</ul>`;
}

function TopBar({ s, A, onMenu }) {
  const g = s.game;
  const role = roleOf(s);
  const inRound = ['telling', 'handing_in', 'voting'].includes(g.phase);
  const r = lastRound(s);
  const clue = inRound ? g.clue : r && (g.phase === 'reveal' || g.phase === 'game_over') ? r.clue : null;
  const teller = inRound ? g.storyteller : r ? r.storyteller : g.storyteller;
  return html`<header class="topbar">
    <span class=${`role ${role}`}>${t(`role.${role}`)}</span>
    <div class="clue-box">
      ${clue !== null && clue !== undefined
        ? html`<p class="clue"><span class="sr-only">${t('clue.label')}: </span>“<span class="clue-text">${clue}</span>”</p>
          <p class="by">${t('clue.by', { name: nameOf(s, teller) })}</p>`
        : html`<p class="by">${t('round.n', { n: g.round })}${g.phase === 'telling' ? ` · ${g.storyteller === me(s) ? t('clue.yours') : t('clue.waiting', { name: nameOf(s, g.storyteller) })}` : ''}</p>`}
      ${g.variant === 'classic' && html`<p class=${`by pile ${g.draw_pile < g.players.length ? 'low' : ''}`}>${t('pile.draw', { n: g.draw_pile })}</p>`}
    </div>
    <${Timer} timer=${s.timer} />
    <${Chat} s=${s} A=${A} />
    <button type="button" class="icon menu-button" aria-label=${t('menu.open')} onClick=${onMenu}><${Icon} name="menu" /></button>
  </header>`;
}

function Menu({ s, A, onClose, show }) {
  const link = A.deviceLink && A.deviceLink();
  return html`<div class="sheet" role="dialog" aria-modal="true" aria-labelledby="menu-title" onClick=${(e) => e.target === e.currentTarget && onClose()}>
    <div class="sheet-box">
      <h2 id="menu-title">${t('menu.title')}</h2>
      <${LangSwitch} A=${A} />
      <label class="toggle"><input type="checkbox" checked=${!!s.nudge}
        onChange=${(e) => A.setNudge(e.currentTarget.checked)} /> ${t('menu.nudge')}</label>
      <button type="button" class="secondary" onClick=${() => show('rules')}>${t('rules.button')}</button>
      <button type="button" class="secondary" onClick=${() => show('rounds')}>${t('rounds.button', { n: s.history.length })}</button>
      ${s.game && s.game.draw_pile !== undefined && html`<p class="muted">${t('pile.draw', { n: s.game.draw_pile })} · ${t('pile.discard', { n: s.game.discard_pile })}</p>`}
      ${s.table && html`<${TvLink} code=${s.table.code} />`}
      ${link && html`<div class="device"><${CopyButton} text=${link} label=${t('menu.device')} cls="ghost" />
        <small class="muted">${t('device.hint')}</small></div>`}
      ${s.you && s.you.role === 'player' && isHost(s) && s.game && s.game.phase === 'reveal' && html`<button type="button" class="ghost"
        onClick=${() => { A.send({ type: 'next_round' }); onClose(); }}>${t('reveal.continue_now')}</button>`}
      ${isHost(s) && s.game && ['telling', 'handing_in', 'voting'].includes(s.game.phase)
        && s.game.waiting_for.some((pid) => pid !== s.you.player_id) && html`<button type="button" class="ghost"
        onClick=${() => { A.send({ type: 'continue' }); onClose(); }}>${t('menu.continue_for', {
          names: names(s, s.game.waiting_for.filter((pid) => pid !== s.you.player_id)),
        })}</button>`}
      ${isHost(s) && s.table && s.table.members.filter((m) => m.role === 'player' && m.kind === 'human' && !m.online && !m.ai_control)
        .map((m) => html`<button type="button" class="ghost" key=${m.player_id}
          onClick=${() => { A.send({ type: 'takeover', player_id: m.player_id }); onClose(); }}>${t('menu.takeover', { name: m.name })}</button>`)}
      <button type="button" class="ghost danger-text" onClick=${() => A.leave()}>${t('menu.leave')}</button>
      <button type="button" class="primary" onClick=${onClose}>${t('common.close')}</button>
    </div></div>`;
}

function Rounds({ s, onClose }) {
  return html`<div class="sheet" role="dialog" aria-modal="true" aria-labelledby="rounds-title">
    <div class="sheet-box wide">
      <h2 id="rounds-title">${t('rounds.title')}</h2>
      ${s.history.length === 0 && html`<p class="muted">${t('rounds.none')}</p>`}
      <ol class="rounds">${[...s.history].reverse().map((r) => html`<li key=${r.number}>
        <h3>${t('round.n', { n: r.number })}: “${r.clue}” — ${nameOf(s, r.storyteller)}</h3>
        <p>${t('rounds.st_card', { n: r.board.indexOf(r.storyteller_card) + 1, title: cardTitle(s, r.storyteller_card) })}</p>
        <ul>${Object.entries(r.votes).map(([voter, cards]) => html`<li>${t('rounds.vote_line', {
          name: nameOf(s, voter),
          cards: cards.map((c) => `#${r.board.indexOf(c) + 1} (${nameOf(s, r.owners[c])})`).join(', '),
        })}</li>`)}</ul>
        <p class="muted">${Object.entries(r.points).map(([k, v]) => `${s.game && s.game.teams ? k : nameOf(s, k)} +${v}`).join(' · ')}</p>
      </li>`)}</ol>
      <button type="button" class="primary" onClick=${onClose} autofocus>${t('common.close')}</button>
    </div></div>`;
}

/** "While you were away": the last few things that happened, in words. */
function missedLines(s) {
  return s.missed.slice(-4).map((ev) => {
    const who = nameOf(s, ev.player || ev.player_id);
    if (ev.kind === 'action') return t(`missed.${ev.type}`, { name: who });
    if (ev.kind === 'chat') return `${ev.name}: ${ev.text}`;
    if (ev.kind === 'next_round') return t('round.n', { n: ev.round });
    if (ev.kind === 'joined') return t('missed.joined', { name: ev.name });
    return t('missed.other');
  });
}

export function GameScreen({ s, A }) {
  const [sheet, setSheet] = useState(null);
  const g = s.game;
  const mine = member(s, me(s));
  let body;
  if (g.phase === 'telling') body = Telling;
  else if (g.phase === 'handing_in') body = HandingIn;
  else if (g.phase === 'voting') body = Voting;
  else if (g.phase === 'reveal') body = Reveal;
  else body = End;
  return html`<div class=${`frame game phase-${g.phase}`} data-phase=${g.phase} data-round=${g.round}
      data-choice=${g.choice && !s.pending ? g.choice.kind : ''} data-need=${g.choice ? g.choice.min_cards : ''}
      data-ready=${iCanTapNext(s) ? 'yes' : ''}>
    <${ConnBanner} status=${s.status} onRetry=${A.retry} />
    <${TopBar} s=${s} A=${A} onMenu=${() => setSheet('menu')} />
    <${PlayerChips} s=${s} />
    <${body} s=${s} A=${A} key=${`${g.phase}-${g.round}`} />
    ${mine && mine.ai_control && mine.kind === 'human' && html`<div class="notice info" role="status">
      <span>${t('reclaim.say')}</span>
      <button type="button" class="primary small" onClick=${() => A.send({ type: 'reclaim' })}>${t('reclaim.button')}</button></div>`}
    ${s.missed && html`<div class="notice info" role="status"><span>${t('missed', { n: s.missed.length })}
      ${missedLines(s).map((line) => html`<br />${line}`)}</span>
      <button type="button" class="icon" onClick=${A.dismiss} aria-label=${t('notice.close')}><${Icon} name="close" /></button></div>`}
    ${sheet === 'menu' && html`<${Menu} s=${s} A=${A} onClose=${() => setSheet(null)} show=${setSheet} />`}
    ${sheet === 'rules' && html`<${Rules} mode=${g.variant} onClose=${() => setSheet(null)} />`}
    ${sheet === 'rounds' && html`<${Rounds} s=${s} onClose=${() => setSheet(null)} />`}
  </div>`;
}

/** The bottom bar: a sentence, and at most one main action. */
function Bottom({ s, A, say, children, wait }) {
  return html`<footer class="bottombar">
    <${Notice} notice=${s.notice} onClose=${A.dismiss} />
    ${say && html`<p class="say" role="status">${say}</p>`}
    ${wait && html`<p class="say waiting" role="status">${wait}</p>`}
    ${children}
  </footer>`;
}

function waitingLine(s, ids) {
  const list = ids.filter((p) => p !== me(s));
  if (!list.length) return t('wait.nobody');
  const away = list.filter((p) => {
    const m = member(s, p);
    return m && !m.online && m.kind !== 'ai';
  });
  const line = t('wait.for', { names: names(s, list), n: list.length });
  return away.length ? `${line} ${t('wait.away', { names: names(s, away), n: away.length })}` : line;
}

/** On wide screens the board fills rows evenly (7 cards: 4 + 3) and fits the height. */
function boardShape(n) {
  const rows = n <= 4 ? 1 : n <= 8 ? 2 : 3;
  return { '--cols': Math.ceil(n / rows), '--rows': rows };
}

/** A grid of cards; tapping one opens the viewer, whose button does the action. */
function CardGrid({ s, ids, numbered, select, selected, mineSet, disabledSet, action, label, extra, cls }) {
  const [open, setOpen] = useState(null);
  const big = ids.length > 8;
  return html`<div class=${`grid ${numbered ? 'board' : 'hand'} ${big ? 'many' : ''} ${cls || ''}`} role="list" aria-label=${label}
      style=${numbered ? boardShape(ids.length) : null}>
    ${ids.map((id, i) => html`<div role="listitem" key=${id}><${Card} s=${s} id=${id} number=${numbered ? i + 1 : null}
      selected=${selected ? selected(id) : false} mine=${mineSet && mineSet.has(id)}
      disabled=${disabledSet && disabledSet.has(id)}
      onOpen=${() => (select && !(disabledSet && disabledSet.has(id)) ? select(id) : setOpen(i))}>
      ${extra && extra(id, i)}
      <button type="button" class="zoom" aria-label=${t('viewer.open', { title: numbered ? t('card.number', { n: i + 1 }) : cardTitle(s, id) })}
        onClick=${() => setOpen(i)}><${Icon} name="zoom" /></button>
    </${Card}></div>`)}
    ${open !== null && html`<${Viewer} s=${s} ids=${ids} index=${open} numbered=${numbered}
      onClose=${() => setOpen(null)} action=${action} />`}
  </div>`;
}

// ---- telling ----------------------------------------------------------------------

function Telling({ s, A }) {
  const g = s.game;
  const choice = g.choice;
  const [card, setCard] = useState(null);
  const [clue, setClue] = useState('');
  const busy = !!s.pending;
  const teller = nameOf(s, g.storyteller);
  if (choice && choice.kind === 'tell') {
    const clueFirst = !choice.cards.length || g.hand_hidden;
    const ready = clue.trim() && (clueFirst || card) && !busy;
    const submit = (e) => {
      e.preventDefault();
      if (!ready) return;
      A.act(clueFirst ? { type: 'tell', clue: clue.trim() } : { type: 'tell', clue: clue.trim(), card });
    };
    return html`<main class="scroll cards-area">
      ${!clueFirst && html`<${CardGrid} s=${s} ids=${g.hand} label=${t('hand.title')}
        select=${(id) => !busy && setCard(card === id ? null : id)} selected=${(id) => id === card}
        action=${(id) => ({ label: t('tell.pick'), run: () => setCard(id), disabled: busy })} />`}
      ${clueFirst && html`<p class="big-say">${t('tell.party_first')}</p>`}
    </main>
    <${Bottom} s=${s} A=${A} say=${clueFirst ? t('tell.party_you') : t('tell.you')}>
      <form class="clue-form" onSubmit=${submit}>
        <label class="sr-only" for="clue-input">${t('clue.label')}</label>
        <input id="clue-input" maxlength="200" autocomplete="off" value=${clue} placeholder=${t('clue.placeholder')}
          enterkeyhint="send" onInput=${(e) => setClue(e.currentTarget.value)} disabled=${busy} />
        <button type="submit" class="primary" disabled=${!ready}>${t(clueFirst ? 'tell.submit_clue' : 'tell.submit')}</button>
      </form>
    </${Bottom}>`;
  }
  const watching = roleOf(s) === 'spectator';
  const say = g.variant === 'party' ? t('tell.other_party', { name: teller }) : t('tell.other', { name: teller });
  return html`<main class="scroll cards-area">
    ${!watching && g.hand.length > 0 && html`<h2 class="area-title">${t('hand.browse')}</h2>
      <${CardGrid} s=${s} ids=${g.hand} label=${t('hand.title')} />`}
    ${watching && html`<p class="big-say">${say}</p>`}
  </main>
  <${Bottom} s=${s} A=${A} say=${say} />`;
}

// ---- handing in -----------------------------------------------------------------------

function HandingIn({ s, A }) {
  const g = s.game;
  const choice = g.choice;
  const [picked, setPicked] = useState([]);
  const busy = !!s.pending;
  const role = roleOf(s);
  if (choice && choice.kind === 'hand_in') {
    const max = choice.max_cards;
    const toggle = (id) => {
      if (busy) return;
      setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id].slice(-max)));
    };
    const ok = picked.length >= choice.min_cards && picked.length <= max && !busy;
    let say = max > 1 ? t('handin.you_two', { n: max }) : t('handin.you');
    if (g.teams && role !== 'partner') {
      const partner = partnerOf(g, me(s));
      say = t('handin.team', { partner: nameOf(s, partner) });
    }
    if (role === 'partner') say = t('handin.partner', { name: nameOf(s, g.storyteller) });
    return html`<main class="scroll cards-area">
      <${CardGrid} s=${s} ids=${choice.cards} label=${t('hand.title')} select=${toggle}
        selected=${(id) => (picked.includes(id) ? (max > 1 ? String(picked.indexOf(id) + 1) : true) : false)}
        action=${(id) => ({ label: picked.includes(id) ? t('handin.unpick') : t('handin.pick'), run: () => toggle(id), disabled: busy })} />
    </main>
    <${Bottom} s=${s} A=${A} say=${say}>
      <button type="button" class="primary big" disabled=${!ok}
        onClick=${() => A.act({ type: 'hand_in', cards: picked })}>
        ${busy ? t('common.sending') : t('handin.confirm', { n: max })}</button>
    </${Bottom}>`;
  }
  const mine = new Set(g.your_cards);
  let say;
  if (role === 'storyteller') say = t('handin.st_wait');
  else if (role === 'spectator') say = t('handin.watch', { clue: g.clue });
  else if (g.your_cards.length) say = t('handin.done', { n: g.your_cards.length });
  else if (g.teams) say = t('handin.team_done');
  else say = t('handin.watch', { clue: g.clue });
  return html`<main class="scroll cards-area">
    ${g.your_cards.length > 0 && html`<h2 class="area-title">${t(role === 'storyteller' ? 'handin.your_st_card' : 'handin.your_card', { n: g.your_cards.length })}</h2>
      <${CardGrid} s=${s} ids=${g.your_cards} label=${t('handin.your_card', { n: g.your_cards.length })} mineSet=${mine} cls="locked-cards" />`}
    ${g.hand.length > 0 && html`<h2 class="area-title">${t('hand.title')}</h2><${CardGrid} s=${s} ids=${g.hand} label=${t('hand.title')} />`}
  </main>
  <${Bottom} s=${s} A=${A} say=${say} wait=${waitingLine(s, g.waiting_for)} />`;
}

// ---- voting ---------------------------------------------------------------------------

function ordinal(i) {
  return t(i === 0 ? 'vote.first' : 'vote.second');
}

function Voting({ s, A }) {
  const g = s.game;
  const choice = g.choice;
  const [votes, setVotes] = useState([]);
  const [red, setRed] = useState(null);
  const [token, setToken] = useState('green');
  const busy = !!s.pending;
  const role = roleOf(s);
  const party = g.variant === 'party';
  const mine = new Set(g.your_cards);
  const num = (id) => g.board.indexOf(id) + 1;
  const progress = t('vote.progress', { n: g.voted.length, total: g.voters.length });
  if (choice && choice.kind === 'vote') {
    const max = choice.max_cards;
    const needRed = choice.red_cards && choice.red_cards.length > 0;
    const allowed = new Set(choice.cards);
    const blocked = new Set(g.board.filter((c) => !allowed.has(c)));
    const pick = (id) => {
      if (busy) return;
      if (token === 'red') {
        setRed((r) => (r === id ? null : id));
        return;
      }
      setVotes((v) => (v.includes(id) ? v.filter((x) => x !== id) : v.length < max ? [...v, id] : [...v.slice(0, max - 1), id]));
    };
    const ok = votes.length >= choice.min_cards && (!needRed || red) && !busy;
    const summary = [
      ...votes.map((c, i) => `${max > 1 ? ordinal(i) : t('vote.your')} → #${num(c)}`),
      red ? `${t('vote.red')} → #${num(red)}` : null,
    ].filter(Boolean).join(', ');
    const mark = (id) => {
      const i = votes.indexOf(id);
      if (i >= 0) return max > 1 ? String(i + 1) : true;
      return false;
    };
    let say = max > 1 ? t('vote.you_two') : t('vote.you');
    if (party) say = t('vote.party');
    if (g.teams) say = t('vote.team', { name: nameOf(s, g.storyteller) });
    return html`<main class="scroll cards-area">
      ${max > 1 && html`<div class="tray" role="group" aria-label=${t('vote.tokens')}>
        ${[0, 1].map((i) => html`<span class=${`token-slot ${i === 0 ? 'first' : 'second'} ${votes[i] ? 'used' : ''}`}>
          ${i === 0 ? t('vote.first_token') : t('vote.second_token')} → ${votes[i] ? `#${num(votes[i])}` : '—'}</span>`)}
        <p class="muted small">${t('vote.second_meaning')}</p>
      </div>`}
      ${needRed && html`<div class="tray" role="group" aria-label=${t('vote.tokens')}>
        <button type="button" class=${`token green ${token === 'green' ? 'on' : ''}`} aria-pressed=${token === 'green'}
          onClick=${() => setToken('green')}>${t('vote.token_green')}${votes[0] ? ` → #${num(votes[0])}` : ''}</button>
        <button type="button" class=${`token red ${token === 'red' ? 'on' : ''}`} aria-pressed=${token === 'red'}
          onClick=${() => setToken('red')}>${t('vote.token_red')}${red ? ` → #${num(red)}` : ''}</button>
        <p class="muted small">${t('vote.red_meaning')}</p>
      </div>`}
      <${CardGrid} s=${s} ids=${g.board} numbered=${true} label=${t('board.title')} select=${pick}
        selected=${mark} mineSet=${mine} disabledSet=${blocked}
        extra=${(id) => red === id && html`<span class="badge red-token" aria-hidden="true">●</span>`}
        action=${(id, i) => (blocked.has(id) ? { label: t('card.yours'), disabled: true, run: () => {} }
          : { label: token === 'red' ? t('vote.red_for', { n: i + 1 }) : t('vote.for', { n: i + 1 }), run: () => pick(id), disabled: busy })} />
    </main>
    <${Bottom} s=${s} A=${A} say=${summary || say}>
      <button type="button" class="primary big" disabled=${!ok}
        onClick=${() => A.act({ type: 'vote', cards: votes, red: needRed ? red : null })}>
        ${busy ? t('common.sending') : t('vote.confirm')}</button>
    </${Bottom}>`;
  }
  let say;
  if (role === 'storyteller') say = t('vote.st_none');
  else if (role === 'partner') say = t('vote.partner_none', { name: nameOf(s, g.storyteller) });
  else if (role === 'spectator') say = t('vote.watch');
  else if (g.your_vote.length) say = t('vote.done', { cards: g.your_vote.map((c) => `#${num(c)}`).join(', ') });
  else if (g.teams) say = t('vote.teammate', { name: nameOf(s, partnerOf(g, me(s))) });
  else say = t('vote.watch');
  const voted = new Set(g.your_vote);
  return html`<main class="scroll cards-area">
    <${CardGrid} s=${s} ids=${g.board} numbered=${true} label=${t('board.title')} mineSet=${mine}
      selected=${(id) => (voted.has(id) ? (g.your_vote.length > 1 ? String(g.your_vote.indexOf(id) + 1) : true) : false)}
      extra=${(id) => g.your_red === id && html`<span class="badge red-token" aria-hidden="true">●</span>`} />
  </main>
  <${Bottom} s=${s} A=${A} say=${`${say} ${progress}`} wait=${waitingLine(s, g.waiting_for)} />`;
}

// ---- reveal ---------------------------------------------------------------------------

export function reasonOf(s, r) {
  const g = s.game;
  const st = g.teams ? teamLabel(teamOf(g, r.storyteller).name) : nameOf(s, r.storyteller);
  if (g.variant === 'party') return [t('reason.party')];
  const voters = Object.keys(r.votes);
  const found = voters.filter((v) => r.votes[v].includes(r.storyteller_card));
  const lines = [];
  if (found.length === voters.length) lines.push(t('reason.all', { st }));
  else if (found.length === 0) lines.push(t('reason.none', { st }));
  else lines.push(t('reason.some', { st, names: names(s, found), n: found.length }));
  const fooled = Object.entries(r.owners).filter(([c, o]) => o !== r.storyteller && voters.some((v) => r.votes[v].includes(c)));
  if (fooled.length) lines.push(t(g.variant === 'classic' ? 'reason.bonus_classic' : 'reason.bonus'));
  return lines;
}

function RevealBoard({ s, r }) {
  const votesOn = (card) => {
    const out = [];
    for (const [voter, cards] of Object.entries(r.votes)) {
      cards.forEach((c, i) => c === card && out.push({ voter, kind: cards.length > 1 ? String(i + 1) : '' }));
    }
    return out;
  };
  return html`<div class=${`grid board reveal ${r.board.length > 8 ? 'many' : ''}`} role="list" aria-label=${t('board.title')}
      style=${boardShape(r.board.length)}>
    ${r.board.map((card, i) => {
      const owner = r.owners[card];
      const isSt = card === r.storyteller_card;
      const vs = votesOn(card);
      const label = [t('card.number', { n: i + 1 }), isSt ? t('reveal.st_card') : t('reveal.owner', { name: nameOf(s, owner) }),
        vs.length ? t('reveal.votes', { n: vs.length, names: names(s, vs.map((v) => v.voter)) }) : t('reveal.no_votes'), r.red === card ? t('vote.red') : null]
        .filter(Boolean).join(', ');
      return html`<div role="listitem" key=${card} class=${`reveal-card ${isSt ? 'st' : ''}`} style=${{ '--c': colorOf(s, owner), '--i': isSt ? 0 : i + 1 }}
        aria-label=${label}>
        <${Card} s=${s} id=${card} number=${i + 1} />
        <p class="owner"><span class="dot" style=${{ background: colorOf(s, owner) }} aria-hidden="true"></span>
          ${isSt ? `✦ ${nameOf(s, owner)}` : nameOf(s, owner)}</p>
        <ul class="voters">${vs.map((v) => html`<li class="token-chip" style=${{ background: colorOf(s, v.voter), color: inkOn(colorOf(s, v.voter)) }}
          title=${nameOf(s, v.voter)}>${nameOf(s, v.voter)}${v.kind && html`<sup>${v.kind}</sup>`}</li>`)}
          ${r.red === card && html`<li class="token-chip red">${t('vote.red')}</li>`}</ul>
      </div>`;
    })}
  </div>`;
}

function Points({ s, r }) {
  const g = s.game;
  const entries = Object.entries(r.points).sort((a, b) => b[1] - a[1]);
  return html`<ul class="points">${entries.map(([k, v]) => html`<li key=${k}>
    <span class="dot" style=${{ background: colorOf(s, k) }} aria-hidden="true"></span>
    ${g.teams ? teamLabel(k) : nameOf(s, k)} <b>+${v}</b> <span class="muted">(${r.scores[k]})</span></li>`)}</ul>`;
}

function before(r) {
  const out = {};
  for (const k of Object.keys(r.scores)) out[k] = r.scores[k] - (r.points[k] || 0);
  return out;
}

function iCanTapNext(s) {
  const g = s.game;
  const ready = (s.table && s.table.ready) || [];
  return g.phase === 'reveal' && g.players.includes(me(s)) && !ready.includes(me(s)) && !s.pending;
}

function Reveal({ s, A }) {
  const g = s.game;
  const r = lastRound(s);
  const busy = !!s.pending;
  if (!r) return html`<main class="scroll cards-area"><p>…</p></main>`;
  const ready = (s.table && s.table.ready) || [];
  const humans = g.players.filter((p) => {
    const m = member(s, p);
    return m && m.kind === 'human' && !m.ai_control && m.online;
  });
  const notReady = humans.filter((p) => !ready.includes(p));
  const iCanTap = g.players.includes(me(s)) && !ready.includes(me(s));
  return html`<main class="scroll cards-area">
    <section class="reasons" aria-label=${t('reveal.title')}>
      ${reasonOf(s, r).map((line) => html`<p class="reason">${line}</p>`)}
    </section>
    <${RevealBoard} s=${s} r=${r} />
    <${Points} s=${s} r=${r} />
    <${ScoreTrack} s=${s} scores=${r.scores} before=${before(r)} target=${g.variant === 'odyssey' ? g.target_score : null} />
  </main>
  <${Bottom} s=${s} A=${A} say=${iCanTap ? t('reveal.say') : waitingLine(s, notReady)}>
    <div class="row">
      ${iCanTap && html`<button type="button" class="primary big" disabled=${busy} onClick=${() => A.send({ type: 'ready' })}>${t('reveal.next')}</button>`}
      ${isHost(s) && !iCanTap && html`<button type="button" class="secondary" disabled=${busy} onClick=${() => A.send({ type: 'next_round' })}>${t('reveal.continue_now')}</button>`}
    </div>
  </${Bottom}>`;
}

// ---- end ----------------------------------------------------------------------------

function End({ s, A }) {
  const g = s.game;
  const r = lastRound(s);
  const teams = !!g.teams;
  const label = (k) => (teams ? teamLabel(k) : nameOf(s, k));
  const ranking = Object.entries(g.scores).sort((a, b) => b[1] - a[1]);
  const winners = g.winners || [];
  const finished = s.table && s.table.status === 'finished';
  return html`<main class="scroll cards-area end">
    <h1 class="winners">${t('end.winners', { names: nameList(winners.map(label)), n: winners.length })}</h1>
    <ol class="ranking">${ranking.map(([k, v], i) => html`<li key=${k} class=${winners.includes(k) ? 'won' : ''}>
      <span class="rank">${i + 1}</span><span class="dot" style=${{ background: colorOf(s, k) }} aria-hidden="true"></span>
      <span class="grow">${label(k)}</span><b>${t('chip.points', { n: v })}</b></li>`)}</ol>
    <${ScoreTrack} s=${s} scores=${g.scores} target=${g.variant === 'odyssey' ? g.target_score : null} />
    ${r && html`<details class="panel"><summary>${t('end.last_round', { n: r.number })}</summary>
      ${reasonOf(s, r).map((line) => html`<p class="reason">${line}</p>`)}
      <${RevealBoard} s=${s} r=${r} /></details>`}
    ${finished && html`<p><a href=${`/api/tables/${s.table.code}/record`} download>${t('end.record')}</a></p>`}
  </main>
  <${Bottom} s=${s} A=${A} say=${isHost(s) ? t('end.host') : t('end.wait_host', { host: hostName(s) })}>
    <div class="row">
      ${isHost(s) && html`<button type="button" class="primary big" disabled=${!!s.pending} onClick=${() => A.send({ type: 'rematch' })}>${t('end.rematch')}</button>`}
      <button type="button" class="ghost" onClick=${() => A.leave()}>${t('menu.leave')}</button>
    </div>
  </${Bottom}>`;
}

// ---- TV --------------------------------------------------------------------------------

export function TvScreen({ s, A }) {
  const head = html`<header class="topbar tv-top"><${Brand} /><span class="grow"></span><${LangSwitch} A=${A} /></header>`;
  if (!s.table) {
    return html`<div class="frame tv">${head}<${ConnBanner} status=${s.status === 'idle' ? 'connecting' : s.status} onRetry=${A.retry} />
      <main class="center"><p class="big-say" role="status">${t('conn.reconnecting')}</p><${Notice} notice=${s.notice} onClose=${A.dismiss} /></main></div>`;
  }
  const link = `${location.origin}/t/${s.table.code}`;
  if (!s.game) {
    const players = seated(s);
    return html`<div class="frame tv">${head}<${ConnBanner} status=${s.status} onRetry=${A.retry} />
      <main class="tv-lobby">
        <div><p class="big-say">${t('tv.join')}</p><p class="code huge">${s.table.code}</p><p class="muted">${link}</p></div>
        <${QrCode} text=${link} />
        <div><h2>${t('lobby.seated', { n: players.length, max: s.table.max_players })}</h2>
          <ul class="chips big">${players.map((m) => html`<${Chip} key=${m.player_id} s=${s} pid=${m.player_id} state=${m.online || m.kind === 'ai' ? 'online' : null} />`)}</ul></div>
      </main></div>`;
  }
  const g = s.game;
  const r = lastRound(s);
  const inRound = ['telling', 'handing_in', 'voting'].includes(g.phase);
  const teller = nameOf(s, g.storyteller);
  let sentence;
  if (g.phase === 'telling') sentence = g.variant === 'party' ? t('tell.other_party', { name: teller }) : t('tell.other', { name: teller });
  else if (g.phase === 'handing_in') sentence = t('tv.handing_in', { clue: g.clue });
  else if (g.phase === 'voting') sentence = t('tv.voting', { n: g.voted.length, total: g.voters.length });
  else if (g.phase === 'reveal') sentence = r ? reasonOf(s, r).join(' ') : '';
  else sentence = t('end.winners', { names: nameList((g.winners || []).map((k) => (g.teams ? teamLabel(k) : nameOf(s, k)))), n: (g.winners || []).length });
  const scores = g.phase === 'reveal' && r ? r.scores : g.scores;
  return html`<div class=${`frame tv phase-${g.phase}`}>
    <${ConnBanner} status=${s.status} onRetry=${A.retry} />
    <header class="topbar tv-top">
      <span class="role">${t('round.n', { n: g.round })}</span>
      <div class="clue-box">${(inRound && g.clue) || ((g.phase === 'reveal' || g.phase === 'game_over') && r)
        ? html`<p class="clue">“<span class="clue-text">${inRound ? g.clue : r.clue}</span>”</p><p class="by">${t('clue.by', { name: nameOf(s, inRound ? g.storyteller : r.storyteller) })}</p>`
        : html`<p class="by">${t('tv.code', { code: s.table.code })}</p>`}</div>
      <${Timer} timer=${s.timer} /><${LangSwitch} A=${A} />
    </header>
    <${PlayerChips} s=${s} />
    <main class="tv-main">
      <p class="big-say" role="status">${sentence}</p>
      ${inRound && g.waiting_for.length > 0 && html`<p class="say">${t('wait.for', { names: names(s, g.waiting_for), n: g.waiting_for.length })}</p>`}
      ${g.phase === 'voting' && html`<div class="grid board tv-board" role="list" aria-label=${t('board.title')} style=${boardShape(g.board.length)}>
        ${g.board.map((id, i) => html`<div role="listitem" key=${id}><${Card} s=${s} id=${id} number=${i + 1} /></div>`)}</div>`}
      ${(g.phase === 'reveal' || g.phase === 'game_over') && r && html`<${RevealBoard} s=${s} r=${r} />`}
      <${ScoreTrack} s=${s} scores=${scores} before=${g.phase === 'reveal' && r ? before(r) : null}
        target=${g.variant === 'odyssey' ? g.target_score : null} />
    </main>
  </div>`;
}
