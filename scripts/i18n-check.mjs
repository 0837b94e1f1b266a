#!/usr/bin/env node
// `npm run i18n:check`: the Amharic and Tigrinya catalogues against real word lists (not part of
// `npm test`: it needs Debian packages). For each language it prints the share of the distinct
// Ge'ez words of the catalogue that a word list knows exactly, and allowing affixes; the words no
// list knows, most frequent first; the forms of the other language found in it
// (src/i18n/glossary.ts, WRONG_LANGUAGE) and the renderings the glossary rules out.
//
// Word lists (docs/translating.md says what they are worth):
//   am: aspell-am (`aspell -l am dump master | aspell -l am expand`), the word list inside
//       tesseract-ocr-amh (`combine_tessdata -u`, then `dawg2wordlist`), CLDR's Amharic through
//       Intl (names of countries, languages, currencies, months, days), and LibreOffice's Amharic
//       interface (libreoffice-l10n-am, through `msgunfmt`) when it is installed;
//   ti: the word list inside tesseract-ocr-tir, and CLDR's Tigrinya through Intl.
// "Allowing affixes": the word less common prefixes (የ-, በ-, ብ-, ኣብ-, ዝ- ...) and suffixes
// (-ን, -ው, -ዎች, -ታት ...), its last letter also tried in the sixth order (ቤቱ -> ቤት), is known.
//
// Usage: node scripts/i18n-check.mjs [--top N | --all]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const topArg = args.includes('--top') ? Number(args[args.indexOf('--top') + 1]) : 30;
const top = args.includes('--all') ? Number.POSITIVE_INFINITY : Number.isInteger(topArg) && topArg >= 0 ? topArg : 30;

// --- What the check needs, and the Debian package that brings each ---------------------------
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const TESSDATA_DIRS = [process.env.TESSDATA_PREFIX, '/usr/share/tesseract-ocr/5/tessdata', '/usr/share/tesseract-ocr/4.00/tessdata'];
const traineddata = (lang) =>
  TESSDATA_DIRS.filter(Boolean)
    .map((d) => join(d, `${lang}.traineddata`))
    .find((f) => existsSync(f));
const aspellHasAm = () => has('aspell') && /^am$/m.test(execFileSync('aspell', ['dump', 'dicts'], { encoding: 'utf8' }));

const missing = [];
if (!has('aspell')) missing.push(['aspell', 'the aspell command']);
if (!aspellHasAm()) missing.push(['aspell-am', 'the Amharic dictionary of aspell']);
if (!has('combine_tessdata') || !has('dawg2wordlist'))
  missing.push(['tesseract-ocr', "tesseract's tools combine_tessdata and dawg2wordlist"]);
if (!traineddata('amh')) missing.push(['tesseract-ocr-amh', 'amh.traineddata (its Amharic word list)']);
if (!traineddata('tir')) missing.push(['tesseract-ocr-tir', 'tir.traineddata (its Tigrinya word list)']);
if (missing.length > 0) {
  process.stderr.write('i18n:check needs these Debian packages, missing here:\n');
  for (const [pkg, what] of missing) process.stderr.write(`  ${pkg}: ${what}\n`);
  process.stderr.write(`Install them with: apt-get install ${missing.map(([p]) => p).join(' ')}\n`);
  process.exit(2);
}

async function main() {
  // --- The catalogues and the glossary, bundled from the sources (no build needed) -------------
  const bundle = join(work, 'i18n.mjs');
  await build({
    stdin: {
      contents: "export { CATALOGUES } from './src/i18n/index.ts'; export * from './src/i18n/glossary.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'error',
  });
  const { CATALOGUES, GLOSSARY, WRONG_LANGUAGE, geezWords, formMatches } = await import(pathToFileURL(bundle).href);

  // --- The word lists ---------------------------------------------------------------------------
  const lists = { am: new Map(), ti: new Map() };
  const add = (lang, source, words) => {
    const set = new Set();
    for (const w of words) for (const g of geezWords(w)) set.add(g);
    lists[lang].set(source, set);
  };
  const aspell = execFileSync('sh', ['-c', 'aspell -l am dump master | aspell -l am expand'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  add('am', 'aspell-am', aspell.split(/\s+/));
  for (const [lang, tess] of [
    ['am', 'amh'],
    ['ti', 'tir'],
  ]) {
    const dir = join(work, tess);
    execFileSync('mkdir', ['-p', dir]);
    execFileSync('combine_tessdata', ['-u', traineddata(tess), join(dir, `${tess}.`)], { stdio: 'ignore' });
    const dawg = ['lstm-word-dawg', 'word-dawg'].map((s) => join(dir, `${tess}.${s}`)).find((f) => existsSync(f));
    const unicharset = ['lstm-unicharset', 'unicharset'].map((s) => join(dir, `${tess}.${s}`)).find((f) => existsSync(f));
    const out = join(dir, 'words.txt');
    execFileSync('dawg2wordlist', [unicharset, dawg, out], { stdio: 'ignore' });
    add(lang, `tesseract-ocr-${tess}`, readFileSync(out, 'utf8').split('\n'));
  }
  for (const lang of ['am', 'ti']) add(lang, 'CLDR (Intl)', cldrWords(lang));
  const office = libreOfficeAm();
  if (office) add('am', 'libreoffice-l10n-am', office);

  // --- Each language --------------------------------------------------------------------------
  const other = { am: 'ti', ti: 'am' };
  const name = { am: 'Amharic', ti: 'Tigrinya' };
  let wrongFound = 0;
  for (const lang of ['am', 'ti']) {
    const messages = flatten(CATALOGUES[lang]);
    const known = new Set();
    for (const set of lists[lang].values()) for (const w of set) known.add(w);
    const freq = new Map();
    for (const text of messages.values()) for (const w of geezWords(text)) freq.set(w, (freq.get(w) ?? 0) + 1);
    const words = [...freq.keys()];
    const exact = words.filter((w) => known.has(w));
    const affixed = words.filter((w) => knownWithAffixes(w, known, AFFIXES[lang]));
    const pct = (n) => `${((100 * n) / words.length).toFixed(1)}%`;
    const line = (s = '') => process.stdout.write(`${s}\n`);
    line(`== ${name[lang]} (${lang}): ${messages.size} messages, ${words.length} distinct Ge'ez words ==`);
    line(`word lists: ${[...lists[lang]].map(([s, set]) => `${s} ${set.size}`).join(', ')}`);
    line(`known exactly: ${exact.length} (${pct(exact.length)})`);
    line(`known allowing affixes: ${affixed.length} (${pct(affixed.length)})`);
    // Amharic and Tigrinya share much of their vocabulary (ጉድጓድ, ተራ, ባዶ): for a language whose own
    // lists are small, how many more words the other language's lists know (a cognate is not proof).
    const both = new Set(known);
    for (const set of lists[other[lang]].values()) for (const w of set) both.add(w);
    const shared = words.filter((w) => knownWithAffixes(w, both, AFFIXES[lang]));
    line(`known allowing affixes to the ${name[other[lang]]} lists too (shared words): ${shared.length} (${pct(shared.length)})`);
    const unknown = words
      .filter((w) => !knownWithAffixes(w, known, AFFIXES[lang]))
      .sort((a, b) => freq.get(b) - freq.get(a) || (a < b ? -1 : 1));
    line(`unknown words (not even with affixes), most frequent first${Number.isFinite(top) ? `, first ${top}` : ''}:`);
    line(
      unknown
        .slice(0, top)
        .map((w) => `  ${w} ${freq.get(w)}`)
        .join('\n') || '  none',
    );
    const found = [];
    for (const form of WRONG_LANGUAGE[lang]) {
      const keys = [...messages].filter(([, t]) => geezWords(t).some((w) => formMatches(w, form))).map(([k]) => k);
      if (keys.length > 0)
        found.push(`  ${form} (${name[other[lang]]}) in ${keys.length}: ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ' ...' : ''}`);
    }
    wrongFound += found.length;
    line(`${name[other[lang]]}-only forms found (of ${WRONG_LANGUAGE[lang].length} listed): ${found.length === 0 ? 'none' : ''}`);
    if (found.length) line(found.join('\n'));
    const variants = [];
    for (const term of GLOSSARY) {
      for (const form of term[lang === 'am' ? 'notAm' : 'notTi'] ?? []) {
        const keys = [...messages].filter(([, t]) => geezWords(t).some((w) => formMatches(w, form))).map(([k]) => k);
        if (keys.length > 0) variants.push(`  ${term.en}: ${form} (not ${term[lang]}) in ${keys.length}: ${keys.slice(0, 6).join(', ')}`);
      }
    }
    line(`renderings the glossary rules out: ${variants.length === 0 ? 'none' : ''}`);
    if (variants.length) line(variants.join('\n'));
    line();
  }
  process.exitCode = wrongFound > 0 ? 1 : 0;
}

/** Every message of a catalogue by dotted key (without `_meta`). */
function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    if (prefix === '' && k === '_meta') continue;
    if (typeof v === 'string') out.set(prefix + k, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** The words CLDR gives in a language through Intl: countries, languages, scripts, currencies, months, days, units. */
function cldrWords(lang) {
  const out = [];
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pairs = [...letters].flatMap((a) => [...letters].map((b) => a + b));
  const names = (type, codes) => {
    const dn = new Intl.DisplayNames([lang], { type, fallback: 'none' });
    for (const c of codes) {
      try {
        const n = dn.of(c);
        if (n) out.push(n);
      } catch {
        // not a code of that type
      }
    }
  };
  names('region', pairs);
  names(
    'language',
    pairs.map((p) => p.toLowerCase()),
  );
  names('currency', Intl.supportedValuesOf('currency'));
  names('script', ['Ethi', 'Latn', 'Arab', 'Grek', 'Cyrl', 'Hebr']);
  for (const month of ['long', 'short']) {
    const f = new Intl.DateTimeFormat(lang, { month, weekday: month, timeZone: 'UTC' });
    for (let m = 0; m < 12; m++) out.push(f.format(new Date(Date.UTC(2024, m, 1 + m))));
  }
  const rt = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'])
    for (const n of [-2, -1, 0, 1, 2]) out.push(rt.format(n, unit));
  for (const type of ['conjunction', 'disjunction']) out.push(new Intl.ListFormat(lang, { type }).format(['x', 'y', 'z']));
  return out;
}

/** LibreOffice's Amharic interface (libreoffice-l10n-am) through msgunfmt, when both are installed. */
function libreOfficeAm() {
  const dir = '/usr/lib/libreoffice/program/resource/am/LC_MESSAGES';
  if (!existsSync(dir) || !has('msgunfmt')) return undefined;
  const out = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.mo'))) {
    const po = execFileSync('msgunfmt', [join(dir, f)], { encoding: 'utf8', maxBuffer: 1 << 28 });
    // A translation is the msgstr line and the quoted lines that continue it.
    for (const m of po.matchAll(/^msgstr(?:\[\d+\])? "(.*)"\n((?:".*"\n)*)/gm)) out.push(m[1] + m[2].replace(/^"|"$/gm, ''));
  }
  writeFileSync(join(work, 'libreoffice-am.txt'), out.join('\n'));
  return out;
}

/** Common prefixes and suffixes (of nouns, pronouns and relative verbs) of each language. */
const AFFIXES = {
  am: {
    prefixes: [
      'የ',
      'በ',
      'ለ',
      'ከ',
      'እንደ',
      'ስለ',
      'ወደ',
      'እስከ',
      'ያል',
      'የሚ',
      'የማ',
      'የማይ',
      'ሲ',
      'ስት',
      'እየ',
      'ባለ',
      'ያ',
      'የተ',
      'ያልተ',
      'ለማ',
      'በማ',
      'ከማ',
      'አል',
    ],
    suffixes: [
      'ን',
      'ም',
      'ና',
      'ው',
      'ዋ',
      'ች',
      'ቸው',
      'ቹ',
      'ቻቸው',
      'ውን',
      'ዋን',
      'ን',
      'ኛ',
      'ነት',
      'ስ',
      'ማ',
      'ሽ',
      'ህ',
      'ዎ',
      'ዎች',
      'ዎቹ',
      'ዎቻቸው',
      'ችን',
      'ቸውን',
      'ቹን',
      'ዊ',
      'ም',
      'ሳ',
    ],
  },
  ti: {
    prefixes: [
      'ብ',
      'ን',
      'ካብ',
      'ናብ',
      'ኣብ',
      'ምስ',
      'ከም',
      'ዝ',
      'ዘ',
      'ዘይ',
      'ዘይተ',
      'ዝተ',
      'ክ',
      'ና',
      'ናይ',
      'ከ',
      'ኣይ',
      'ክሳብ',
      'እንተ',
      'ተ',
      'ም',
      'ዝም',
      'ብዝ',
      'ንዝ',
      'ካብዝ',
    ],
    suffixes: [
      'ን',
      'ታት',
      'ት',
      'ኡ',
      'ኣ',
      'ኦም',
      'ኣን',
      'ኹም',
      'ካ',
      'ኪ',
      'ና',
      'ይ',
      'ዶ',
      'ውን',
      'ቶም',
      'ታቶም',
      'ኦ',
      'ኺ',
      'ኻ',
      'ክን',
      'ኩም',
      'ታ',
      'ቱ',
      'ዮም',
      'ኦን',
      'ኦምን',
      'ኡን',
      'ኣ',
      'ታትን',
      'ኻን',
      'ካን',
    ],
  },
};

/** The same consonant in the sixth order (its bare form): ቱ -> ት. Letters outside the regular rows are left. */
function sixth(ch) {
  const cp = ch.codePointAt(0);
  if (cp < 0x1200 || cp > 0x135a) return ch;
  return String.fromCodePoint(cp - ((cp - 0x1200) % 8) + 5);
}

/** Whether a word is known as it is, or less a prefix and/or suffixes (up to two), its last letter also in the sixth order. */
function knownWithAffixes(word, known, { prefixes, suffixes }) {
  const stems = new Set([word]);
  for (const p of prefixes) if (word.startsWith(p) && word.length > p.length + 1) stems.add(word.slice(p.length));
  for (let round = 0; round < 2; round++) {
    for (const s of [...stems]) for (const x of suffixes) if (s.endsWith(x) && s.length > x.length + 1) stems.add(s.slice(0, -x.length));
  }
  for (const s of stems) {
    if (known.has(s)) return true;
    const last = [...s].at(-1);
    if (last && known.has(s.slice(0, -last.length) + sixth(last))) return true;
  }
  return false;
}

const work = mkdtempSync(join(tmpdir(), 'gabata-i18n-check-'));
try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
