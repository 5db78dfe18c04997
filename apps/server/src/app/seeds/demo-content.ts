import { sql } from 'kysely';
import { defaultLanguage, languages } from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { demoArticles, type Texts } from './demo-articles.js';

// The demo content `npm start` shows on a new database: the home screen's scenes and partners, the
// five articles, the ecology page and four college courses, in all five languages. Course media ship
// in apps/web/public/college (videos made by scripts/make-demo-videos.mjs, whose lengths are the
// courses' duration_seconds).

/** The languages of a value, the default first: it is the text shown for a language it lacks. */
const valueLanguages = [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)];

/** One multi-language value: each language opens with its tag; a Markdown body spans the lines below. */
export function multiLanguage(texts: Texts): string {
  return valueLanguages.map((language) => `${language}:::${texts[language].trim()}`).join('\n');
}

// The four scenes the web app's home drew before home came from the database.
const demoSceneTexts: { icon: string; tone: string; title: Texts; body: Texts }[] = [
  {
    icon: 'checkin',
    tone: 'violet',
    title: {
      en_US: 'Emotion check-ins',
      zh_CN: '情绪打卡',
      ko_KR: '감정 체크인',
      ja_JP: '感情チェックイン',
      id_ID: 'Check-in emosi',
    },
    body: {
      en_US: 'Record how you feel every day and earn rewards for caring for yourself.',
      zh_CN: '每天记录自己的心情，关爱自己还能获得奖励。',
      ko_KR: '매일 나의 감정을 기록하고, 나를 돌보는 만큼 보상을 받으세요.',
      ja_JP: '毎日の気持ちを記録して、自分をいたわるほど報酬がもらえます。',
      id_ID: 'Catat perasaan Anda setiap hari dan dapatkan hadiah karena peduli pada diri sendiri.',
    },
  },
  {
    icon: 'therapy',
    tone: 'cyan',
    title: {
      en_US: 'AI companion',
      zh_CN: 'AI 陪伴',
      ko_KR: 'AI 동반자',
      ja_JP: 'AIパートナー',
      id_ID: 'Pendamping AI',
    },
    body: {
      en_US: 'Talk any time with an AI companion trained to listen and support you.',
      zh_CN: '随时与 AI 陪伴者聊天，它懂得倾听，给你支持。',
      ko_KR: '언제든 귀 기울여 듣고 지지해 주는 AI 동반자와 대화하세요.',
      ja_JP: 'あなたの話に耳を傾け、寄り添うAIパートナーといつでも話せます。',
      id_ID: 'Mengobrol kapan saja dengan pendamping AI yang siap mendengarkan dan mendukung Anda.',
    },
  },
  {
    icon: 'tracking',
    tone: 'green',
    title: {
      en_US: 'Emotion tracking',
      zh_CN: '情绪追踪',
      ko_KR: '감정 트래킹',
      ja_JP: '感情トラッキング',
      id_ID: 'Pelacakan emosi',
    },
    body: {
      en_US: 'See your mood trends over time and climb the weekly leaderboards.',
      zh_CN: '查看心情随时间的变化趋势，冲击每周排行榜。',
      ko_KR: '시간에 따른 기분 변화를 확인하고 주간 랭킹에 도전하세요.',
      ja_JP: '気分の推移をグラフで確認し、週間ランキングの上位を目指しましょう。',
      id_ID: 'Lihat tren suasana hati Anda dari waktu ke waktu dan naiki papan peringkat mingguan.',
    },
  },
  {
    icon: 'staking',
    tone: 'amber',
    title: {
      en_US: 'Emotion staking pool',
      zh_CN: '情绪质押池',
      ko_KR: '감정 스테이킹 풀',
      ja_JP: '感情ステーキングプール',
      id_ID: 'Pool staking emosi',
    },
    body: {
      en_US: 'Stake WALLX to share in the pool; part of it is donated to a mental-health aid fund.',
      zh_CN: '质押 WALLX 共享池内收益，其中一部分将捐赠给心理健康援助基金。',
      ko_KR: 'WALLX를 스테이킹해 풀 수익을 나누세요. 일부는 마음 건강 지원 기금에 기부됩니다.',
      ja_JP: 'WALLXをステーキングしてプールの収益を分かち合います。その一部はメンタルヘルス支援基金に寄付されます。',
      id_ID: 'Stake WALLX untuk ikut menikmati hasil pool; sebagian didonasikan ke dana bantuan kesehatan mental.',
    },
  },
];

export const demoScenes = demoSceneTexts.map(({ icon, tone, title, body }, index) => ({
  title: multiLanguage(title),
  body: multiLanguage(body),
  icon,
  tone,
  sort: index + 1,
}));

/** The partners the web app's home drew before, with their official sites. Brand names stay untranslated. */
export const demoPartners = [
  { name: 'BNB Chain', mark: 'B', color: '#f0b90b', link: 'https://www.bnbchain.org' },
  { name: 'MetaMask', mark: 'M', color: '#f6851b', link: 'https://metamask.io' },
  { name: 'Trust Wallet', mark: 'T', color: '#3375bb', link: 'https://trustwallet.com' },
  { name: 'TokenPocket', mark: 'TP', color: '#2980fe', link: 'https://www.tokenpocket.pro' },
  { name: 'SafePal', mark: 'S', color: '#4a21ef', link: 'https://www.safepal.com' },
  { name: 'PancakeSwap', mark: 'P', color: '#1fc7d4', link: 'https://pancakeswap.finance' },
].map((partner, index) => ({ ...partner, sort: index + 1 }));

const ecology: { icon: string; link: string; title: Texts; body: Texts }[] = [
  {
    icon: 'therapy',
    link: '',
    title: {
      en_US: 'Well-being at the core',
      zh_CN: '以身心健康为核心',
      ko_KR: '마음 건강이 중심',
      ja_JP: '心の健康を中心に',
      id_ID: 'Kesejahteraan sebagai inti',
    },
    body: {
      en_US:
        'Emotion check-ins, AI therapy chat and mood tracking are the heart of WALLX. Everything else in the ecosystem is there to reward people for looking after their minds.',
      zh_CN: '情绪打卡、AI 心理咨询和情绪追踪是 WALLX 的核心。生态中的其他一切，都是为了奖励那些用心照顾自己内心的人。',
      ko_KR:
        '감정 체크인, AI 심리 상담, 감정 트래킹이 WALLX의 중심입니다. 생태계의 나머지는 모두 자신의 마음을 돌보는 사람에게 보상하기 위해 있습니다.',
      ja_JP:
        '感情チェックイン、AIセラピーチャット、気分のトラッキングがWALLXの中心です。エコシステムのほかのすべては、自分の心を大切にする人に報いるためにあります。',
      id_ID:
        'Check-in emosi, chat terapi AI, dan pelacakan suasana hati adalah inti WALLX. Semua bagian lain dari ekosistem hadir untuk memberi imbalan kepada mereka yang merawat pikirannya.',
    },
  },
  {
    icon: 'staking',
    link: '/stake',
    title: {
      en_US: 'Staking for a cause',
      zh_CN: '有温度的质押',
      ko_KR: '의미 있는 스테이킹',
      ja_JP: '誰かを支えるステーキング',
      id_ID: 'Staking untuk kebaikan',
    },
    body: {
      en_US:
        'Stake WALLX in the emotion staking pool to share in its proceeds. Part of the pool goes to a mental-health aid fund for people who need support.',
      zh_CN: '将 WALLX 质押到情绪质押池，共享池内收益。其中一部分将注入心理健康援助基金，帮助需要支持的人。',
      ko_KR:
        '감정 스테이킹 풀에 WALLX를 스테이킹하고 수익을 함께 나누세요. 풀의 일부는 도움이 필요한 사람들을 위한 마음 건강 지원 기금에 쓰입니다.',
      ja_JP:
        '感情ステーキングプールにWALLXをステーキングして、収益を分かち合いましょう。プールの一部は、支えを必要とする人のためのメンタルヘルス支援基金に充てられます。',
      id_ID:
        'Stake WALLX di pool staking emosi untuk ikut menikmati hasilnya. Sebagian pool disalurkan ke dana bantuan kesehatan mental bagi mereka yang membutuhkan dukungan.',
    },
  },
  {
    icon: 'miner',
    link: '/mines',
    title: {
      en_US: 'Mining machines',
      zh_CN: '矿机',
      ko_KR: '채굴기',
      ja_JP: 'マイニングマシン',
      id_ID: 'Mesin penambang',
    },
    body: {
      en_US:
        'Buy a miner with USDT or exchange one for WALLX, turn it on, and it produces WALLX every day for its whole term. Collect the output whenever you like.',
      zh_CN: '用 USDT 购买或用 WALLX 兑换矿机，开机后在整个周期内每天产出 WALLX，产出随时可以领取。',
      ko_KR:
        'USDT로 구매하거나 WALLX로 교환한 채굴기를 켜면 기간 내내 매일 WALLX를 산출합니다. 산출된 WALLX는 원할 때 수령하세요.',
      ja_JP:
        'USDTで購入するかWALLXと交換したマイナーを起動すると、期間中は毎日WALLXを産出します。産出分はいつでも受け取れます。',
      id_ID:
        'Beli penambang dengan USDT atau tukar dengan WALLX, lalu nyalakan: penambang menghasilkan WALLX setiap hari selama masa berlakunya. Klaim hasilnya kapan pun Anda mau.',
    },
  },
  {
    icon: 'market',
    link: '/mtrade',
    title: {
      en_US: 'Machine and C2C markets',
      zh_CN: '矿机与 C2C 交易市场',
      ko_KR: '채굴기 마켓과 C2C 마켓',
      ja_JP: 'マシンマーケットとC2Cマーケット',
      id_ID: 'Pasar mesin dan pasar C2C',
    },
    body: {
      en_US:
        'Sell an idle miner for USDT on the machine market, or trade WALLX for USDT with other users on the C2C market. Every order shows its price, fee and expiry up front.',
      zh_CN:
        '在矿机交易市场以 USDT 出售闲置矿机，或在 C2C 交易市场与其他用户用 USDT 买卖 WALLX。每笔订单的价格、手续费和有效期都事先写明。',
      ko_KR:
        '쓰지 않는 채굴기는 채굴기 마켓에서 USDT로 팔고, C2C 마켓에서는 다른 이용자와 WALLX를 USDT로 거래하세요. 모든 주문에는 가격, 수수료, 만료 시간이 미리 표시됩니다.',
      ja_JP:
        '使っていないマイナーはマシンマーケットでUSDTで売却でき、C2CマーケットではほかのユーザーとWALLXをUSDTで売買できます。どの注文も、価格・手数料・有効期限が最初に表示されます。',
      id_ID:
        'Jual penambang yang menganggur seharga USDT di pasar mesin, atau perdagangkan WALLX dengan USDT bersama pengguna lain di pasar C2C. Setiap order menampilkan harga, biaya, dan masa berlakunya sejak awal.',
    },
  },
  {
    icon: 'team',
    link: '/share',
    title: {
      en_US: 'Teams and invitations',
      zh_CN: '团队与邀请',
      ko_KR: '팀과 초대',
      ja_JP: 'チームと招待',
      id_ID: 'Tim dan undangan',
    },
    body: {
      en_US:
        "Share your invitation code and grow a team of friends who care about their well-being. Follow your team's size and performance at every level.",
      zh_CN: '分享您的邀请码，和同样关注身心健康的朋友组建团队，随时查看各层级的团队规模与业绩。',
      ko_KR:
        '초대 코드를 공유해 마음 건강을 아끼는 친구들과 팀을 만드세요. 모든 단계의 팀 규모와 실적을 확인할 수 있습니다.',
      ja_JP:
        '招待コードをシェアして、心の健康を大切にする仲間とチームをつくりましょう。すべての階層のチーム規模と実績を確認できます。',
      id_ID:
        'Bagikan kode undangan Anda dan bangun tim bersama teman-teman yang peduli pada kesejahteraan mereka. Pantau ukuran dan kinerja tim Anda di setiap tingkat.',
    },
  },
  {
    icon: 'college',
    link: '/college',
    title: {
      en_US: 'WALLX College',
      zh_CN: 'WALLX 学院',
      ko_KR: 'WALLX 아카데미',
      ja_JP: 'WALLXアカデミー',
      id_ID: 'Akademi WALLX',
    },
    body: {
      en_US:
        'Short video courses on using WALLX safely and on everyday mental well-being. Some courses are for miner holders or for certain regions.',
      zh_CN: '简短的视频课程，教您安全地使用 WALLX，也分享日常的身心健康练习。部分课程仅向矿机持有者或特定地区开放。',
      ko_KR:
        'WALLX를 안전하게 쓰는 법과 일상 속 마음 건강을 다루는 짧은 영상 강의입니다. 일부 강의는 채굴기 보유자나 특정 지역에만 열려 있습니다.',
      ja_JP:
        'WALLXを安全に使う方法や、日々の心の健康について学べる短い動画講座です。一部の講座は、マイナーの保有者や特定の地域の方が対象です。',
      id_ID:
        'Kursus video singkat tentang cara memakai WALLX dengan aman dan tentang kesejahteraan mental sehari-hari. Beberapa kursus khusus untuk pemilik penambang atau wilayah tertentu.',
    },
  },
];

export const demoEcology = ecology.map(({ icon, link, title, body }, index) => ({
  title: multiLanguage(title),
  body: multiLanguage(body),
  icon,
  link,
  sort: index + 1,
}));

type DemoCourse = {
  media: string;
  seconds: number;
  regions: string[];
  requires_miner: boolean;
  title: Texts;
  summary: Texts;
  body: Texts;
};

// Titles as the videos show them (scripts/make-demo-videos.mjs); bodies are Markdown.
const courses: DemoCourse[] = [
  {
    media: 'welcome',
    seconds: 8,
    regions: [],
    requires_miner: false,
    title: {
      en_US: 'Welcome to WALLX',
      zh_CN: '欢迎来到 WALLX',
      ko_KR: 'WALLX에 오신 것을 환영합니다',
      ja_JP: 'WALLXへようこそ',
      id_ID: 'Selamat datang di WALLX',
    },
    summary: {
      en_US:
        'Your first day with WALLX: signing in with your wallet, setting a fund password, making a deposit and choosing a first miner.',
      zh_CN: '使用 WALLX 的第一天：用钱包登录、设置资金密码、完成充值，再挑选第一台矿机。',
      ko_KR: 'WALLX와 함께하는 첫날: 지갑으로 로그인하고, 자금 비밀번호를 설정하고, 충전한 뒤 첫 채굴기를 고르는 방법.',
      ja_JP: 'WALLXを始める最初の一日：ウォレットでのログイン、資金パスワードの設定、入金、そして最初のマイナー選び。',
      id_ID:
        'Hari pertama Anda di WALLX: masuk dengan dompet, mengatur kata sandi dana, mengisi ulang saldo, dan memilih penambang pertama.',
    },
    body: {
      en_US: `
## Signing in without a password

WALLX has no registration. Open the app in your wallet's browser on BNB Smart Chain, tap **Connect wallet** and sign the message. The signature proves that the address is yours; it costs no gas and moves no funds.

## Three things to do first

1. **Set a fund password** under **Me → Fund password**. Transfers, withdrawals and sell orders ask for it.
2. **Make a deposit.** Send USDT or WALLX from the wallet you signed in with; it is credited as soon as the network confirms it.
3. **Choose a miner.** Compare the price, the daily output and the term on the **Mine** page before you buy.

## A word on risk

WALLX is a crypto asset, and its price can fall as well as rise. Only use money you can afford to lose, and *never* share your recovery phrase with anyone, us included.
`,
      zh_CN: `
## 无需密码的登录

WALLX 无需注册。在钱包浏览器中打开应用，切换到 BNB 智能链，点击**连接钱包**并签名即可。签名用来证明这个地址属于您，不消耗 Gas，也不会转移任何资产。

## 先做好三件事

1. 在**我的 → 资金密码**中**设置资金密码**。转账、提现和发布出售订单时都需要它。
2. **完成充值。** 从登录所用的钱包转入 USDT 或 WALLX，网络确认后即可到账。
3. **挑选矿机。** 购买前，在**矿场**页面比较价格、每日产出和周期。

## 关于风险

WALLX 是加密资产，价格有涨有跌。请只投入您能承受损失的资金，并且*永远不要*把助记词告诉任何人，包括我们。
`,
      ko_KR: `
## 비밀번호 없는 로그인

WALLX는 회원가입이 없습니다. BNB 스마트 체인의 지갑 브라우저에서 앱을 열고 **지갑 연결**을 누른 뒤 메시지에 서명하세요. 서명은 그 주소가 본인 것임을 증명할 뿐, 가스비가 들지 않고 자산도 이동하지 않습니다.

## 먼저 해 둘 세 가지

1. **내 정보 → 자금 비밀번호**에서 **자금 비밀번호를 설정**하세요. 이체, 출금, 판매 주문 때 필요합니다.
2. **충전하세요.** 로그인한 지갑에서 USDT나 WALLX를 보내면 네트워크 확인 후 바로 반영됩니다.
3. **채굴기를 고르세요.** 구매 전에 **채굴장** 화면에서 가격, 일일 산출량, 기간을 비교해 보세요.

## 위험에 대해

WALLX는 암호화폐 자산이므로 가격이 오를 수도, 내릴 수도 있습니다. 잃어도 괜찮은 금액만 사용하시고, 복구 구문은 저희를 포함해 *누구에게도* 알려 주지 마세요.
`,
      ja_JP: `
## パスワードのいらないログイン

WALLXには会員登録がありません。BNBスマートチェーンのウォレットのブラウザでアプリを開き、**ウォレットを接続**をタップしてメッセージに署名するだけです。署名はそのアドレスがあなたのものであることを証明するもので、ガス代はかからず、資産が動くこともありません。

## 最初にやっておきたい3つのこと

1. **マイページ → 資金パスワード**で**資金パスワードを設定**します。送金、出金、売り注文の際に必要です。
2. **入金します。** ログインに使ったウォレットからUSDTまたはWALLXを送ると、ネットワークで承認され次第反映されます。
3. **マイナーを選びます。** 購入の前に、**マイニング**画面で価格、1日の産出量、期間を比べましょう。

## リスクについて

WALLXは暗号資産であり、価格は上がることも下がることもあります。失っても困らない範囲の資金だけを使い、リカバリーフレーズは当社を含め*誰にも*教えないでください。
`,
      id_ID: `
## Masuk tanpa kata sandi

WALLX tidak memerlukan pendaftaran. Buka aplikasi di browser dompet Anda pada BNB Smart Chain, ketuk **Hubungkan dompet**, lalu tanda tangani pesannya. Tanda tangan itu membuktikan bahwa alamat tersebut milik Anda; tidak ada biaya gas dan tidak ada dana yang berpindah.

## Tiga hal yang perlu dilakukan dulu

1. **Atur kata sandi dana** di **Saya → Kata sandi dana**. Transfer, penarikan, dan order jual memerlukannya.
2. **Isi ulang saldo.** Kirim USDT atau WALLX dari dompet yang Anda pakai untuk masuk; saldo bertambah begitu jaringan mengonfirmasinya.
3. **Pilih penambang.** Bandingkan harga, hasil harian, dan masa berlaku di halaman **Tambang** sebelum membeli.

## Tentang risiko

WALLX adalah aset kripto, dan harganya bisa naik maupun turun. Gunakan hanya dana yang siap Anda tanggung kerugiannya, dan *jangan pernah* membagikan frasa pemulihan Anda kepada siapa pun, termasuk kami.
`,
    },
  },
  {
    media: 'china-service',
    seconds: 8,
    regions: ['CN'],
    requires_miner: false,
    title: {
      en_US: 'Delivery and pick-up in mainland China',
      zh_CN: '中国大陆配送与自提指南',
      ko_KR: '중국 본토 배송 및 픽업 안내',
      ja_JP: '中国本土での配送と受け取り',
      id_ID: 'Pengiriman dan pengambilan di Tiongkok daratan',
    },
    summary: {
      en_US:
        'For users in mainland China: how to receive the one physical miner each account may request, by courier or at a service centre.',
      zh_CN: '面向中国大陆用户：每个账户可申请一台实体矿机，本课介绍如何快递到家或到服务中心自提。',
      ko_KR:
        '중국 본토 이용자를 위한 안내: 계정당 1대까지 신청할 수 있는 실물 채굴기를 택배나 서비스 센터에서 받는 방법.',
      ja_JP:
        '中国本土にお住まいの方へ：各アカウント1台まで申し込める実機のマイナーを、宅配またはサービスセンターで受け取る方法。',
      id_ID:
        'Untuk pengguna di Tiongkok daratan: cara menerima satu penambang fisik yang dapat diminta setiap akun, lewat kurir atau di pusat layanan.',
    },
    body: {
      en_US: `
Each account can request **one physical miner** in its lifetime, as long as it holds an unused order or a miner of a physical model.

## Delivery by courier

1. Add a delivery address with your province, the recipient, a mobile number and the postcode, and make it your default.
2. On **Shipping / pick-up**, choose delivery and confirm. The status changes to *shipped* once the parcel is on its way.

## Pick-up at a service centre

Service centres such as those in Shenzhen (Futian) and Shanghai (Jing'an) hand over miners from the model's pick-up date. Choose pick-up and a centre in your province: the app shows a one-time **write-off code** as text and as a QR code. Show it at the counter; the staff scan it once and hand you your miner.

## Why this course is for mainland China

It is shown to accounts whose default address is in mainland China, because the couriers and centres it describes serve that region.
`,
      zh_CN: `
每个账户终身可申请**一台实体矿机**，前提是持有实体机型的未使用订单或矿机。

## 快递配送

1. 添加收货地址，填写省份、收件人、手机号和邮编，并设为默认地址。
2. 在**发货/自提**页面选择配送并确认。包裹发出后，状态会变为*已发货*。

## 服务中心自提

深圳福田、上海静安等服务中心会在该机型的自提开放日之后交付矿机。选择自提并选定您所在省份的服务中心，应用会以文字和二维码两种形式显示一次性的**核销码**。到柜台出示核销码，工作人员扫码核销一次后即可把矿机交给您。

## 为什么这门课只面向中国大陆

本课程只向默认地址位于中国大陆的账户显示，因为课程介绍的快递和服务中心只服务该地区。
`,
      ko_KR: `
각 계정은 실물 기종의 미사용 주문이나 채굴기를 보유하고 있다면 **실물 채굴기 1대**를 평생 한 번 신청할 수 있습니다.

## 택배 배송

1. 성(省), 수령인, 휴대폰 번호, 우편번호를 입력해 배송지를 추가하고 기본 배송지로 지정하세요.
2. **배송/수령** 화면에서 배송을 선택하고 확인하세요. 택배가 출발하면 상태가 *배송됨*으로 바뀝니다.

## 서비스 센터 방문 수령

선전 푸톈, 상하이 징안 등의 서비스 센터에서는 기종별 수령 시작일부터 채굴기를 전달합니다. 방문 수령과 거주 지역의 센터를 선택하면 앱에 일회용 **교환 코드**가 텍스트와 QR 코드로 표시됩니다. 카운터에서 코드를 보여 주면 직원이 한 번 스캔한 뒤 채굴기를 건네드립니다.

## 중국 본토 전용 강의인 이유

이 강의에서 소개하는 택배와 서비스 센터가 중국 본토에서만 운영되기 때문에, 기본 배송지가 중국 본토인 계정에만 표시됩니다.
`,
      ja_JP: `
各アカウントは、実機モデルの未使用の注文またはマイナーを持っていれば、**実機のマイナーを1台**だけ申し込めます。

## 宅配で受け取る

1. 省、受取人、携帯電話番号、郵便番号を入力して配送先住所を追加し、既定の住所に設定します。
2. **配送・受取**画面で配送を選んで確定します。荷物が発送されると、状態が*発送済み*に変わります。

## サービスセンターで受け取る

深圳（福田）や上海（静安）などのサービスセンターでは、モデルごとの受取開始日からマイナーをお渡しします。店頭受取とお住まいの省のセンターを選ぶと、1回限りの**引換コード**がテキストとQRコードで表示されます。カウンターで提示すると、スタッフが一度だけ読み取り、マイナーをお渡しします。

## 中国本土向けの講座である理由

この講座で紹介する配送業者とサービスセンターは中国本土でのみ利用できるため、既定の住所が中国本土にあるアカウントにだけ表示されます。
`,
      id_ID: `
Setiap akun dapat meminta **satu penambang fisik** seumur hidupnya, selama akun tersebut memiliki pesanan yang belum dipakai atau penambang dari model fisik.

## Dikirim lewat kurir

1. Tambahkan alamat pengiriman berisi provinsi, nama penerima, nomor ponsel, dan kode pos, lalu jadikan alamat utama.
2. Di halaman **Kirim / ambil**, pilih pengiriman dan konfirmasi. Statusnya berubah menjadi *dikirim* begitu paket berangkat.

## Diambil di pusat layanan

Pusat layanan seperti di Shenzhen (Futian) dan Shanghai (Jing'an) menyerahkan penambang mulai tanggal pengambilan model tersebut. Pilih pengambilan dan pusat layanan di provinsi Anda: aplikasi menampilkan **kode penukaran** sekali pakai dalam bentuk teks dan kode QR. Tunjukkan di konter; petugas memindainya satu kali lalu menyerahkan penambang Anda.

## Mengapa kursus ini khusus Tiongkok daratan

Kursus ini hanya ditampilkan untuk akun yang alamat utamanya berada di Tiongkok daratan, karena kurir dan pusat layanan yang dibahas hanya melayani wilayah itu.
`,
    },
  },
  {
    media: 'miner-daily',
    seconds: 9,
    regions: [],
    requires_miner: true,
    title: {
      en_US: 'Your miner, day by day',
      zh_CN: '矿机日常：开机、产出与领取',
      ko_KR: '채굴기의 하루: 가동, 산출, 수령',
      ja_JP: 'マイナーの毎日：稼働・産出・受け取り',
      id_ID: 'Penambang Anda, hari demi hari',
    },
    summary: {
      en_US:
        'For miner holders: turning a miner on, when the daily output arrives, how to collect it, and what a running miner can no longer do.',
      zh_CN: '面向矿机持有者：如何开机、每日产出何时到账、如何领取，以及开机后的矿机有哪些限制。',
      ko_KR:
        '채굴기 보유자를 위한 강의: 채굴기 켜기, 일일 산출이 들어오는 시점, 수령 방법, 켜진 채굴기로 할 수 없는 일.',
      ja_JP:
        'マイナーをお持ちの方へ：起動のしかた、毎日の産出が届くタイミング、受け取り方、そして稼働中のマイナーでできなくなること。',
      id_ID:
        'Untuk pemilik penambang: cara menyalakan penambang, kapan hasil harian masuk, cara mengklaimnya, dan apa yang tidak bisa lagi dilakukan penambang yang menyala.',
    },
    body: {
      en_US: `
## Turning it on

A new miner waits in **My mine**, switched off. While it is off you can still list it on the machine market or transfer it to a friend. Once you turn it on it starts mining, and it stays on until its term ends.

## The daily output

Once a day, at the platform's daily cut-off, every miner that is on receives one output record for that day. You will find it under **To collect**.

## Collecting

Collect one day at a time, or tap **Collect all** to move everything to your WALLX balance at once. Each collection also appears in your fund records.

## Good habits

- Check the price, the daily output and the term before you buy.
- Gift miners from promotions mine like any other, but they cannot be sold or transferred.
- Take a breath before you trade: the price of WALLX moves, and output is not an income you can count on.
`,
      zh_CN: `
## 开机

新矿机会以关闭状态出现在**我的矿场**中。关闭时，您仍可以把它挂到矿机交易市场出售，或转让给好友。一旦开机，矿机就开始挖矿，并会一直运行到周期结束。

## 每日产出

每天在平台的日结时间，所有开机中的矿机都会获得当天的一条产出记录，显示在**待领取**中。

## 领取

可以逐日领取，也可以点击**一键领取**，把全部产出一次转入 WALLX 余额。每次领取都会记入资金记录。

## 好习惯

- 购买前先看清价格、每日产出和周期。
- 活动赠送的矿机和其他矿机一样产出，但不能出售或转让。
- 交易前先深呼吸：WALLX 的价格会波动，产出并不是可以依赖的收入。
`,
      ko_KR: `
## 채굴기 켜기

새 채굴기는 꺼진 상태로 **내 채굴장**에 들어옵니다. 꺼져 있는 동안에는 채굴기 마켓에 판매 등록하거나 친구에게 양도할 수 있습니다. 켜면 채굴이 시작되고, 기간이 끝날 때까지 계속 켜져 있습니다.

## 일일 산출

하루 한 번 플랫폼의 일일 정산 시각에, 켜져 있는 모든 채굴기에 그날의 산출 기록이 하나씩 생깁니다. **수령 대기**에서 확인하세요.

## 수령하기

하루씩 수령하거나 **모두 수령**을 눌러 한 번에 WALLX 잔액으로 옮기세요. 수령 내역은 자금 기록에도 남습니다.

## 좋은 습관

- 구매 전에 가격, 일일 산출량, 기간을 확인하세요.
- 프로모션 증정 채굴기도 똑같이 채굴하지만, 판매하거나 양도할 수는 없습니다.
- 거래 전에는 한 번 숨을 고르세요. WALLX의 가격은 변하며, 산출은 믿고 기댈 수 있는 수입이 아닙니다.
`,
      ja_JP: `
## 起動する

新しいマイナーは、停止した状態で**マイ鉱山**に入ります。停止中であれば、マシンマーケットに出品したり、友達に譲渡したりできます。起動するとマイニングが始まり、期間が終わるまで稼働し続けます。

## 毎日の産出

1日に1回、プラットフォームの日次締めの時刻に、稼働中のすべてのマイナーにその日の産出記録が1件ずつ追加されます。**未受取**で確認できます。

## 受け取る

1日分ずつ受け取るか、**すべて受け取る**をタップしてまとめてWALLX残高に移します。受け取った記録は資金履歴にも残ります。

## よい習慣

- 購入の前に、価格、1日の産出量、期間を確認しましょう。
- キャンペーンで贈られたマイナーもほかと同じように産出しますが、売却や譲渡はできません。
- 取引の前にはひと呼吸を。WALLXの価格は動くもので、産出は当てにできる収入ではありません。
`,
      id_ID: `
## Menyalakan penambang

Penambang baru masuk ke **Tambang saya** dalam keadaan mati. Selama masih mati, Anda masih bisa memasangnya di pasar mesin atau memindahkannya ke teman. Begitu dinyalakan, penambang mulai menambang dan tetap menyala sampai masa berlakunya habis.

## Hasil harian

Sekali sehari, pada jam tutup harian platform, setiap penambang yang menyala mendapat satu catatan hasil untuk hari itu. Anda akan menemukannya di **Siap diklaim**.

## Mengklaim

Klaim satu hari demi satu hari, atau ketuk **Klaim semua** untuk memindahkan semuanya ke saldo WALLX sekaligus. Setiap klaim juga tercatat di riwayat dana Anda.

## Kebiasaan baik

- Periksa harga, hasil harian, dan masa berlaku sebelum membeli.
- Penambang hadiah promosi menambang seperti penambang lain, tetapi tidak dapat dijual atau dipindahkan.
- Tarik napas dulu sebelum bertransaksi: harga WALLX bergerak, dan hasil tambang bukan penghasilan yang bisa diandalkan.
`,
    },
  },
  {
    media: 'holder-breathing',
    seconds: 10,
    regions: ['JP-13', 'KR-11'],
    requires_miner: true,
    title: {
      en_US: 'Holder lounge: mindful breathing',
      zh_CN: '持有者沙龙：正念呼吸',
      ko_KR: '홀더 라운지: 마음챙김 호흡',
      ja_JP: 'ホルダーラウンジ：マインドフル呼吸',
      id_ID: 'Lounge pemegang: napas berkesadaran',
    },
    summary: {
      en_US:
        'A calm ten-second breathing cycle to practise anywhere, and the breathing sessions for miner holders at our Tokyo and Seoul lounges.',
      zh_CN: '一个随时随地都能练习的 10 秒呼吸循环，以及东京、首尔休息室为矿机持有者举办的呼吸练习会。',
      ko_KR:
        '어디서나 연습할 수 있는 10초 호흡 한 주기와, 도쿄·서울 라운지에서 채굴기 보유자를 위해 여는 호흡 세션을 소개합니다.',
      ja_JP:
        'どこでも練習できる10秒の呼吸サイクルと、東京・ソウルのラウンジで開くマイナー保有者向けの呼吸セッションのご案内。',
      id_ID:
        'Satu siklus napas sepuluh detik yang menenangkan untuk dilatih di mana saja, serta sesi napas bagi pemilik penambang di lounge kami di Tokyo dan Seoul.',
    },
    body: {
      en_US: `
Our service points in Tokyo (Akihabara) and Seoul (Gangnam) host short breathing sessions for miner holders. This course prepares you for them, and you can practise it anywhere.

## The 4–6 breath

1. Sit comfortably, with both feet on the floor.
2. Breathe in through your nose for **four seconds** while the circle grows.
3. Breathe out slowly for **six seconds** while it shrinks.
4. Repeat for two or three minutes. If you feel dizzy, go back to your normal breathing.

Breathing out for longer than you breathe in helps many people feel calmer. *This is a self-care exercise, not a treatment*: if you are struggling, please talk to a professional.

## Joining a session

Sessions are for accounts that hold a miner and whose default address is in Tokyo or Seoul. Ask at the counter when you come to pick up your miner.
`,
      zh_CN: `
我们在东京（秋叶原）和首尔（江南）的服务点会为矿机持有者举办简短的呼吸练习会。本课程帮助您提前做好准备，您也可以随时随地练习。

## 4–6 呼吸法

1. 舒适地坐好，双脚平放在地面上。
2. 随着圆圈变大，用鼻子吸气**四秒**。
3. 随着圆圈缩小，缓慢呼气**六秒**。
4. 重复两到三分钟。如果感到头晕，请恢复平常的呼吸。

呼气比吸气更长，能让很多人感到平静。*这是一项自我关怀练习，而不是治疗*：如果您正在经历困难，请向专业人士求助。

## 参加练习会

练习会面向持有矿机、且默认地址位于东京或首尔的账户。到店自提矿机时，可以在柜台咨询。
`,
      ko_KR: `
도쿄(아키하바라)와 서울(강남)의 서비스 지점에서는 채굴기 보유자를 위한 짧은 호흡 세션을 엽니다. 이 강의로 미리 준비해 보시고, 어디서든 연습해 보세요.

## 4–6 호흡

1. 두 발을 바닥에 붙이고 편안하게 앉습니다.
2. 원이 커지는 동안 코로 **4초** 들이마십니다.
3. 원이 작아지는 동안 **6초**에 걸쳐 천천히 내쉽니다.
4. 2~3분 동안 반복합니다. 어지러우면 평소 호흡으로 돌아가세요.

들이쉬는 것보다 길게 내쉬면 많은 사람이 더 차분해집니다. *이는 자기 돌봄 연습이지 치료가 아닙니다.* 힘든 시간을 보내고 있다면 전문가와 이야기해 보세요.

## 세션 참여하기

세션은 채굴기를 보유하고 기본 배송지가 도쿄나 서울인 계정을 대상으로 합니다. 채굴기를 수령하러 오실 때 카운터에 문의해 주세요.
`,
      ja_JP: `
東京（秋葉原）とソウル（江南）のサービス拠点では、マイナー保有者向けに短い呼吸セッションを開いています。この講座でその準備ができ、どこでも練習できます。

## 4–6呼吸法

1. 両足を床につけて、楽な姿勢で座ります。
2. 円が大きくなる間、鼻から**4秒**かけて息を吸います。
3. 円が小さくなる間、**6秒**かけてゆっくり息を吐きます。
4. 2〜3分くり返します。めまいを感じたら、ふだんの呼吸に戻してください。

吸う時間より吐く時間を長くすると、多くの人が落ち着きを感じます。*これはセルフケアの練習であり、治療ではありません。* つらい状態が続くときは、専門家に相談してください。

## セッションに参加するには

セッションの対象は、マイナーを保有し、既定の住所が東京またはソウルにあるアカウントです。マイナーを受け取りに来られた際に、カウンターでお尋ねください。
`,
      id_ID: `
Titik layanan kami di Tokyo (Akihabara) dan Seoul (Gangnam) mengadakan sesi napas singkat bagi pemilik penambang. Kursus ini mempersiapkan Anda untuk sesi itu, dan latihannya bisa dilakukan di mana saja.

## Napas 4–6

1. Duduk dengan nyaman, kedua kaki menapak di lantai.
2. Tarik napas lewat hidung selama **empat detik** saat lingkaran membesar.
3. Embuskan perlahan selama **enam detik** saat lingkaran mengecil.
4. Ulangi selama dua atau tiga menit. Jika merasa pusing, kembalilah bernapas seperti biasa.

Mengembuskan napas lebih lama daripada menariknya membantu banyak orang merasa lebih tenang. *Ini latihan perawatan diri, bukan pengobatan*: jika Anda sedang kesulitan, bicarakanlah dengan tenaga profesional.

## Mengikuti sesi

Sesi ini untuk akun yang memiliki penambang dan alamat utamanya berada di Tokyo atau Seoul. Tanyakan di konter saat Anda datang mengambil penambang.
`,
    },
  },
];

export const demoCourses = courses.map((course, index) => ({
  title: multiLanguage(course.title),
  summary: multiLanguage(course.summary),
  body: multiLanguage(course.body),
  cover: `/college/${course.media}-cover.svg`,
  poster: `/college/${course.media}-poster.svg`,
  video: `/college/${course.media}.webm`,
  duration_seconds: course.seconds,
  regions: course.regions,
  requires_miner: course.requires_miner,
  sort: index + 1,
}));

export const demoArticleRows = demoArticles.map(({ key, sort, title, body }) => ({
  key,
  sort,
  title: multiLanguage(title),
  body: multiLanguage(body),
}));

export type SeededContent = {
  home_scenes: number;
  partners: number;
  articles: number;
  ecology_items: number;
  courses: number;
};

/** Held while seeding, so two servers starting at once on one database seed once. */
const DEMO_CONTENT_LOCK = 7_411_003;

/**
 * Seeds the demo content, table by table, into the tables that are empty: a table an operator has
 * filled (or emptied of our rows and refilled) is left alone. Returns the rows added per table.
 */
export async function seedDemoContent(db: Db): Promise<SeededContent> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_CONTENT_LOCK})`.execute(trx);
    const isEmpty = async (table: keyof SeededContent) =>
      (await sql`select 1 from ${sql.table(table)} limit 1`.execute(trx)).rows.length === 0;
    const seeded: SeededContent = { home_scenes: 0, partners: 0, articles: 0, ecology_items: 0, courses: 0 };

    if (await isEmpty('home_scenes')) {
      await trx.insertInto('home_scenes').values(demoScenes).execute();
      seeded.home_scenes = demoScenes.length;
    }
    if (await isEmpty('partners')) {
      await trx.insertInto('partners').values(demoPartners).execute();
      seeded.partners = demoPartners.length;
    }
    if (await isEmpty('articles')) {
      await trx.insertInto('articles').values(demoArticleRows).execute();
      seeded.articles = demoArticleRows.length;
    }
    if (await isEmpty('ecology_items')) {
      await trx.insertInto('ecology_items').values(demoEcology).execute();
      seeded.ecology_items = demoEcology.length;
    }
    if (await isEmpty('courses')) {
      for (const { regions, ...course } of demoCourses) {
        await trx
          .insertInto('courses')
          .values({ ...course, regions: sql<string[]>`${regions}::text[]` })
          .execute();
      }
      seeded.courses = demoCourses.length;
    }
    return seeded;
  });
}
