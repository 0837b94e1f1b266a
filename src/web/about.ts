/**
 * The About page (#/about): what the app is, the state of each translation (the Amharic and
 * Tigrinya catalogues are drafts until native speakers review them), the games whose texts the
 * page's language shows in English (a ruleset that landed untranslated), how to help, and the
 * credit of the font that ships with the app for the Ge'ez script.
 */
import { LANGUAGES, catalogueOf, untranslatedLines } from '../i18n/base.js';
import { loadCatalogue } from '../i18n/load.js';
import { h } from './dom.js';
import type { Page } from './router.js';
import { I18N, T } from './text.js';

/** The guide for translators, named in the messages as a path of the repository. */
const GUIDE = 'docs/translating.md';

/** A message with the guide's path in it, the path set as code. */
function withGuide(text: string): (Node | string)[] {
  const at = text.indexOf(GUIDE);
  return at < 0 ? [text] : [text.slice(0, at), h('code', {}, GUIDE), text.slice(at + GUIDE.length)];
}

/** One language's line: its own name (in its own script) and how far its translation has come. */
function languageStatus(code: (typeof LANGUAGES)[number]['code'], name: string): HTMLElement {
  const meta = catalogueOf(code)._meta;
  const language = h('span', { lang: code }, name);
  const text =
    meta.status === 'source'
      ? I18N.t('web.translationStatusSource', { language: '\u0000' })
      : meta.status === 'reviewed'
        ? I18N.t('web.translationStatusReviewed', { language: '\u0000', names: meta.reviewedBy.join(', ') })
        : I18N.t('web.translationStatusDraft', { language: '\u0000' });
  const [before = '', after = ''] = text.split('\u0000');
  return h('li', { 'data-lang': code, 'data-status': meta.status }, before, language, after);
}

/** The About page, once every language's catalogue is at hand (it tells how far each has come). */
export async function loadAboutPage(): Promise<Page> {
  await Promise.all(LANGUAGES.map((l) => loadCatalogue(l.code)));
  return aboutPage;
}

/** The games shown in English in the page's language, with how many texts each; nothing when none. */
function untranslated(): HTMLElement | null {
  const lines = untranslatedLines(I18N);
  if (lines.length === 0) return null;
  return h(
    'div',
    { class: 'untranslated' },
    h('p', {}, I18N.t('pages.untranslatedIntro')),
    h(
      'ul',
      {},
      lines.map((line) => h('li', {}, line)),
    ),
  );
}

const aboutPage: Page = (root) => {
  document.title = `${T.aboutTitle} · ${T.appTitle}`;
  root.append(
    h(
      'section',
      { class: 'panel about' },
      h('h1', {}, T.aboutTitle),
      h('p', {}, T.appTagline),
      I18N.meta.status === 'draft' ? h('p', { class: 'notice draft-notice' }, ...withGuide(T.translationDraft)) : null,
      h('h2', {}, T.aboutTranslations),
      h(
        'ul',
        { class: 'translations' },
        LANGUAGES.map((l) => languageStatus(l.code, l.name)),
      ),
      untranslated(),
      h('p', {}, ...withGuide(T.translationHelp)),
      h('p', { class: 'muted font-credit' }, T.fontCredit),
    ),
  );
};
