import type { MinersMessages } from './en_US.js';

export const ja_JP: MinersMessages = {
  miners: {
    tab_node: 'オンチェーンノード店舗',
    tab_machine: 'マイニングマシン',
  },
};
