/**
 * A live game's frames on the bus (../bus.ts): every message a game sends its sockets (moves,
 * offers, presence, the clock, the end, quick messages) is published on the game's topic, and each
 * socket that said hello subscribes to it. In one process this is a direct call; with several
 * instances, a network bus carries a game's frames to sockets wherever they are connected.
 */
import type { Bus } from '../bus.js';

/** One frame: the serialised message, and for a quick message the speaker's hash (a blocked listener is not told). */
export interface GameFrame {
  text: string;
  speaker?: string;
}

export type GameFrames = { [topic: `game:${string}`]: GameFrame };

export type FrameBus = Bus<GameFrames>;

/** The topic of game `id`'s frames. */
export function frameTopic(id: string): `game:${string}` {
  return `game:${id}`;
}
