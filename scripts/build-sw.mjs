// Makes the web app installable and usable offline (issue 15). Runs after build-web.mjs: copies
// the web manifest and the icons into dist/web, then writes dist/web/sw.js with workbox-build's
// generateSW. The service worker precaches the app shell (index.html, the page's bundle and every
// chunk of it, the worker with the engine, the stylesheets, fonts/, the icons and the manifest: the
// files build.json lists), each under a content hash so a new build replaces exactly what changed;
// every navigation is answered with index.html (the app routes by #hash); /api/ is never cached
// (games are the server's, or IndexedDB's).
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'web');
if (!existsSync(join(out, 'index.html')) || !existsSync(join(out, 'build.json'))) {
  console.error('build-sw: dist/web has no built app: run node scripts/build-web.mjs first');
  process.exit(1);
}
// The files of the last build (earlier builds' hashed files may still be beside them for a while).
const { files } = JSON.parse(readFileSync(join(out, 'build.json'), 'utf8'));
const src = join(root, 'src', 'web');
mkdirSync(join(out, 'icons'), { recursive: true });
copyFileSync(join(src, 'manifest.webmanifest'), join(out, 'manifest.webmanifest'));
// The worker's own part of the notifications (a tap on one opens the game), imported by sw.js.
copyFileSync(join(src, 'sw-notify.js'), join(out, 'sw-notify.js'));
for (const f of readdirSync(join(src, 'icons'))) {
  if (/\.(png|svg)$/.test(f)) copyFileSync(join(src, 'icons', f), join(out, 'icons', f));
}

// Written beside, then renamed in: a server reading dist/web never serves a half-written worker.
const tmp = join(root, 'dist', `sw.tmp-${process.pid}`);
mkdirSync(tmp, { recursive: true });
const { count, size, warnings } = await generateSW({
  globDirectory: out,
  globPatterns: [...files, 'manifest.webmanifest', 'fonts/**/*.{woff2,woff,ttf}', 'icons/*.{png,svg}'],
  globIgnores: ['sw.js', 'sw-notify.js', '**/*.map', 'workbox-*.js', '**/*.br', '**/*.gz'],
  // A hashed name is its version: no cache-busting query for those.
  dontCacheBustURLsMatching: /-[\w]{8,}\.(js|css)$/,
  swDest: join(tmp, 'sw.js'),
  // One file, no workbox-*.js beside it and no CDN: the CSP allows only scripts of this origin.
  inlineWorkboxRuntime: true,
  importScripts: ['sw-notify.js'],
  mode: 'production',
  sourcemap: false,
  // A new build takes over at once; the page reloads its data from the server or IndexedDB anyway.
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  navigateFallback: 'index.html',
  navigateFallbackDenylist: [/^\/api\//],
  // Unminified developer builds are 2-3 MB: precache them all the same.
  maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
  cacheId: 'gabata',
});
for (const w of warnings) console.warn(`build-sw: ${w}`);
renameSync(join(tmp, 'sw.js'), join(out, 'sw.js'));
rmSync(tmp, { recursive: true, force: true });
console.log(`service worker built in ${join(out, 'sw.js')}: ${count} files precached, ${(size / 1024).toFixed(0)} KiB`);
