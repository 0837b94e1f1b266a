/**
 * `gabata rulesets [--json]`: every registered ruleset with its provenance and options.
 */
import { GabataError, type OptionSpec, optionValuesText } from '@gabata/engine/core';
import { RULESETS } from '@gabata/engine/games';
import { EXIT_OK, fail, parseCommon, printJSON } from './args.js';

const HELP = `usage: gabata rulesets [--json]

Lists the rulesets: id, name, players, source and options (name, values, default).`;

function optionJSON(o: OptionSpec): Record<string, unknown> {
  const base: Record<string, unknown> = { name: o.name, kind: o.kind, default: o.default, question: o.question };
  if (o.kind === 'choice') base['values'] = [...o.values];
  else if (o.kind === 'boolean') base['values'] = [true, false];
  else base['values'] = { min: o.min, max: o.max };
  // The answer each value gives; an integer's special values, and `n_one` / `n_other` for the others.
  base['explain'] = { ...o.explain };
  if (o.refs) base['refs'] = [...o.refs];
  return base;
}

export async function run(args: string[]): Promise<number> {
  const a = parseCommon(args);
  if (!a.ok) return fail('rulesets', a.error, HELP);
  if (a.value.help) {
    process.stdout.write(HELP + '\n');
    return EXIT_OK;
  }
  if (a.value.positionals.length > 0) {
    return fail('rulesets', new GabataError('ERR_ARGUMENT', `unexpected argument '${a.value.positionals[0]}'`), HELP);
  }
  if (a.value.json) {
    printJSON(
      RULESETS.map((r) => ({
        id: r.info.id,
        name: r.info.name,
        aliases: [...r.info.aliases],
        region: r.info.region,
        players: [...r.info.players],
        summary: r.info.summary,
        sources: r.info.sources.map((s) => ({ ...s })),
        reconstructions: r.info.reconstructions.map((x) => ({ ...x })),
        options: r.options.map(optionJSON),
        presets: Object.fromEntries(Object.entries(r.presets).map(([k, v]) => [k, { ...v }])),
      })),
    );
    return EXIT_OK;
  }
  const lines: string[] = [];
  for (const r of RULESETS) {
    const i = r.info;
    lines.push(`${i.id}  ${i.name}  (${i.players.join(' or ')} players; ${i.region})`);
    if (i.aliases.length) lines.push(`  aliases: ${i.aliases.join(', ')}`);
    for (const s of i.sources) lines.push(`  source: ${s.author} ${s.year}, ${s.title}${s.pages ? `, pp. ${s.pages}` : ''}`);
    for (const o of r.options) lines.push(`  --option ${o.name}=${optionValuesText(o)}  (default ${String(o.default)})`);
    const presets = Object.keys(r.presets);
    if (presets.length) lines.push(`  presets: ${presets.join(', ')}`);
    lines.push('');
  }
  process.stdout.write(lines.join('\n'));
  return EXIT_OK;
}
