/**
 * Notation: positions (text and JSON), moves, game records and board diagrams, each as a
 * parseX / makeX pair whose errors are `Result` values (ERR_POSITION, ERR_MOVE_SYNTAX,
 * ERR_ILLEGAL_MOVE, ERR_RECORD) naming what is wrong and where. (The story of a move, its events
 * told in sentences, is the app's: src/i18n/story-lines.ts.)
 */
export * from './position.js';
export * from './move.js';
export * from './record.js';
export * from './diagram.js';
