/**
 * A player's page (`/@/<name>`, routed as `#/@/<name>`) and the leaderboard of a ruleset
 * (`#/leaderboard/<ruleset>`). The profile shows each rated ruleset's rating (with "?" while
 * provisional), W/D/L, the rating's history as a small chart, the member's first day, the recent
 * games (paged; each opens the game's view), and, to a signed-in reader who is someone else, a
 * Block/Unblock button.
 */
import { getRuleset } from '@gabata/engine/games';
import { ApiError } from './api.js';
import { h } from './dom.js';
import { gamesOf, leaderboardOf, profileOf, setBlocked, type PlayerGames, type Profile, type RatingView } from './players-api.js';
import { ratingChart } from './profile-chart.js';
import { link, type Page } from './router.js';
import { I18N, T } from './text.js';
import { dayText, momentText } from './when.js';

/** A message of the catalogue's `players` area. */
export const P = (key: string, vars: Record<string, string | number> = {}): string => I18N.lookup(`players.${key}`, vars) ?? key;

/** A ruleset's name in the page's language (its id when unknown). */
export function rulesetLabel(id: string): string {
  const r = getRuleset(id);
  return r.ok ? T.rulesetName(r.value.info) : id;
}

/** A rating as shown: rounded, without a thousands separator (a rating is a score, not an amount), with "?" while provisional. */
export const ratingText = (r: { rating: number; provisional: boolean }): string =>
  `${I18N.formatNumber(r.rating, { useGrouping: false })}${r.provisional ? '?' : ''}`;

/** The link to a player's page. */
export const profileLink = (name: string): HTMLElement => h('a', { href: link(`/@/${name}`), class: 'player-link' }, name);

function errorLine(e: unknown): HTMLElement {
  const text = e instanceof ApiError && e.status === 404 ? P('notFound') : e instanceof Error ? e.message : String(e);
  return h('p', { class: 'message', role: 'alert' }, text);
}

function ratingCard(r: RatingView, history: Profile['history']): HTMLElement {
  const points = history[r.ruleset] ?? [];
  const name = rulesetLabel(r.ruleset);
  const first = points[0] ? ratingText({ rating: points[0].rating, provisional: false }) : '';
  const last = points.at(-1) ? ratingText({ rating: points.at(-1)!.rating, provisional: false }) : '';
  return h(
    'li',
    { class: 'rating-card', 'data-ruleset': r.ruleset },
    h('h3', {}, h('a', { href: link(`/leaderboard/${r.ruleset}`), title: P('leaderboard') }, name)),
    h('p', { class: 'rating-now' }, h('span', { class: 'rating-value', 'aria-label': `${P('rating')} ${ratingText(r)}` }, ratingText(r))),
    h('p', { class: 'rating-record' }, P('record', { wins: r.wins, draws: r.draws, losses: r.losses })),
    h('p', { class: 'rating-games' }, P('ratingGames', { count: r.games })),
    ratingChart(points, P('chart', { ruleset: name, first, last })),
  );
}

function ratingsSection(p: Profile): HTMLElement {
  const provisional = p.ratings.some((r) => r.provisional);
  return h(
    'section',
    { class: 'profile-ratings', 'aria-labelledby': 'profile-ratings-title' },
    h('h2', { id: 'profile-ratings-title' }, P('ratings')),
    p.ratings.length === 0
      ? h('p', {}, P('noRatings'))
      : h(
          'ul',
          { class: 'rating-cards' },
          p.ratings.map((r) => ratingCard(r, p.history)),
        ),
    provisional ? h('p', { class: 'note' }, P('provisionalNote')) : null,
  );
}

/**
 * How a game of the list ended for the page's player, in words: won, lost or drawn and how (the
 * server's `result` is English and from the seats' side); a game not over says so.
 */
function outcomeText(name: string, g: PlayerGames['games'][number]): string | null {
  if (g.status !== 'over') return T.statusPlaying;
  const end = g.end;
  const seat = g.players.findIndex((n) => n !== null && n.toLowerCase() === name.toLowerCase()) + 1;
  if (end === null || seat === 0) return g.result;
  const outcome = end.winner === 0 ? 'drawn' : end.winner === seat ? 'won' : 'lost';
  const how = end.reason === 'rules' ? undefined : I18N.lookup(`players.endWord.${end.reason}`);
  return [P(`outcome.${outcome}`), how].filter(Boolean).join(' · ');
}

/** One game of the list: the ruleset, the other players, how it ended for this player, when; it opens the game's view. */
function gameItem(name: string, g: PlayerGames['games'][number]): HTMLElement {
  const mine = (n: string | null): boolean => n !== null && n.toLowerCase() === name.toLowerCase();
  const others = g.players.flatMap((n, i) => {
    if (mine(n)) return [];
    return [n ?? (g.seats[i]?.kind.startsWith('computer') ? P('computer') : P('anonymous'))];
  });
  const opponent = others.join(', ') || P('anonymous');
  const when = momentText(new Date(g.updated));
  return h(
    'li',
    { class: 'profile-game' },
    h('a', { href: link(`/watch/${g.id}`) }, P('gameAgainst', { ruleset: rulesetLabel(g.ruleset), opponent })),
    ' ',
    h('small', { class: 'profile-game-end' }, [outcomeText(name, g), when].filter(Boolean).join(' · ')),
  );
}

function gamesSection(name: string): HTMLElement {
  const list = h('ul', { class: 'profile-games' });
  const more = h('button', { type: 'button', class: 'more-games', hidden: true }, P('moreGames'));
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  let next: string | null = null;
  const load = (): void => {
    more.hidden = true;
    gamesOf(name, next).then(
      (page) => {
        if (page.games.length === 0 && list.childElementCount === 0) status.textContent = P('noGames');
        for (const g of page.games) list.append(gameItem(name, g));
        next = page.next;
        more.hidden = next === null;
      },
      (e: unknown) => status.replaceChildren(errorLine(e)),
    );
  };
  more.addEventListener('click', load);
  load();
  return h(
    'section',
    { class: 'profile-games-section', 'aria-labelledby': 'profile-games-title' },
    h('h2', { id: 'profile-games-title' }, P('recentGames')),
    list,
    status,
    more,
  );
}

/** The Block/Unblock button of a signed-in reader on someone else's page. */
function blockButton(p: Profile): HTMLElement | null {
  if (p.you !== false) return p.you ? h('p', { class: 'note' }, P('you')) : null;
  let blocked = p.blocked === true;
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'block-button', 'aria-pressed': String(blocked) });
  const show = (): void => {
    button.textContent = blocked ? P('unblock') : P('block');
    button.setAttribute('aria-pressed', String(blocked));
  };
  button.addEventListener('click', () => {
    button.disabled = true;
    setBlocked(p.name, !blocked).then(
      () => {
        blocked = !blocked;
        status.textContent = blocked ? P('blocked', { name: p.name }) : P('unblocked', { name: p.name });
        show();
        button.disabled = false;
      },
      (e: unknown) => {
        status.replaceChildren(errorLine(e));
        button.disabled = false;
      },
    );
  });
  show();
  return h('div', { class: 'profile-block' }, button, status);
}

function renderProfile(box: HTMLElement, p: Profile): void {
  document.title = `${p.name} · ${T.appTitle}`;
  const parts = [
    h('h1', {}, P('profileTitle', { name: p.name })),
    h('p', { class: 'member-since' }, P('memberSince', { date: dayText(p.memberSince) })),
    blockButton(p),
    ratingsSection(p),
    gamesSection(p.name),
  ];
  box.replaceChildren(...parts.filter((e): e is HTMLElement => e !== null));
}

/** The page of a player: `params[0]` is the name. */
export const profilePage: Page = (root, [name]) => {
  const box = h('section', { class: 'panel profile', 'aria-busy': 'true' }, h('p', {}, T.loading));
  root.append(box);
  profileOf(name ?? '').then(
    (p) => {
      renderProfile(box, p);
      box.removeAttribute('aria-busy');
    },
    (e: unknown) => {
      box.replaceChildren(h('h1', {}, P('profileTitle', { name: name ?? '' })), errorLine(e));
      box.removeAttribute('aria-busy');
    },
  );
};

/** The leaderboard of a ruleset: `params[0]` is its id. */
export const leaderboardPage: Page = (root, [ruleset]) => {
  const id = ruleset ?? '';
  const box = h('section', { class: 'panel leaderboard' }, h('h1', {}, P('leaderboardTitle', { ruleset: rulesetLabel(id) })));
  root.append(box);
  document.title = `${P('leaderboard')} · ${rulesetLabel(id)}`;
  leaderboardOf(id).then(
    (b) => {
      box.append(h('p', { class: 'note' }, P('leaderboardHelp', { days: b.activeDays })));
      if (b.players.length === 0) {
        box.append(h('p', {}, P('leaderboardEmpty')));
        return;
      }
      const head = h(
        'tr',
        {},
        h('th', { scope: 'col' }, P('rank')),
        h('th', { scope: 'col' }, P('player')),
        h('th', { scope: 'col' }, P('rating')),
        h('th', { scope: 'col' }, P('games')),
      );
      const rows = b.players.map((p) =>
        h(
          'tr',
          {},
          h('td', {}, I18N.formatNumber(p.rank)),
          h('td', {}, profileLink(p.name)),
          h('td', {}, ratingText(p)),
          h('td', {}, I18N.formatNumber(p.games)),
        ),
      );
      box.append(h('table', { class: 'leaderboard-table' }, h('thead', {}, head), h('tbody', {}, rows)));
    },
    (e: unknown) => box.append(errorLine(e)),
  );
};
