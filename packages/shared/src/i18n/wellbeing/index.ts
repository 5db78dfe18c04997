export { en_US } from './en_US.js';
export { zh_CN } from './zh_CN.js';
export { ko_KR } from './ko_KR.js';
export { ja_JP } from './ja_JP.js';
export { id_ID } from './id_ID.js';
