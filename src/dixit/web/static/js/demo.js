// /demo: every screen of the client drawn from made-up data, for polishing
// and for screenshots in the tests. The views imitate the engine's view()
// (src/dixit/engine/views.py); nothing is sent anywhere.
import { useEffect, useState } from 'preact/hooks';
import { safeGet, t } from './i18n.js';
import { GameScreen, Home, JoinScreen, Lobby, TvScreen } from './screens.js';
import { html } from './ui.js';

const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];
// Card ids of the default deck, so that the screens show its pictures.
const card = (i) => `dream-${String(i).padStart(3, '0')}`;

function members(n, extra = {}) {
  return Array.from({ length: n }, (_, i) => ({
    player_id: `p${i + 1}`,
    name: NAMES[i],
    role: 'player',
    kind: extra.ai && extra.ai.includes(i) ? 'ai' : 'human',
    seat: i,
    online: !(extra.away && extra.away.includes(i)),
    away_ms: extra.away && extra.away.includes(i) ? 95000 : null,
    ai_control: !!(extra.ai && extra.ai.includes(i)),
  }));
}

function table(n, over = {}) {
  return {
    code: 'K7QXPM', mode: 'odyssey', options: { target_score: 30 }, deck: 'dream',
    time_limits: { telling: null, handing_in: null, voting: null, reveal: null }, grace_seconds: 60,
    status: 'playing', game_number: 1, host: 'p1', max_players: 12, members: members(n, over),
    ready: [], ...over.table,
  };
}

function game(n, over = {}) {
  const players = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  const scores = Object.fromEntries(players.map((p, i) => [p, [7, 12, 4, 9, 15, 3, 11, 6][i]]));
  return {
    variant: 'odyssey', options: { target_score: 30 }, players, you: 'p2', seat: 1, round: 5,
    phase: 'telling', storyteller: 'p1', clue: null, scores, target_score: 30,
    hand_size: n === 3 ? 7 : 6, hand_in_count: n === 3 ? 2 : 1, max_votes: n >= 7 ? 2 : 1,
    draw_pile: 54, discard_pile: 20, waiting_for: ['p1'], handed_in: [], board: [], voters: [],
    voted: [], finished: false, winners: [], history: [],
    hand: [card(11), card(12), card(13), card(14), card(15), card(16)], hand_hidden: false,
    your_cards: [], your_vote: [], your_red: null, choice: null, ...over,
  };
}

function round(n, over = {}) {
  const players = Array.from({ length: n }, (_, i) => `p${i + 1}`);
  const board = players.map((_, i) => card(40 + i * 3));
  const owners = Object.fromEntries(board.map((c, i) => [c, players[(i + 2) % n]]));
  const st = board.find((c) => owners[c] === 'p1');
  const votes = {};
  players.slice(1).forEach((p, i) => {
    const options = board.filter((c) => owners[c] !== p);
    votes[p] = [i % 2 === 0 ? st : options[(i + 1) % options.length]];
  });
  const points = Object.fromEntries(players.map((p, i) => [p, [3, 3, 1, 3, 0, 4, 3, 0][i] || 0]));
  const scores = Object.fromEntries(players.map((p, i) => [p, [10, 15, 5, 12, 15, 7, 14, 6][i]]));
  return {
    number: 5, storyteller: 'p1', clue: 'the <b>lighthouse</b> keeper’s dream', storyteller_card: st,
    board, owners, handed_in: {}, votes, red: null, points, scores, ...over,
  };
}

const vote = (cards, max = 1, extra = {}) => ({ kind: 'vote', cards, min_cards: 1, max_cards: max, needs_clue: false, red_cards: [], ...extra });

function scenarios() {
  const s4 = { table: table(4), you: { player_id: 'p2', role: 'player' } };
  const host = { you: { player_id: 'p1', role: 'player' } };
  const board4 = [card(31), card(22), card(47), card(5)];
  const board7 = [card(31), card(22), card(47), card(5), card(60), card(61), card(62)];
  const r4 = round(4);
  const r7 = round(7);
  const teams = [{ name: 'sun', players: ['p1', 'p4'] }, { name: 'moon', players: ['p2', 'p5'] }, { name: 'star', players: ['p3', 'p6'] }];
  const teamScores = { sun: 9, moon: 12, star: 6 };
  return {
    'home': { page: 'home' },
    'join': { page: 'join', s: { summary: { code: 'K7QXPM', mode: 'odyssey', status: 'lobby', host_name: 'Ana', players: 3, max_players: 12, spectators: 0 } } },
    'lobby-host': { page: 'lobby', s: { ...host, table: table(3, { ai: [2], table: { status: 'lobby' } }) } },
    'lobby-guest': { page: 'lobby', s: { table: table(5, { away: [3], table: { status: 'lobby' } }), you: { player_id: 'p2', role: 'player' } } },
    'telling-storyteller': { s: { ...host, table: table(4), game: game(4, { you: 'p1', seat: 0, choice: { kind: 'tell', cards: [card(11), card(12), card(13), card(14), card(15), card(16)], min_cards: 1, max_cards: 1, needs_clue: true, red_cards: [] } }) } },
    'telling-other': { s: { ...s4, game: game(4), timer: { phase: 'telling', remaining_ms: 42000, limit_s: 60, at: performance.now() } } },
    'party-clue-first': { s: { ...host, table: table(6, { table: { mode: 'party' } }), game: game(6, { variant: 'party', you: 'p1', seat: 0, hand: [], hand_hidden: true, hand_size: 5, choice: { kind: 'tell', cards: [], min_cards: 0, max_cards: 0, needs_clue: true, red_cards: [] } }) } },
    'handing-in': { s: { ...s4, game: game(4, { phase: 'handing_in', clue: 'the <script>alert(1)</script> tide', waiting_for: ['p2', 'p3', 'p4'], choice: { kind: 'hand_in', cards: [card(11), card(12), card(13), card(14), card(15), card(16)], min_cards: 1, max_cards: 1, needs_clue: false, red_cards: [] } }) } },
    'handing-in-3p': { s: { table: table(3), you: { player_id: 'p2', role: 'player' }, game: game(3, { phase: 'handing_in', clue: 'a quiet storm', waiting_for: ['p2', 'p3'], hand: [card(11), card(12), card(13), card(14), card(15), card(16), card(17)], choice: { kind: 'hand_in', cards: [card(11), card(12), card(13), card(14), card(15), card(16), card(17)], min_cards: 2, max_cards: 2, needs_clue: false, red_cards: [] } }) } },
    'handed-in': { s: { table: table(4, { away: [3] }), you: { player_id: 'p2', role: 'player' }, game: game(4, { phase: 'handing_in', clue: 'a quiet storm', waiting_for: ['p3', 'p4'], handed_in: ['p2'], your_cards: [card(13)], hand: [card(11), card(12), card(14), card(15), card(16)] }) } },
    'voting': { s: { ...s4, game: game(4, { phase: 'voting', clue: 'a quiet storm', board: board4, voters: ['p2', 'p3', 'p4'], voted: ['p3'], waiting_for: ['p2', 'p4'], your_cards: [card(22)], hand: [card(11), card(12), card(14), card(15), card(16)], choice: vote([card(31), card(47), card(5)]) }) } },
    'voting-7': { s: { table: table(7), you: { player_id: 'p2', role: 'player' }, game: game(7, { phase: 'voting', clue: 'a quiet storm', board: board7, voters: ['p2', 'p3', 'p4', 'p5', 'p6', 'p7'], voted: [], waiting_for: ['p2', 'p3', 'p4', 'p5', 'p6', 'p7'], your_cards: [card(22)], choice: vote(board7.filter((c) => c !== card(22)), 2) }) } },
    'voting-storyteller': { s: { ...host, table: table(4), game: game(4, { you: 'p1', seat: 0, phase: 'voting', clue: 'a quiet storm', board: board4, voters: ['p2', 'p3', 'p4'], voted: ['p3'], waiting_for: ['p2', 'p4'], your_cards: [card(47)] }) } },
    'voting-party-storyteller': { s: { ...host, table: table(6, { table: { mode: 'party' } }), game: game(6, { variant: 'party', you: 'p1', seat: 0, phase: 'voting', clue: 'a quiet storm', board: board7.slice(0, 6), voters: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'], voted: [], waiting_for: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'], your_cards: [card(47)], choice: vote(board7.slice(0, 6), 1, { red_cards: board7.slice(0, 6) }) }) } },
    'voted': { s: { ...s4, game: game(4, { phase: 'voting', clue: 'a quiet storm', board: board4, voters: ['p2', 'p3', 'p4'], voted: ['p2', 'p3'], waiting_for: ['p4'], your_cards: [card(22)], your_vote: [card(5)] }) } },
    'team-handing-in': { s: { table: table(6, { table: { mode: 'team' } }), you: { player_id: 'p2', role: 'player' }, game: game(6, { variant: 'team', teams, team: 'moon', scores: teamScores, phase: 'handing_in', clue: 'two moons', hand: [card(11), card(12), card(13), card(14)], waiting_for: ['p2', 'p3', 'p4', 'p5', 'p6'], choice: { kind: 'hand_in', cards: [card(11), card(12), card(13), card(14)], min_cards: 1, max_cards: 1, needs_clue: false, red_cards: [] } }) } },
    'team-voting-partner': { s: { table: table(6, { table: { mode: 'team' } }), you: { player_id: 'p5', role: 'player' }, game: game(6, { variant: 'team', teams, team: 'moon', you: 'p5', seat: 4, scores: teamScores, phase: 'voting', clue: 'two moons', board: board4, voters: ['p2', 'p6'], voted: [], waiting_for: ['p2', 'p6'], your_cards: [card(22)] }) } },
    'classic-telling': { s: { table: table(5, { table: { mode: 'classic' } }), you: { player_id: 'p2', role: 'player' }, game: game(5, { variant: 'classic', draw_pile: 3, discard_pile: 70 }) } },
    'reveal': { s: { ...s4, game: game(4, { phase: 'reveal', scores: r4.scores }), history: [r4], table: { ...table(4), ready: ['p3'] } } },
    'reveal-7': { s: { table: table(7), you: { player_id: 'p2', role: 'player' }, game: game(7, { phase: 'reveal', scores: r7.scores }), history: [{ ...r7, votes: { ...r7.votes, p4: [r7.storyteller_card, r7.board[3]] } }] } },
    'reveal-party': { s: { ...s4, table: table(6, { table: { mode: 'party' } }), game: game(6, { variant: 'party', phase: 'reveal', scores: round(6).scores }), history: [{ ...round(6), red: round(6).board[4] }] } },
    'end': { s: { ...host, table: { ...table(4), status: 'finished' }, game: game(4, { phase: 'game_over', finished: true, scores: { p1: 31, p2: 27, p3: 31, p4: 18 }, winners: ['p1', 'p3'] }), history: [r4] } },
    'end-guest': { s: { ...s4, table: { ...table(4), status: 'finished' }, game: game(4, { phase: 'game_over', finished: true, scores: { p1: 24, p2: 33, p3: 19, p4: 18 }, winners: ['p2'] }), history: [r4] } },
    'chat': { s: { ...s4, game: game(4), chatOpen: true, chat: [
      { version: 1, player_id: 'p1', name: 'Ana', text: 'hello everyone' },
      { version: 2, player_id: 'p3', name: '<img src=x onerror=alert(1)>', text: '<script>alert("hi")</script> & <b>bold</b>' },
    ] } },
    'tv-lobby': { page: 'tv', s: { table: table(5, { table: { status: 'lobby' } }), you: { player_id: 'p9', role: 'spectator' } } },
    'tv-voting': { page: 'tv', s: { table: table(4), you: { player_id: 'p9', role: 'spectator' }, game: game(4, { you: null, seat: null, hand: [], phase: 'voting', clue: 'a quiet storm', board: board4, voters: ['p2', 'p3', 'p4'], voted: ['p3'], waiting_for: ['p2', 'p4'] }) } },
    'tv-reveal': { page: 'tv', s: { table: table(4), you: { player_id: 'p9', role: 'spectator' }, game: game(4, { you: null, seat: null, hand: [], phase: 'reveal', scores: r4.scores }), history: [r4] } },
  };
}

const BASE = {
  route: { page: 'table', code: 'K7QXPM' }, status: 'open', summary: null, needJoin: false, you: null,
  table: null, game: null, history: [], timer: null, chat: [], unread: 2, chatOpen: false, version: 1,
  gameVersion: 1, pending: null, notice: null, missed: null, deck: null, ended: null,
};

/** The server's default deck, in the shape main.js keeps it; null until loaded. */
async function defaultDeck() {
  const listed = await fetch('/api/decks');
  if (!listed.ok) return null;
  const known = (await listed.json()).decks.find((d) => d.default);
  if (!known) return null;
  const res = await fetch(`/api/decks/${encodeURIComponent(known.id)}`);
  if (!res.ok) return null;
  const body = await res.json();
  const cards = {};
  for (const c of body.cards) cards[c.id] = c;
  return { id: body.id, title: body.title, cards };
}

export function Demo({ A }) {
  const [, redraw] = useState(0);
  const [deck, setDeck] = useState(null);
  useEffect(() => {
    defaultDeck()
      .then(setDeck)
      .catch(() => setDeck(null)); // cards are drawn without pictures
  }, []);
  const name = new URLSearchParams(location.search).get('screen');
  const all = scenarios();
  const fake = {
    ...A,
    act: () => false,
    send: () => false,
    chat: () => {},
    create: () => {},
    join: () => {},
    leave: () => {},
    retry: () => {},
    dismiss: () => {},
    setChatOpen: (open) => {
      all[name].s.chatOpen = open;
      redraw((x) => x + 1);
    },
    setLang: async (code) => {
      await A.setLang(code);
      redraw((x) => x + 1);
    },
    setNudge: (on) => {
      A.setNudge(on);
      redraw((x) => x + 1);
    },
    shareLink: () => `${location.origin}/t/K7QXPM`,
    deviceLink: () => `${location.origin}/t/K7QXPM#token=made-up-demo-token`,
    goto: () => {},
  };
  if (!name || !all[name]) {
    return html`<div class="page"><h1>${t('demo.title')}</h1><p>${t('demo.lead')}</p>
      <ul class="demo-nav">${Object.keys(all).map((k) => html`<li><a href=${`/demo?screen=${k}`}>${k}</a></li>`)}</ul></div>`;
  }
  const sc = all[name];
  const nudge = safeGet('dixit.nudge') === '1';
  const s = { ...BASE, ...sc.s, deck, nudge, route: { page: sc.page === 'tv' ? 'tv' : 'table', code: 'K7QXPM' } };
  if (sc.page === 'home') return html`<${Home} s=${{ ...s, route: { page: 'home' } }} A=${fake} />`;
  if (sc.page === 'join') return html`<${JoinScreen} s=${s} A=${fake} />`;
  if (sc.page === 'lobby') return html`<${Lobby} s=${s} A=${fake} />`;
  if (sc.page === 'tv') return html`<${TvScreen} s=${s} A=${fake} />`;
  return html`<${GameScreen} s=${s} A=${fake} />`;
}
