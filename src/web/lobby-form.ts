/**
 * The lobby page's form that opens a seek (src/web/lobby.ts): the game (the rulesets the lobby
 * pairs), its rules (the usual readings or one of the ruleset's presets), the clock, rated or
 * casual (rated only when signed in: a rating needs an account), the seat wanted and an optional
 * range of opponents' ratings. It only builds the `seek` message; the page sends it.
 */
import { RULESETS } from '@gabata/engine/games';
import { h } from './dom.js';
import { CLOCK_PRESETS } from './newgame.js';
import { link } from './router.js';
import { I18N, T } from './text.js';

/** The bounds of a rating range the server accepts (src/server/lobby/seeks.ts RATING_BOUNDS). */
const RATING_MIN = 0;
const RATING_MAX = 4000;

export function rulesetName(id: string): string {
  const info = RULESETS.find((r) => r.info.id === id)?.info;
  return info ? T.rulesetName(info) : id;
}

let fieldCount = 0;

/** A labelled control: the label above, the control below (phones and screen readers alike). */
function labelled(label: string, control: HTMLElement): HTMLElement {
  const id = `lobby-f${++fieldCount}`;
  control.id = id;
  return h('div', { class: 'lobby-field' }, h('label', { for: id }, label), control);
}

/** A group of radio buttons under a legend; the first value is checked. */
function radios(legend: string, name: string, choices: [string, string][], disabled: (v: string) => boolean = () => false): HTMLElement {
  return h(
    'fieldset',
    { class: `lobby-radios ${name}` },
    h('legend', {}, legend),
    choices.map(([value, text], i) =>
      h(
        'label',
        { class: 'lobby-radio' },
        h('input', { type: 'radio', name, value, checked: i === 0, disabled: disabled(value) }),
        ` ${text}`,
      ),
    ),
  );
}

function presetOptions(select: HTMLSelectElement, ruleset: string): void {
  const presets = Object.keys(RULESETS.find((r) => r.info.id === ruleset)?.presets ?? {});
  select.replaceChildren(
    h('option', { value: '' }, I18N.t('options.presetNone')),
    ...presets.map((p) => h('option', { value: p }, I18N.lookup(`options.preset.${p}`) ?? p)),
  );
}

function clockSelect(): HTMLSelectElement {
  return h(
    'select',
    { name: 'clock' },
    CLOCK_PRESETS.map(([b, i]) => h('option', { value: `${b}+${i}` }, T.clockPreset(b, i))),
    h('option', { value: 'none' }, T.clockNone),
  );
}

function rangeFields(): HTMLElement {
  const input = (name: string) =>
    h('input', { type: 'number', name, min: RATING_MIN, max: RATING_MAX, step: 1, inputmode: 'numeric', class: 'lobby-rating' });
  return h(
    'fieldset',
    { class: 'lobby-range' },
    h('legend', {}, I18N.t('lobby.rangeTitle')),
    labelled(I18N.t('lobby.rangeMin'), input('rangeMin')),
    labelled(I18N.t('lobby.rangeMax'), input('rangeMax')),
  );
}

const checked = (form: HTMLFormElement, name: string): string =>
  (form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? '').trim();
const fieldValue = (form: HTMLFormElement, name: string): string => (form.elements.namedItem(name) as HTMLInputElement).value.trim();

/** The `seek` message of the form's choices. */
export function seekBody(form: HTMLFormElement): Record<string, unknown> {
  const body: Record<string, unknown> = { ruleset: fieldValue(form, 'ruleset') };
  const preset = fieldValue(form, 'preset');
  if (preset !== '') body['preset'] = preset;
  const clock = fieldValue(form, 'clock');
  if (clock === 'none') body['clock'] = null;
  else {
    const [b, i] = clock.split('+').map(Number);
    body['clock'] = { baseMs: b! * 60_000, incrementMs: i! * 1000 };
  }
  body['rated'] = checked(form, 'rated') === 'rated';
  body['colour'] = checked(form, 'colour') || 'random';
  const [min, max] = [fieldValue(form, 'rangeMin'), fieldValue(form, 'rangeMax')];
  // One end given: the other is the widest the server accepts.
  if (min !== '' || max !== '') body['range'] = { min: min === '' ? RATING_MIN : Number(min), max: max === '' ? RATING_MAX : Number(max) };
  return body;
}

/** The form; `submit` gets its seek message. `signedIn`: whether rated may be chosen. */
export function seekForm(rulesets: string[], signedIn: boolean, submit: (body: Record<string, unknown>) => void): HTMLFormElement {
  const preset = h('select', { name: 'preset' });
  const ruleset = h(
    'select',
    { name: 'ruleset', onchange: () => presetOptions(preset, ruleset.value) },
    rulesets.map((id) => h('option', { value: id }, rulesetName(id))),
  );
  presetOptions(preset, ruleset.value);
  const kind = radios(
    I18N.t('lobby.kind'),
    'rated',
    [
      ['casual', I18N.t('lobby.casual')],
      ['rated', I18N.t('lobby.rated')],
    ],
    (v) => v === 'rated' && !signedIn,
  );
  if (!signedIn) {
    kind.append(
      h('p', { class: 'help' }, I18N.t('lobby.ratedNeedsAccount'), ' ', h('a', { href: link('/account') }, I18N.t('lobby.signIn'))),
    );
  }
  const seat = radios(I18N.t('lobby.seat'), 'colour', [
    ['random', I18N.t('lobby.seatEither')],
    ['first', I18N.t('lobby.seatFirst')],
    ['second', I18N.t('lobby.seatSecond')],
  ]);
  const form = h(
    'form',
    { class: 'lobby-form', 'aria-labelledby': 'lobby-form-title' },
    h('h2', { id: 'lobby-form-title' }, I18N.t('lobby.formTitle')),
    h(
      'div',
      { class: 'lobby-form-grid' },
      labelled(I18N.t('lobby.game'), ruleset),
      labelled(I18N.t('lobby.rules'), preset),
      labelled(T.clock, clockSelect()),
    ),
    kind,
    seat,
    rangeFields(),
    h('button', { type: 'submit', class: 'primary big' }, I18N.t('lobby.open')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(seekBody(form));
  });
  return form;
}
