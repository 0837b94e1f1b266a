// Builds the browser app into dist/web, for phones first (issue 23):
// - main-<hash>.js, the page's entry, split into chunks (chunk-<hash>.js) so that each page loads
//   what it needs: the pages not on the first screen (Explore, About, account, profiles, lobby,
//   tutorials) and the evidence map's outline are loaded when first shown;
// - worker-<hash>.js, the computer's thinking (a Web Worker; its name reaches main through a define);
// - style-<hash>.css (style.css, then src/web/css/*.css by name), ethiopic-<hash>.css and the Ge'ez
//   script's font (fonts/);
// - index.html naming those files. Every file but index.html carries its content's hash, so the
//   server sends it with a year's immutable cache; each text file also gets its brotli (.br) and
//   gzip (.gz) forms here, once, which the server sends to clients that accept them.
// Minified unless GABATA_WEB_MINIFY=0; source maps only for a developer's build (GABATA_WEB_SOURCEMAP=1),
// never served. build.json lists the files of this build (the service worker precaches those).
import { createHash } from 'node:crypto';
import { build, transform } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'web');
// Build beside the output and move each file in with a rename, so a server reading dist/web
// while a build runs (tests run in parallel) never serves a half-written file.
const tmp = join(root, 'dist', `web.tmp-${process.pid}`);
mkdirSync(out, { recursive: true });
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const sourcemap = process.env.GABATA_WEB_SOURCEMAP === '1';
const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  sourcemap,
  minify: process.env.GABATA_WEB_MINIFY !== '0',
  logLevel: 'warning',
  metafile: true,
  // The engine package is bundled from its TypeScript sources (its exports' "@gabata/source"
  // condition), so the web build does not wait for the engine's own build.
  conditions: ['@gabata/source'],
};

// Each translation (src/i18n/locales/am.ts, ti.ts) is a chunk of its own, loaded only by a page in
// that language (src/i18n/load.ts). Their parts live in src/i18n/locales/areas/, one file per area
// holding every language, and esbuild puts a module in one chunk whole: the Amharic and Tigrinya
// parts would ride in the first screen's chunk beside the English. So a translation reads its own
// copy of each area file (another module to esbuild), from which it takes only its parts; the
// English page's copy keeps only the English (the rest is unused there, and dropped).
const translationAreas = {
  name: 'translation-areas',
  setup(b) {
    b.onResolve({ filter: /^\.\/areas\/[\w-]+\.js$/ }, (args) => {
      if (!/[/\\]locales[/\\](am|ti)\.ts$/.test(args.importer)) return undefined;
      const lang = args.importer.slice(-5, -3);
      return { path: join(args.resolveDir, args.path.replace(/\.js$/, '.ts')), namespace: `areas-${lang}` };
    });
    for (const lang of ['am', 'ti']) {
      b.onLoad({ filter: /.*/, namespace: `areas-${lang}` }, (args) => ({
        contents: readFileSync(args.path, 'utf8'),
        loader: 'ts',
        resolveDir: dirname(args.path),
      }));
    }
  },
};

const hashOf = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);
const outputsOf = (result) => Object.keys(result.metafile.outputs).map((f) => f.slice(f.lastIndexOf('/') + 1));

const worker = await build({
  ...common,
  entryPoints: { worker: join(root, 'src/web/worker.ts') },
  outdir: tmp,
  entryNames: '[name]-[hash]',
});
const workerFile = outputsOf(worker).find((f) => f.endsWith('.js'));
const page = await build({
  ...common,
  entryPoints: { main: join(root, 'src/web/main.ts') },
  outdir: tmp,
  splitting: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  define: { GABATA_WORKER_URL: JSON.stringify(`/${workerFile}`) },
  plugins: [translationAreas],
});
const mainFile = outputsOf(page).find((f) => /^main-.*\.js$/.test(f));
// The first screen's JavaScript: main and every chunk it imports statically, directly or through
// another chunk. index.html preloads the chunks (modulepreload), so the browser fetches them beside
// main instead of one round trip after it.
const baseName = (path) => path.slice(path.lastIndexOf('/') + 1);
const outputByName = new Map(Object.entries(page.metafile.outputs).map(([path, o]) => [baseName(path), o]));
const firstJs = [mainFile];
for (let i = 0; i < firstJs.length; i++) {
  for (const imp of outputByName.get(firstJs[i]).imports) {
    if (imp.kind === 'import-statement' && !firstJs.includes(baseName(imp.path))) firstJs.push(baseName(imp.path));
  }
}

// One stylesheet: style.css, then each part of the page's styles in src/web/css/ (by name), then the
// catalogue pages' (src/web/catalogue/catalogue.css), last, as when a script adopted them.
const parts = readdirSync(join(root, 'src/web/css'))
  .filter((f) => f.endsWith('.css'))
  .sort();
const css = [
  join(root, 'src/web/style.css'),
  ...parts.map((f) => join(root, 'src/web/css', f)),
  join(root, 'src/web/catalogue/catalogue.css'),
]
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
const styleCss = common.minify ? (await transform(css, { loader: 'css', minify: true, target: 'chrome100' })).code : css;
const styleFile = `style-${hashOf(styleCss)}.css`;
writeFileSync(join(tmp, styleFile), styleCss);
// The Ge'ez script's font (Amharic, Tigrinya): its @font-face rules, its files in fonts/ (moved in
// one by one: renaming a fonts folder onto an existing one would fail).
const ethiopic = readFileSync(join(root, 'src/i18n/ethiopic.css'), 'utf8');
const ethiopicFile = `ethiopic-${hashOf(ethiopic)}.css`;
writeFileSync(join(tmp, ethiopicFile), ethiopic);
const fonts = join(root, 'node_modules/@fontsource/noto-sans-ethiopic/files');
mkdirSync(join(out, 'fonts'), { recursive: true });
for (const weight of ['400', '700']) {
  const f = `noto-sans-ethiopic-ethiopic-${weight}-normal.woff2`;
  copyFileSync(join(fonts, f), join(tmp, f));
  renameSync(join(tmp, f), join(out, 'fonts', f));
}
const html = readFileSync(join(root, 'src/web/index.html'), 'utf8')
  .replace('<script type="module" src="/main.js"', () =>
    [...firstJs.slice(1).map((f) => `<link rel="modulepreload" href="/${f}">\n`), '<script type="module" src="/main.js"'].join(''),
  )
  .replace('/main.js', `/${mainFile}`)
  .replace('/style.css', `/${styleFile}`)
  .replace('/ethiopic.css', `/${ethiopicFile}`);
if (!html.includes(mainFile) || !html.includes(styleFile) || !html.includes(ethiopicFile)) {
  throw new Error('build-web: index.html does not name main.js, style.css and ethiopic.css');
}
writeFileSync(join(tmp, 'index.html'), html);

// Precompressed forms of every text file, made once here (the server never compresses per request).
const built = readdirSync(tmp).filter((f) => !f.endsWith('.map'));
for (const f of built) {
  const bytes = readFileSync(join(tmp, f));
  writeFileSync(
    join(tmp, `${f}.br`),
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  );
  writeFileSync(join(tmp, `${f}.gz`), gzipSync(bytes, { level: 9 }));
}
writeFileSync(
  join(tmp, 'build.json'),
  `${JSON.stringify({ main: mainFile, worker: workerFile, style: styleFile, files: built }, null, 2)}\n`,
);
// index.html (and its compressed forms, and build.json) last: it names files that must be there first.
const last = (f) => f.startsWith('index.html') || f === 'build.json';
const moved = readdirSync(tmp);
for (const f of moved.filter((x) => !last(x))) renameSync(join(tmp, f), join(out, f));
for (const f of moved.filter(last)) renameSync(join(tmp, f), join(out, f));
rmSync(tmp, { recursive: true, force: true });

// Files of earlier builds: gone once an hour old (a page loaded from an earlier build may still ask
// for its chunks for a while), and at once the unhashed names of builds before hashing.
const keep = new Set(moved);
const HOUR = 3_600_000;
for (const f of readdirSync(out)) {
  const old = /^(main|worker|style|ethiopic)\.(js|css)$/.test(f);
  const earlier = /^(main|worker|style|ethiopic|chunk)-[\w]+\.(js|css)(\.br|\.gz)?$/.test(f) && !keep.has(f);
  if (old || (earlier && Date.now() - statSync(join(out, f)).mtimeMs > HOUR)) rmSync(join(out, f), { force: true });
  if (!sourcemap && f.endsWith('.map')) rmSync(join(out, f), { force: true });
}
const size = (f) => statSync(join(out, f)).size;
const firstBr = firstJs.reduce((a, f) => a + size(`${f}.br`), 0);
console.log(
  `web app built in ${out}: ${built.length} files; the first screen's JavaScript ${firstJs.length} files, ` +
    `${(firstJs.reduce((a, f) => a + size(f), 0) / 1024).toFixed(0)} KiB, ${(firstBr / 1024).toFixed(0)} KiB brotli`,
);
