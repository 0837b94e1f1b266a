/**
 * The engine protocol (docs/protocol.md of the repository): a line-based session that answers a
 * controlling program on behalf of one agent (`EngineSession`), the worker thread that searches
 * for it without blocking the reader (`SearchWorker`), and the client that drives an external
 * engine process the same way (`EngineProcess`). Node only (streams, worker threads, processes).
 */
export { EngineProcess } from './client.js';
export { DEFAULT_AGENT, ENGINE_NAME, ENGINE_VERSION, type EngineOptions, EngineSession, MAX_LINE, type SearchHost } from './engine.js';
export { SearchWorker, searchWorkerFile } from './search-host.js';
