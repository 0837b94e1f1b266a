/**
 * `@gabata/engine`: the rules (core and games), the notation and the agents, in one import. Each
 * part is also its own subpath (`@gabata/engine/core`, `/games`, `/notation`, `/ai`, and the
 * Node-only `/protocol` and `/testing`), which is what the app imports.
 */
export * from './core/index.js';
export * from './games/index.js';
export * from './notation/index.js';
export * from './ai/index.js';
