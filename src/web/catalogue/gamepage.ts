/**
 * A game's page: description and history in our own words, the rules clause by clause, the
 * readings we reconstructed with their options, origin, identifiers, sources with pages, similar
 * games, every evidence record with every field and its place on the map, the concepts and
 * measured figures, and a Play button that opens the board with this ruleset.
 */
import { compilationConcepts } from '../../catalogue/ludii-concepts.js';
import type { CatalogueSource, EvidenceRecord } from '../../catalogue/types.js';
import { type OptionSpec, optionValueWords } from '@gabata/engine/core';
import { Board } from '../board.js';
import { h } from '../dom.js';
import { landmarks } from '../engine.js';
import { items, type Item } from './data.js';
import { evidenceMap, markersOf } from './map.js';
import type { Nav } from './nav.js';
import { figuresPlot } from './plot.js';
import { I18N } from '../text.js';
import { dayText } from '../when.js';
import { raceSection } from './race.js';
import { CAPTURE_WORDS, CT, proseOf, readingText, slug } from './text.js';

const sourceText = (s: CatalogueSource): string => `${s.author} ${s.year}. ${s.title}. ${s.published}.`;
const num = (x: number): string => I18N.formatNumber(x);
const num1 = (x: number): string => I18N.formatNumber(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** Identifiers in other catalogues (`DLP.Evidence.665`, `BGG.39615`): written as they are, as code. */
const IDENTIFIER = /\b(?:DLP|BGG)(?:\.[A-Za-z]+)*\.\d+\b/g;

/** A paragraph of ours, its identifiers set as code. */
function prose(text: string): (Node | string)[] {
  const out: (Node | string)[] = [];
  let at = 0;
  for (const m of text.matchAll(IDENTIFIER)) {
    out.push(text.slice(at, m.index), h('code', {}, m[0]));
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out.filter((x) => x !== '');
}

/** Punctuation in the page's language (Ge'ez script has its own colon and comma: ፦ ፣). */
const COLON = I18N.t('pages.colon');
const LIST = I18N.t('pages.listSeparator');

/** A word of the concepts table ('relay', 'during play') in the page's language. */
const concept = (word: string): string => I18N.lookup(`pages.concept.${word}`) ?? word;

/**
 * What an option's value means: in English the ruleset's own explanation; in a translation the
 * plain words of the new-game screen (`options.*`) where they exist, else the explanation.
 */
function optionWords(rulesetId: string, name: string, value: string, english: string | undefined): string | undefined {
  if (I18N.lang === 'en') return english;
  const words = (at: string): string | undefined =>
    I18N.lookup(`${at}.values.${value}`) ?? (/^\d+$/.test(value) ? I18N.lookup(`${at}.values.n`, { count: Number(value) }) : undefined);
  return words(`options.in.${rulesetId}.${name}`) ?? words(`options.opt.${name}`) ?? english;
}

function section(title: string, id: string, ...body: (Node | string | null)[]): HTMLElement {
  return h('section', { class: 'panel', id, 'aria-labelledby': `${id}-h` }, h('h2', { id: `${id}-h` }, title), ...body);
}

function dl(rows: [string, Node | string | null][]): HTMLElement {
  return h(
    'dl',
    { class: 'facts' },
    rows.filter(([, v]) => v !== null && v !== '').flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

function evidenceCard(ev: EvidenceRecord): HTMLElement {
  const p = ev.place;
  const deg = (x: number): string => I18N.formatNumber(Math.abs(x), { minimumFractionDigits: 6, maximumFractionDigits: 6 });
  const lat = I18N.t(p.coords.lat >= 0 ? 'pages.latNorth' : 'pages.latSouth', { deg: deg(p.coords.lat) });
  const lon = I18N.t(p.coords.lon >= 0 ? 'pages.lonEast' : 'pages.lonWest', { deg: deg(p.coords.lon) });
  const coords = `${lat}, ${lon}`;
  return h(
    'article',
    { class: 'evidence-record', 'data-evidence': ev.id },
    h('h3', {}, h('code', {}, ev.id)),
    dl([
      [CT.field.id, h('code', {}, ev.id)],
      [CT.field.type, I18N.lookup(`pages.evidenceType.${ev.type}`) ?? ev.type],
      [CT.field.place, `${p.name}, ${p.country}`],
      [CT.field.coords, p.basis === 'seed' ? coords : `${coords} (${CT.approximate})`],
      [CT.field.dms, p.dms ? h('span', { translate: 'no' }, p.dms) : null],
      [CT.field.date, `${dayText(ev.date.from)} – ${dayText(ev.date.to)}`],
      [CT.field.confidence, I18N.formatNumber(ev.confidence)],
      [CT.field.source, h('span', {}, h('cite', { translate: 'no' }, sourceText(ev.source)), ` ${CT.pages(ev.source.pages)}`)],
      [CT.field.citation, h('cite', { translate: 'no' }, ev.citation)],
      [CT.field.rules, h('span', {}, ...prose(ev.rulesParaphrase))],
      [CT.field.content, h('span', {}, ...prose(ev.contentSummary))],
      [CT.field.note, [ev.note, p.basis === 'approximate' ? p.note : undefined].filter(Boolean).join(' ') || null],
    ]),
  );
}

function optionLine(rulesetId: string, specs: readonly OptionSpec[], names: string): HTMLElement {
  const parts = names
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((name) => {
      const spec = specs.find((o) => o.name === name);
      if (!spec) return h('span', {}, h('code', {}, name));
      const dflt = String(spec.default);
      const english = optionValueWords(spec, spec.default) ?? spec.question;
      const explain = optionWords(rulesetId, name, dflt, english);
      const others =
        spec.kind === 'choice' ? spec.values.filter((x) => x !== dflt) : spec.kind === 'boolean' ? [String(!spec.default)] : [];
      return h(
        'span',
        { class: 'option-line', 'data-option': name },
        h('code', {}, `${name} = ${dflt}`),
        ` (${CT.defaultReading})${explain ? `${COLON}${explain}` : ''}`,
        others.length
          ? h(
              'span',
              { class: 'others' },
              `${I18N.t('pages.clauseSeparator')}${I18N.t('pages.otherReadings')}${COLON}`,
              h('code', {}, others.join(', ')),
            )
          : null,
      );
    });
  return h('div', { class: 'recon-option' }, h('span', { class: 'label' }, `${CT.option}${COLON}`), ...parts);
}

/** A capture named by its clause, in the clause's words: 'GIF-06: a last bean making two or four…'. */
function captureByClause(it: Item, id: string): string {
  const c = it.entry.clauses.find((x) => x.id === id);
  return c ? `${id}: ${c.text.charAt(0).toLowerCase()}${c.text.slice(1).replace(/\.$/, '')}` : id;
}

function conceptsTable(it: Item): HTMLElement {
  const c = it.concepts;
  const f = it.figures;
  const g = it.ruleset.create({});
  const geo = g.ok ? g.value.geometry : undefined;
  const rows: [string, string | Node][] = [];
  // The board is read live from the game's geometry; play-derived concepts come from the shipped computation.
  if (geo)
    rows.push(
      [CT.c.board, `${geo.rows} × ${geo.cols} (${I18N.t('pages.holes', { count: geo.holeCount })})`],
      [CT.c.stores, I18N.formatNumber(geo.stores.length)],
      [CT.c.tracks, I18N.formatNumber(geo.tracks.length)],
    );
  if (c) {
    rows.push(
      [CT.c.sowing, concept(c.sowing)],
      [CT.c.race, c.race ? CT.yes : CT.no],
      [CT.c.captures, c.captureKinds.map((k) => CAPTURE_WORDS[k] ?? captureByClause(it, k)).join('; ') || CT.none],
      [CT.c.ownership, c.ownershipChanges.map(concept).join(LIST) || CT.never],
      [CT.c.rounds, concept(c.rounds)],
      [CT.c.skips, c.skips ? CT.yes : CT.no],
      [CT.c.passes, c.passes ? CT.yes : CT.no],
    );
  }
  rows.push([CT.c.players, it.ruleset.info.players.map((p) => I18N.formatNumber(p)).join(I18N.t('pages.or'))]);
  if (c) {
    // Beside them, the compilation concepts in Ludii's vocabulary (its names and ids, not translated: they are identifiers).
    const ludii = compilationConcepts(it.ruleset, {}, c)
      .filter((x) => x.value !== 0)
      .map((x) => `${x.concept.name} (${x.concept.id})${x.value === 1 ? '' : ` = ${x.value}`}`);
    rows.push([CT.c.ludii, h('span', { translate: 'no', lang: 'en' }, ludii.join(', '))]);
  }
  if (f) {
    rows.push(
      [CT.c.meanLength, num(f.meanLength)],
      [CT.c.lengthRange, `${num(f.lengthQuartiles[0])} / ${num(f.lengthQuartiles[2])} / ${num(f.lengthQuartiles[4])}`],
      [CT.c.meanRounds, num(f.meanRounds)],
      [CT.c.advantage, I18N.t('pages.points', { value: `${f.firstPlayerAdvantage >= 0 ? '+' : ''}${num1(f.firstPlayerAdvantage * 100)}` })],
      [CT.c.drawRate, I18N.formatNumber(f.drawRate, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })],
      [CT.c.branching, num(f.branchingFactor)],
    );
  }
  return h(
    'table',
    { class: 'concepts' },
    h(
      'tbody',
      {},
      rows.map(([k, v]) => h('tr', { 'data-concept': k }, h('th', { scope: 'row' }, k), h('td', {}, v))),
    ),
  );
}

/**
 * The opening position on the app's own board, beside the description; tapping it plays. It is
 * a picture only (its holes leave the tab order): the Play button is the control.
 */
function boardPreview(it: Item, play: () => void): HTMLElement | null {
  const made = it.ruleset.create({});
  if (!made.ok) return null;
  const game = made.value;
  const s = game.newState(1);
  const box = h('div', { class: 'cat-board', 'aria-hidden': 'true', title: CT.playThis(it.entry.name) });
  try {
    const board = new Board(box, game.geometry, game.players, play);
    const none = new Set<number>();
    board.render(
      {
        counts: [...s.counts],
        owners: [...s.owners],
        marks: [...s.marks],
        captured: [...s.captured],
        reserve: [...s.reserve],
        hands: new Array<number>(game.players + 1).fill(0),
        handAt: new Array<number>(game.players + 1).fill(-1),
      },
      { legal: none, hot: none, last: none, hint: none, landmarks: landmarks(game, s), markWord: '', name: (p) => CT.player(p) },
    );
  } catch {
    // A preview is a nicety: the page stands without it.
    return null;
  }
  for (const e of box.querySelectorAll('[tabindex]')) e.setAttribute('tabindex', '-1');
  box.addEventListener('click', play);
  return box;
}

/** The link to the game's tutorial (`#/learn/<ruleset>`). */
function learnLink(rulesetId: string): HTMLElement {
  return h('a', { class: 'button learn', href: `#/learn/${rulesetId}`, 'data-action': 'learn' }, I18N.t('pages.learnToPlay'));
}

function headerOf(it: Item, play: () => void, playButton: () => HTMLElement): HTMLElement {
  const e = it.entry;
  const info = it.ruleset.info;
  return h(
    'header',
    { class: 'cat-head' },
    h('h1', {}, e.name),
    e.aliases.length ? h('p', { class: 'aliases' }, `${CT.also} `, h('span', { translate: 'no' }, e.aliases.join(', '))) : null,
    h(
      'p',
      { class: 'meta' },
      h('span', { class: 'chip region' }, e.region),
      h('span', { class: 'chip' }, e.period),
      // 'Board' and 'Sow' are every game's: the cards leave them out too.
      h('span', { class: 'chip' }, e.category.filter((c) => c !== 'Board' && c !== 'Sow').join(LIST)),
      h('span', { class: 'chip' }, info.players.map((p) => CT.playersN(p)).join(' / ')),
    ),
    h('div', { class: 'cat-head-text' }, h('p', { class: 'one-line' }, e.oneLine), playButton(), learnLink(e.rulesetId)),
    boardPreview(it, play),
  );
}

function historySection(e: Item['entry']): HTMLElement {
  return section(
    CT.history,
    'history',
    ...e.history.map((p) => h('p', {}, ...prose(p))),
    dl([
      [CT.origin, e.origin],
      [CT.period, e.period],
      [
        CT.identifiers,
        e.identifiers.length
          ? h(
              'span',
              { class: 'identifiers' },
              e.identifiers.map((i) => h('code', { 'data-identifier': i.id }, i.id)).flatMap((x, k) => (k ? [' ', x] : [x])),
            )
          : e.identifiersNote
            ? h('span', {}, ...prose(e.identifiersNote))
            : '',
      ],
      [
        CT.sources,
        h(
          'ul',
          { class: 'sources' },
          e.sources.map((s, i) =>
            h(
              'li',
              {},
              h('cite', { translate: 'no' }, sourceText(s)),
              ' ',
              h('strong', { class: 'pages' }, CT.pages(s.pages)),
              // Our words about the source, in the page's language (the catalogue's prose).
              s.note ? h('span', {}, ` (${proseOf(`${slug(e.rulesetId)}.sourceNote${i + 1}`, s.note)})`) : '',
            ),
          ),
        ),
      ],
    ]),
  );
}

function rulesSection(e: Item['entry']): HTMLElement {
  return section(
    CT.rules,
    'rules',
    h('p', { class: 'help' }, CT.rulesIntro),
    h(
      'ol',
      { class: 'cat-clauses' },
      e.clauses.map((c) => h('li', { 'data-clause': c.id }, h('code', { class: 'clause-id' }, c.id), ' ', c.text)),
    ),
  );
}

function readingsSection(it: Item): HTMLElement {
  const info = it.ruleset.info;
  return section(
    CT.reconstructions,
    'readings',
    h('p', { class: 'help' }, CT.reconstructionsIntro),
    h(
      'ul',
      { class: 'reconstructions' },
      info.reconstructions.map((r, i) =>
        h(
          'li',
          { 'data-ref': r.ref },
          h('code', {}, r.ref),
          ' ',
          readingText(info.id, i, r.text),
          r.confidence
            ? h(
                'span',
                { class: `confidence ${r.confidence}` },
                ` ${CT.confidence} ${I18N.lookup(`pages.confidence.${r.confidence}`) ?? r.confidence}`,
              )
            : null,
          r.option ? optionLine(info.id, it.ruleset.options, r.option) : h('div', { class: 'recon-option' }, CT.noOption),
        ),
      ),
    ),
  );
}

function evidenceSection(e: Item['entry'], all: readonly Item[]): HTMLElement {
  return section(
    CT.evidence,
    'evidence',
    e.evidenceNote ? h('p', { class: 'help' }, ...prose(e.evidenceNote)) : null,
    ...e.evidence.map(evidenceCard),
    h('h3', {}, CT.evidenceMap),
    evidenceMap(
      markersOf(
        all.map((i) => i.entry),
        e.rulesetId,
      ),
      e.countries,
    ),
  );
}

function similarSection(e: Item['entry'], all: readonly Item[], gameLink: (id: string, name: string) => HTMLElement): HTMLElement {
  return section(
    CT.similar,
    'similar',
    h(
      'ul',
      { class: 'similar' },
      e.similar.map((s) =>
        h(
          'li',
          { 'data-basis': s.basis },
          s.rulesetId && all.some((i) => i.ruleset.info.id === s.rulesetId)
            ? gameLink(s.rulesetId, all.find((i) => i.ruleset.info.id === s.rulesetId)!.entry.name)
            : h('span', { translate: 'no' }, s.name),
        ),
      ),
    ),
    h(
      'p',
      { class: 'help' },
      ...prose(e.similar.every((s) => s.basis === 'portal') ? CT.similarPortal : (e.similarNote ?? CT.similarOurs)),
    ),
  );
}

function conceptsSection(it: Item): HTMLElement {
  return section(
    CT.concepts,
    'concepts',
    h('p', { class: 'help' }, CT.conceptsIntro),
    h(
      'div',
      { class: 'concepts-wrap' },
      conceptsTable(it),
      it.figures
        ? h(
            'figure',
            { class: 'figures' },
            figuresPlot(it.figures),
            h(
              'figcaption',
              {},
              h('strong', {}, CT.figuresBasis(it.figures.games, dayText(it.figures.date))),
              '. ',
              CT.figuresPolicy,
              h(
                'details',
                {},
                h('summary', {}, CT.figuresOptions),
                h(
                  'code',
                  { class: 'figure-options' },
                  Object.entries(it.figures.options)
                    .map(([k, v]) => `${k}=${String(v)}`)
                    .join(' '),
                ),
              ),
            ),
          )
        : h('p', {}, CT.noFigures),
    ),
  );
}

/** Renders the page of `rulesetId` into `root`. */
export function renderGamePage(root: HTMLElement, rulesetId: string, nav: Nav): void {
  const all = items();
  const it = all.find((i) => i.ruleset.info.id === rulesetId);
  const back = h(
    'a',
    {
      class: 'back',
      href: '#/',
      onclick: (e: Event) => {
        e.preventDefault();
        nav.home();
      },
    },
    `← ${CT.back}`,
  );
  if (!it) {
    root.append(h('section', { class: 'panel' }, h('h1', {}, CT.notFound(rulesetId)), back));
    return;
  }
  const e = it.entry;
  const play = (): void => nav.play(e.rulesetId);
  const playButton = (): HTMLElement =>
    h('button', { class: 'primary big', 'data-action': 'play', onclick: play }, `▶ ${CT.playThis(e.name)}`);
  const gameLink = (id: string, name: string): HTMLElement =>
    h(
      'a',
      {
        class: 'game-link',
        href: nav.href?.(id) ?? '#',
        onclick: (ev: Event) => {
          if (!nav.href) {
            ev.preventDefault();
            nav.open(id);
          }
        },
      },
      name,
    );

  document.title = `${e.name} · Gabata`;
  root.append(
    h(
      'article',
      { class: 'cat-game', 'data-ruleset': e.rulesetId },
      back,
      headerOf(it, play, playButton),
      section(CT.description, 'about', ...e.description.map((p) => h('p', {}, ...prose(p)))),
      historySection(e),
      rulesSection(e),
      readingsSection(it),
      evidenceSection(e, all),
      similarSection(e, all, gameLink),
      conceptsSection(it),
      raceSection(it.ruleset),
      h(
        'div',
        { class: 'play-foot' },
        playButton(),
        h('a', { class: 'leaderboard-link', href: `#/leaderboard/${e.rulesetId}` }, I18N.t('players.leaderboard')),
      ),
    ),
  );
}
