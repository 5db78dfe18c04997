// The four demo course videos (apps/server/src/app/seeds/demo-content.ts names the same courses) and
// the size, rate and limits every one is made at.

export const WIDTH = 640;
export const HEIGHT = 360;
export const FPS = 24;
export const BITRATE = 150_000;
/** Seconds between key frames: where a player can start decoding after a seek. */
export const KEY_EVERY = 2;
export const MAX_BYTES = 300 * 1024;

/** One per demo course: file name, length in seconds, colours, the drawing beside the title, and the title in five languages. */
export const videos = [
  {
    file: 'welcome',
    seconds: 8,
    number: '01',
    colors: ['#8b5cf6', '#22d3ee'],
    motif: 'orbit',
    titles: {
      en_US: 'Welcome to WALLX',
      zh_CN: '欢迎来到 WALLX',
      ja_JP: 'WALLXへようこそ',
      ko_KR: 'WALLX에 오신 것을 환영합니다',
      id_ID: 'Selamat datang di WALLX',
    },
  },
  {
    file: 'china-service',
    seconds: 8,
    number: '02',
    colors: ['#f43f5e', '#f59e0b'],
    motif: 'route',
    titles: {
      en_US: 'Delivery and pick-up in mainland China',
      zh_CN: '中国大陆配送与自提指南',
      ja_JP: '中国本土での配送と受け取り',
      ko_KR: '중국 본토 배송 및 픽업 안내',
      id_ID: 'Pengiriman dan pengambilan di Tiongkok daratan',
    },
  },
  {
    file: 'miner-daily',
    seconds: 9,
    number: '03',
    colors: ['#10b981', '#22d3ee'],
    motif: 'miner',
    titles: {
      en_US: 'Your miner, day by day',
      zh_CN: '矿机日常：开机、产出与领取',
      ja_JP: 'マイナーの毎日：稼働・産出・受け取り',
      ko_KR: '채굴기의 하루: 가동, 산출, 수령',
      id_ID: 'Miner Anda, hari demi hari',
    },
  },
  {
    file: 'holder-breathing',
    seconds: 10,
    number: '04',
    colors: ['#6366f1', '#34d399'],
    motif: 'breath',
    titles: {
      en_US: 'Holder lounge: mindful breathing',
      zh_CN: '持有者沙龙：正念呼吸',
      ja_JP: 'ホルダーラウンジ：マインドフル呼吸',
      ko_KR: '홀더 라운지: 마음챙김 호흡',
      id_ID: 'Lounge pemegang: napas berkesadaran',
    },
  },
];
