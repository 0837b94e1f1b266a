/** The computer's strength levels, for people (./index.ts makes their agents; ./analyse.ts takes level 5's budget). */

/**
 * Strength levels for people. Levels 1-4 have fixed budgets (the same seed plays the same moves);
 * level 5 searches for a second a move, so it depends on the machine's speed. In round-robin
 * tournaments (gabata-adowa and gifia, one round) alpha-beta at depth 5 beat MCTS with 15,000
 * iterations, hence the order.
 */
export const LEVELS: readonly { level: number; name: string; description: string; spec: string }[] = [
  { level: 1, name: 'Beginner', description: 'takes what is in front of it, but half of its moves are random', spec: 'greedy:epsilon=0.5' },
  { level: 2, name: 'Novice', description: 'always takes the most counters it can this turn, never looks at the reply', spec: 'greedy' },
  { level: 3, name: 'Club player', description: 'Monte Carlo search, 3,000 short playouts a move', spec: 'mcts:iterations=3000' },
  { level: 4, name: 'Expert', description: 'alpha-beta search five decisions deep', spec: 'alphabeta:depth=5' },
  { level: 5, name: 'Master', description: 'alpha-beta search, as deep as one second a move allows', spec: 'alphabeta:time=1000' },
];
