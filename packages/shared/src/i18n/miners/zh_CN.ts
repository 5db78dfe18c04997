import type { MinersMessages } from './en_US.js';

export const zh_CN: MinersMessages = {
  miners: {
    tab_node: '链上节点商家',
    tab_machine: '矿机',
  },
};
