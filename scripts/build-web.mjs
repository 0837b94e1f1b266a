// Builds the browser app into dist/web: main.js (the page) and worker.js (the computer's
// thinking, a separate bundle loaded as a Web Worker), plus index.html, style.css, and the Ge'ez
// script's font (ethiopic.css, fonts/).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'web');
// Build beside the output and move each file in with a rename, so a server reading dist/web
// while a build runs (tests run in parallel) never serves a half-written file.
const tmp = join(root, 'dist', `web.tmp-${process.pid}`);
mkdirSync(out, { recursive: true });
mkdirSync(tmp, { recursive: true });
const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  // Source maps only for a developer's build (GABATA_WEB_SOURCEMAP=1): the server never serves them.
  sourcemap: process.env.GABATA_WEB_SOURCEMAP === '1',
  minify: process.env.GABATA_WEB_MINIFY === '1',
  logLevel: 'warning',
};
await Promise.all([
  build({ ...common, entryPoints: [join(root, 'src/web/main.ts')], outfile: join(tmp, 'main.js') }),
  build({ ...common, entryPoints: [join(root, 'src/web/worker.ts')], outfile: join(tmp, 'worker.js') }),
]);
copyFileSync(join(root, 'src/web/index.html'), join(tmp, 'index.html'));
// One stylesheet: style.css, then each part of the page's styles in src/web/css/ (by name).
const parts = readdirSync(join(root, 'src/web/css'))
  .filter((f) => f.endsWith('.css'))
  .sort();
const css = [join(root, 'src/web/style.css'), ...parts.map((f) => join(root, 'src/web/css', f))].map((f) => readFileSync(f, 'utf8'));
writeFileSync(join(tmp, 'style.css'), css.join('\n'));
// The Ge'ez script's font (Amharic, Tigrinya): its @font-face rules beside style.css, its files in fonts/
// (moved in one by one: renaming a fonts folder onto an existing one would fail).
copyFileSync(join(root, 'src/i18n/ethiopic.css'), join(tmp, 'ethiopic.css'));
const fonts = join(root, 'node_modules/@fontsource/noto-sans-ethiopic/files');
mkdirSync(join(out, 'fonts'), { recursive: true });
for (const weight of ['400', '700']) {
  const f = `noto-sans-ethiopic-ethiopic-${weight}-normal.woff2`;
  copyFileSync(join(fonts, f), join(tmp, f));
  renameSync(join(tmp, f), join(out, 'fonts', f));
}
for (const f of readdirSync(tmp)) renameSync(join(tmp, f), join(out, f));
// Maps of an earlier developer's build are not left behind.
if (!common.sourcemap) for (const f of readdirSync(out)) if (f.endsWith('.map')) rmSync(join(out, f), { force: true });
rmSync(tmp, { recursive: true, force: true });
console.log(`web app built in ${out}`);
