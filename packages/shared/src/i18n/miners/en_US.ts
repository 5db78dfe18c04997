import type { Widen } from '../widen.js';

/** English texts of the miner screens (/mines, /orders, /mine, /mymines). */
export const en_US = {
  miners: {
    tab_node: 'On-chain node merchants',
    tab_machine: 'Mining machines',
  },
} as const;

export type MinersMessages = Widen<typeof en_US>;
