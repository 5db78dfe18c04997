import type { MinersMessages } from './en_US.js';

export const id_ID: MinersMessages = {
  miners: {
    tab_node: 'Merchant node on-chain',
    tab_machine: 'Mesin penambangan',
  },
};
