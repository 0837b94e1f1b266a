#!/usr/bin/env node
// Fails when a source line is longer than the formatter's width (biome.json `lineWidth`): the
// formatter wraps code but cannot break string literals or comments, so this keeps those in
// bounds too. Files: the ones git tracks (and new ones it does not ignore) under src/, packages/, test/,
// scripts/, with the endings Biome formats.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const width = JSON.parse(readFileSync(new URL('../biome.json', import.meta.url), 'utf8')).formatter.lineWidth;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'packages', 'test', 'scripts'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|mjs|css)$/.test(f));
const long = [];
for (const f of files) {
  let text;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  text.split('\n').forEach((line, i) => {
    if (line.length > width) long.push(`${f}:${i + 1}: ${line.length} characters`);
  });
}
if (long.length > 0) {
  process.stderr.write(`${long.length} line(s) over ${width} characters:\n${long.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`check-width: ${files.length} files, no line over ${width} characters\n`);
