import type { MinersMessages } from './en_US.js';

export const ko_KR: MinersMessages = {
  miners: {
    tab_node: '온체인 노드 상점',
    tab_machine: '채굴기',
  },
};
