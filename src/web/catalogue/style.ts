/** The catalogue pages' styles, added once to the document (the app's style.css stays the web engineer's). */
const CSS =
  `
.catalogue-head p { color: var(--ink-soft, #6b5646); margin-top: 0; }
.catalogue-filters { display: flex; flex-wrap: wrap; gap: .6rem; align-items: end; margin: .5rem 0; }
.catalogue-filters .filter { display: flex; flex-direction: column; font-size: .85rem; color: var(--ink-soft, #6b5646); gap: .15rem; }
.catalogue-filters .filter.grow { flex: 1 1 14rem; }
.catalogue-filters input, .catalogue-filters select { font: inherit; font-size: 1rem; padding: .45rem .5rem; ` +
  `border: 1px solid var(--line, #e0d2bd); border-radius: 8px; background: #fff; color: inherit; min-height: 44px; }
.catalogue .count { margin: .2rem 0 .6rem; color: var(--ink-soft, #6b5646); font-size: .9rem; }
.game-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: .9rem; margin-bottom: 1rem; }
.game-card { background: var(--paper, #fbf7f0); border: 1px solid var(--line, #e0d2bd); border-radius: var(--radius, 12px); ` +
  `box-shadow: var(--shadow); padding: .9rem 1rem; display: flex; flex-direction: column; gap: .35rem; }
.game-card h2 { margin: 0; font-size: 1.2rem; }
.game-card h2 a { text-decoration: none; color: var(--ink, #2f2218); }
.game-card .one-line { flex: 1; margin: .2rem 0; }
.game-card .aliases, .cat-game .aliases { margin: 0; color: var(--ink-soft, #6b5646); font-style: italic; font-size: .9rem; }
.meta { display: flex; flex-wrap: wrap; gap: .3rem; margin: .2rem 0; }
.chip { font-size: .78rem; padding: .1rem .5rem; border-radius: 999px; background: #efe4d3; color: var(--ink, #2f2218); }
.chip.region { background: #e6d2b5; }
.card-actions { display: flex; gap: .5rem; flex-wrap: wrap; }
.card-actions .button, .card-actions button { min-height: 44px; display: inline-flex; align-items: center; }
.cat-game .back { display: inline-block; margin: .2rem 0 .6rem; }
.cat-head { margin-bottom: 1rem; display: grid; grid-template-columns: 1fr; gap: .3rem 1.5rem; }
.cat-head > h1, .cat-head > .aliases, .cat-head > .meta { grid-column: 1 / -1; }
.cat-board { max-width: 440px; width: 100%; cursor: pointer; }
.cat-board svg { width: 100%; height: auto; display: block; }
@media (min-width: 900px) { .cat-head { grid-template-columns: 1fr minmax(280px, 440px); align-items: start; } }
.cat-head .one-line { font-size: 1.05rem; }
.cat-game button.big { font-size: 1.05rem; padding: .6rem 1.1rem; min-height: 48px; }
.play-foot { margin: 1rem 0 2rem; }
dl.facts { display: grid; grid-template-columns: minmax(6rem, max-content) 1fr; gap: .3rem .8rem; margin: .6rem 0; }
dl.facts dt { font-weight: 600; color: var(--ink-soft, #6b5646); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 560px) { dl.facts { grid-template-columns: 1fr; } dl.facts dd { margin-bottom: .35rem; } }
ol.cat-clauses { list-style: none; padding: 0; margin: 0; }
ol.cat-clauses li { padding: .3rem 0; border-bottom: 1px dotted var(--line, #e0d2bd); }
.clause-id { white-space: nowrap; }
ul.reconstructions { padding-left: 1.1rem; }
ul.reconstructions li { margin-bottom: .55rem; }
.recon-option { font-size: .88rem; color: var(--ink-soft, #6b5646); margin-top: .15rem; }
.option-line { display: block; }
.confidence { font-size: .78rem; color: var(--ink-soft, #6b5646); }
.confidence.low { color: #9a4f2a; }
.evidence-record { border: 1px solid var(--line, #e0d2bd); border-radius: 10px; ` +
  `padding: .6rem .8rem; margin: .6rem 0; background: #fffdf8; }
.evidence-record h3 { margin: 0 0 .2rem; }
.evidence-figure { margin: .4rem 0 0; display: grid; grid-template-columns: 1fr; gap: .6rem; }
.map-insets { display: grid; grid-template-columns: 1fr; gap: .6rem; }
@media (min-width: 600px) { .map-insets { grid-template-columns: 1fr 1fr; } }
.map-inset { position: relative; }
.inset-title { position: absolute; left: .4rem; top: .25rem; font-size: .8rem; font-weight: 600; ` +
  `background: rgba(251,247,240,.85); padding: 0 .3rem; border-radius: 4px; }
@media (min-width: 900px) {
  .evidence-figure { grid-template-columns: 3fr 2fr; }
  .map-insets { grid-template-columns: 1fr; }
  .evidence-figure figcaption { grid-column: 1 / -1; }
}
.evidence-map { width: 100%; height: auto; display: block; border-radius: 10px; border: 1px solid var(--line, #e0d2bd); }
.evidence-map .sea { fill: #dfe9ec; }
.evidence-map .country { fill: #efe4d0; stroke: #b9a488; stroke-width: .7px; }
.evidence-map .country.region { fill: #e2c79c; }
.evidence-map .inset-frame { fill: none; stroke: #5b3a1e; stroke-width: 1.2px; stroke-dasharray: 4 3; }
.evidence-map .marker { stroke: #fff; stroke-width: 1.6px; cursor: default; }
.evidence-map .marker.evidence { fill: #9a1f1f; }
.evidence-map .marker.place { fill: #fff; stroke: #9a1f1f; stroke-width: 2px; }
.evidence-map .marker.faded { opacity: .45; }
.evidence-map .marker-link { cursor: pointer; }
.evidence-map .marker-hit { fill: transparent; stroke: none; r: var(--marker-hit, 0); }
.evidence-map .marker-link:focus-visible .marker { stroke: #2f6f8f; stroke-width: 3px; }
.evidence-map .marker-leader { stroke: #9a1f1f; stroke-width: 1.2px; }
.evidence-map .marker-anchor { fill: #9a1f1f; }
.evidence-map .marker-label { fill: #2f2218; paint-order: stroke; stroke: #fbf7f0; stroke-width: .4px;
  font-family: system-ui, "Noto Sans Ethiopic", sans-serif; }
.evidence-figure figcaption { font-size: .85rem; color: var(--ink-soft, #6b5646); }
.concepts-wrap { display: grid; grid-template-columns: 1fr; gap: 1rem; }
@media (min-width: 900px) { .concepts-wrap { grid-template-columns: 1fr 1fr; align-items: start; } }
table.concepts { border-collapse: collapse; width: 100%; }
table.concepts th, table.concepts td { text-align: left; padding: .3rem .4rem; ` +
  `border-bottom: 1px solid var(--line, #e0d2bd); vertical-align: top; font-size: .92rem; }
table.concepts th { font-weight: 600; color: var(--ink-soft, #6b5646); width: 45%; }
.figures { margin: 0; }
.figures-plot { width: 100%; max-width: 420px; height: auto; display: block; }
.figures-plot text { font-family: system-ui, "Noto Sans Ethiopic", sans-serif; font-size: 10.5px; fill: #2f2218; }
.figures-plot .plot-title { font-weight: 600; }
.figures-plot .bar.first { fill: #d9a441; }
.figures-plot .bar.second { fill: #b4533a; }
.figures-plot .bar.draw { fill: #8a9a7b; }
.figures-plot .bar.unfinished { fill: #bbb; }
.figures-plot .whisker, .figures-plot .median { stroke: #2f2218; stroke-width: 1.5; }
.figures-plot .box { fill: #e6d2b5; stroke: #2f2218; }
.figures-plot .mean { fill: #9a1f1f; }
.figures figcaption { font-size: .85rem; color: var(--ink-soft, #6b5646); }
.figure-options { display: block; white-space: normal; overflow-wrap: anywhere; margin-top: .3rem; }
ul.similar { columns: 2 12rem; padding-left: 1.1rem; }
ul.sources { margin: 0; padding-left: 1.1rem; }
`;

let adopted = false;

/**
 * Adds the styles once, as a constructed style sheet: the server's Content-Security-Policy
 * (`style-src 'self'`) refuses a `<style>` element written by script, not an adopted sheet.
 */
export function ensureStyle(): void {
  if (adopted) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted = true;
}
