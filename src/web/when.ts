/**
 * Dates and times written the page language's way, through Intl. Where the browser's Intl has no
 * data for the language (chromium has none for Tigrinya) it would fall back to English month
 * names; the date is then written in figures only, day first (1/12/2026, 14:05), as Ethiopia and
 * Eritrea write it.
 */
import { I18N } from './text.js';

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The formats, made when first needed (not as the page loads: a browser's first Intl format loads
 * its data, which a phone feels), or null where this browser's Intl lacks the page's language.
 */
let formats: { day: Intl.DateTimeFormat; moment: Intl.DateTimeFormat } | null | undefined;
function dateFormats(): typeof formats {
  if (formats !== undefined) return formats;
  const known = I18N.lang === 'en' || Intl.DateTimeFormat.supportedLocalesOf([I18N.lang]).length > 0;
  formats = known
    ? {
        day: new Intl.DateTimeFormat(I18N.lang, { dateStyle: 'long', timeZone: 'UTC' }),
        moment: new Intl.DateTimeFormat(I18N.lang, { dateStyle: 'medium', timeStyle: 'short' }),
      }
    : null;
  return formats;
}

/** A calendar day given as an ISO date (`2026-12-01`, or a timestamp whose day is taken), or the text as it came. */
export function dayText(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  const f = dateFormats();
  return f ? f.day.format(d) : `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()}`;
}

/** A moment (when a game was last played), in the browser's time zone. */
export function momentText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const f = dateFormats();
  return f ? f.moment.format(d) : `${d.getDate()}/${d.getMonth() + 1}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** m:ss (h:mm:ss past an hour; seconds and tenths under ten seconds). */
export function clockText(ms: number): string {
  if (ms < 10_000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const t = Math.ceil(ms / 1000);
  const hh = Math.floor(t / 3600);
  const mm = Math.floor((t % 3600) / 60);
  const ss = String(t % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}
