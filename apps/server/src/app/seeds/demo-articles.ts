import type { Language } from '@wallx/shared';

/** One text per language; demo-content.ts joins them into one multi-language value. */
export type Texts = Record<Language, string>;

export type DemoArticle = { key: string; sort: number; title: Texts; body: Texts };

// The five documents of /article, written for this product in five languages. Bodies use only the
// Markdown the app renders: headings, paragraphs, lists, bold, italic, links and inline code. They sit
// flush left: an indented line would be a code block, and a line starting with a language tag and
// ':::' would open another language.

const agreement: DemoArticle = {
  key: 'agreement',
  sort: 1,
  title: {
    en_US: 'User Agreement',
    zh_CN: '用户协议',
    ko_KR: '이용약관',
    ja_JP: '利用規約',
    id_ID: 'Perjanjian Pengguna',
  },
  body: {
    en_US: `
# WALLX User Agreement

Welcome to WALLX. This agreement sets out the rules for using the WALLX app and its services. By connecting a wallet and signing in, you accept it. If you do not agree, please do not use the app.

## 1. Your account

- There is no registration and no login password. You sign in by signing a message with a wallet on BNB Smart Chain (BSC). Signing costs no gas and moves no funds.
- Your account is your wallet address. Whoever controls the wallet controls the account, so keep your private key and recovery phrase to yourself. **We can never recover them for you.**
- Set a **fund password** before you transfer funds, withdraw, transfer a miner or publish a sell order. It needs at least 6 characters, and after five wrong tries it is locked for 15 minutes.

## 2. Funds

- Balances are kept in USDT and WALLX. A deposit is credited only after the blockchain has confirmed your transfer to the platform's deposit address.
- Withdrawals are multiples of 10 and carry a fee that is shown before you confirm. Large withdrawals may wait for a manual review. Blockchain transactions are final and public.

## 3. Miners and markets

- A miner bought with USDT or exchanged for WALLX produces WALLX once a day for a set number of days while it is on. We do not promise that WALLX keeps any market value.
- On the machine market and the C2C market you trade with other users. Sellers set the prices; the platform charges the fee shown in the order. Promotional gift miners cannot be sold or transferred.
- Each account may request one physical miner, delivered to your address or picked up at a pick-up point with a one-time write-off code.

## 4. Your conduct

You agree not to use WALLX for money laundering, fraud, market manipulation or any other unlawful purpose, and not to attack or overload the service. We may freeze an account that breaks these rules or the law: a frozen account can still see its records but cannot transact.

## 5. Well-being content

Courses, check-ins and other well-being content are for general education and self-care. They are **not medical advice** and do not replace a doctor or a therapist. If you are in crisis, call your local emergency number or find a helpline at [Find a Helpline](https://findahelpline.com).

## 6. Risks and liability

Crypto assets are volatile and may lose all of their value. Smart contracts, blockchains and wallets can fail, and a transaction sent to a wrong address cannot be reversed. You use WALLX at your own risk and, as far as the law allows, we are not liable for losses caused by market movements, by your wallet or by third-party networks.

## 7. Changes

We may update this agreement; the current version is always on this page. Questions are welcome at [support@wallx.io](mailto:support@wallx.io).
`,
    zh_CN: `
# WALLX 用户协议

欢迎使用 WALLX。本协议说明使用 WALLX 应用及其服务的规则。连接钱包并签名登录，即表示您接受本协议；如不同意，请勿使用本应用。

## 一、账户

- 无需注册，也没有登录密码。您用 BNB 智能链（BSC）钱包对一条消息签名即可登录。签名不消耗 Gas，也不会转移任何资产。
- 您的钱包地址就是您的账户。谁掌握钱包，谁就掌握账户，请务必自行保管私钥和助记词。**我们无法替您找回它们。**
- 转账、提现、转让矿机或发布出售订单之前，请先设置**资金密码**。资金密码至少 6 位，连续输错 5 次将锁定 15 分钟。

## 二、资金

- 余额以 USDT 和 WALLX 计。只有当区块链确认了您转入平台充值地址的交易后，充值才会到账。
- 提现金额须为 10 的整数倍，手续费在您确认前显示。大额提现可能需要人工审核。链上交易一经确认即不可撤销，且公开可查。

## 三、矿机与交易市场

- 用 USDT 购买或用 WALLX 兑换的矿机，开机后在约定天数内每天产出一次 WALLX。我们不承诺 WALLX 保有任何市场价值。
- 在矿机交易市场和 C2C 交易市场中，您与其他用户直接交易。价格由卖方决定，平台按订单中显示的标准收取手续费。活动赠送的矿机不可出售或转让。
- 每个账户可申请一台实体矿机，可配送到您的收货地址，也可凭一次性核销码到自提点领取。

## 四、使用规范

您同意不将 WALLX 用于洗钱、欺诈、操纵市场或其他任何违法用途，也不攻击服务或使其过载。对违反本协议或法律的账户，我们可以将其冻结：冻结后仍可查看记录，但无法进行任何交易。

## 五、身心健康内容

课程、情绪打卡等身心健康内容仅供一般知识普及与自我关怀之用，**不构成医疗建议**，也不能替代医生或心理咨询师。如果您正处于危机之中，请立即拨打当地急救电话，或在 [Find a Helpline](https://findahelpline.com) 查找心理援助热线。

## 六、风险与责任

加密资产价格波动剧烈，可能损失全部价值。智能合约、区块链和钱包都可能出现故障，转错地址的交易无法追回。使用 WALLX 的风险由您自行承担；在法律允许的范围内，对于市场波动、您的钱包或第三方网络造成的损失，我们不承担责任。

## 七、协议变更

我们可能更新本协议，本页面始终展示最新版本。如有疑问，欢迎联系 [support@wallx.io](mailto:support@wallx.io)。
`,
    ko_KR: `
# WALLX 이용약관

WALLX를 이용해 주셔서 감사합니다. 본 약관은 WALLX 앱과 서비스를 이용하는 규칙을 정합니다. 지갑을 연결하고 서명으로 로그인하면 본 약관에 동의한 것으로 봅니다. 동의하지 않으시면 앱을 이용하지 마십시오.

## 1. 계정

- 회원가입도 로그인 비밀번호도 없습니다. BNB 스마트 체인(BSC) 지갑으로 메시지에 서명하면 로그인됩니다. 서명에는 가스비가 들지 않으며 자산도 이동하지 않습니다.
- 지갑 주소가 곧 계정입니다. 지갑을 가진 사람이 계정을 갖게 되므로 개인 키와 복구 구문은 누구와도 공유하지 마십시오. **저희는 이를 대신 복구해 드릴 수 없습니다.**
- 이체, 출금, 채굴기 양도, 판매 주문 등록 전에 **자금 비밀번호**를 설정하십시오. 6자 이상이어야 하며, 5회 연속 틀리면 15분 동안 잠깁니다.

## 2. 자금

- 잔액은 USDT와 WALLX로 관리됩니다. 충전은 플랫폼 입금 주소로 보낸 거래가 블록체인에서 확인된 뒤에 반영됩니다.
- 출금 금액은 10의 배수여야 하며, 수수료는 확인 전에 표시됩니다. 고액 출금은 수동 검토를 거칠 수 있습니다. 블록체인 거래는 되돌릴 수 없고 누구나 조회할 수 있습니다.

## 3. 채굴기와 마켓

- USDT로 구매하거나 WALLX로 교환한 채굴기는 켜져 있는 동안 정해진 기간에 하루 한 번 WALLX를 산출합니다. WALLX의 시장 가치는 보장되지 않습니다.
- 채굴기 마켓과 C2C 마켓에서는 다른 이용자와 직접 거래합니다. 가격은 판매자가 정하며, 플랫폼은 주문에 표시된 수수료를 받습니다. 프로모션으로 받은 증정 채굴기는 판매하거나 양도할 수 없습니다.
- 계정당 실물 채굴기 1대를 신청할 수 있으며, 배송지로 받거나 일회용 교환 코드로 수령 장소에서 직접 받을 수 있습니다.

## 4. 이용자의 의무

자금 세탁, 사기, 시세 조종 등 불법적인 목적으로 WALLX를 이용하거나, 서비스를 공격하거나 과부하를 일으켜서는 안 됩니다. 약관이나 법령을 위반한 계정은 동결될 수 있으며, 동결된 계정은 기록을 조회할 수 있지만 거래는 할 수 없습니다.

## 5. 마음 건강 콘텐츠

강의, 감정 체크인 등 마음 건강 콘텐츠는 일반적인 정보 제공과 자기 돌봄을 위한 것으로, **의학적 조언이 아니며** 의사나 상담사를 대신하지 않습니다. 위기 상황이라면 지역 응급 전화번호로 연락하시거나 [Find a Helpline](https://findahelpline.com)에서 상담 전화를 찾아보십시오.

## 6. 위험과 책임

암호화폐 자산은 가격 변동이 크며 가치를 모두 잃을 수도 있습니다. 스마트 컨트랙트, 블록체인, 지갑에는 장애가 생길 수 있고, 잘못된 주소로 보낸 거래는 되돌릴 수 없습니다. WALLX 이용에 따른 위험은 이용자 본인이 부담하며, 법이 허용하는 범위에서 시장 변동, 이용자의 지갑 또는 제3자 네트워크로 인한 손실에 대해 책임지지 않습니다.

## 7. 약관 변경

본 약관은 변경될 수 있으며, 최신 버전은 언제나 이 페이지에 게시됩니다. 문의는 [support@wallx.io](mailto:support@wallx.io)로 보내 주십시오.
`,
    ja_JP: `
# WALLX 利用規約

WALLXをご利用いただきありがとうございます。本規約は、WALLXアプリとそのサービスを利用する際のルールを定めるものです。ウォレットを接続して署名でログインした時点で、本規約に同意したものとみなします。同意いただけない場合は、アプリを利用しないでください。

## 1. アカウント

- 会員登録もログインパスワードもありません。BNBスマートチェーン（BSC）のウォレットでメッセージに署名するとログインできます。署名にガス代はかからず、資産が動くこともありません。
- ウォレットアドレスがそのままアカウントになります。ウォレットを管理する人がアカウントを管理することになるため、秘密鍵とリカバリーフレーズは誰にも教えないでください。**当社が代わりに復元することはできません。**
- 送金、出金、マイナーの譲渡、売り注文の出品の前に、**資金パスワード**を設定してください。6文字以上が必要で、5回続けて間違えると15分間ロックされます。

## 2. 資金

- 残高はUSDTとWALLXで管理されます。入金は、プラットフォームの入金アドレスへの送金がブロックチェーン上で承認されてから反映されます。
- 出金額は10の倍数で、手数料は確定前に表示されます。高額の出金は担当者の審査を待つ場合があります。ブロックチェーン上の取引は取り消せず、誰でも閲覧できます。

## 3. マイナーとマーケット

- USDTで購入、またはWALLXと交換したマイナーは、起動している間、定められた日数にわたって1日1回WALLXを産出します。WALLXの市場価値は保証されません。
- マシンマーケットとC2Cマーケットでは、ほかのユーザーと直接取引します。価格は売り手が決め、プラットフォームは注文に表示された手数料を受け取ります。キャンペーンで贈られたマイナーは売却も譲渡もできません。
- 各アカウントは実機のマイナーを1台まで申し込めます。住所への配送か、1回限りの引換コードを使った受取拠点での受け取りを選べます。

## 4. 禁止事項

マネーロンダリング、詐欺、相場操縦、その他の違法な目的でWALLXを利用すること、またサービスへの攻撃や過剰な負荷をかけることを禁止します。本規約や法令に違反したアカウントは凍結することがあります。凍結されたアカウントは記録を閲覧できますが、取引はできません。

## 5. メンタルヘルスに関するコンテンツ

講座や感情チェックインなどのコンテンツは、一般的な知識の提供とセルフケアを目的としたものであり、**医療上の助言ではありません**。医師やカウンセラーの代わりにはなりません。危機的な状況にある場合は、お住まいの地域の緊急番号に連絡するか、[Find a Helpline](https://findahelpline.com) で相談窓口を探してください。

## 6. リスクと責任

暗号資産は価格変動が大きく、価値をすべて失うこともあります。スマートコントラクト、ブロックチェーン、ウォレットには障害が起こり得ます。また、誤ったアドレスに送った取引は取り戻せません。WALLXのご利用はご自身の責任で行っていただき、法令で認められる範囲において、相場の変動、お客様のウォレット、第三者のネットワークに起因する損失について当社は責任を負いません。

## 7. 規約の変更

本規約は変更されることがあります。最新版は常にこのページに掲載します。ご質問は [support@wallx.io](mailto:support@wallx.io) までお寄せください。
`,
    id_ID: `
# Perjanjian Pengguna WALLX

Selamat datang di WALLX. Perjanjian ini mengatur cara menggunakan aplikasi WALLX dan layanannya. Dengan menghubungkan dompet dan masuk, Anda menyetujuinya. Jika Anda tidak setuju, mohon jangan menggunakan aplikasi ini.

## 1. Akun Anda

- Tidak ada pendaftaran dan tidak ada kata sandi login. Anda masuk dengan menandatangani sebuah pesan menggunakan dompet di BNB Smart Chain (BSC). Tanda tangan ini tidak memakan biaya gas dan tidak memindahkan dana apa pun.
- Akun Anda adalah alamat dompet Anda. Siapa pun yang menguasai dompet menguasai akunnya, jadi jangan pernah membagikan kunci privat dan frasa pemulihan Anda. **Kami tidak dapat memulihkannya untuk Anda.**
- Atur **kata sandi dana** sebelum mentransfer dana, menarik dana, memindahkan penambang, atau memasang order jual. Panjangnya minimal 6 karakter, dan setelah lima kali salah, kata sandi dikunci selama 15 menit.

## 2. Dana

- Saldo disimpan dalam USDT dan WALLX. Isi ulang baru masuk setelah blockchain mengonfirmasi transfer Anda ke alamat setoran platform.
- Penarikan harus kelipatan 10 dan dikenai biaya yang ditampilkan sebelum Anda mengonfirmasi. Penarikan dalam jumlah besar dapat menunggu peninjauan manual. Transaksi blockchain bersifat final dan publik.

## 3. Penambang dan pasar

- Penambang yang dibeli dengan USDT atau ditukar dengan WALLX menghasilkan WALLX sekali sehari selama jumlah hari tertentu, selama penambang itu menyala. Kami tidak menjanjikan WALLX akan mempertahankan nilai pasar apa pun.
- Di pasar mesin dan pasar C2C, Anda bertransaksi langsung dengan pengguna lain. Harga ditentukan penjual, dan platform memungut biaya yang tertera pada order. Penambang hadiah promosi tidak dapat dijual atau dipindahkan.
- Setiap akun dapat meminta satu penambang fisik, yang dikirim ke alamat Anda atau diambil di titik pengambilan dengan kode penukaran sekali pakai.

## 4. Perilaku Anda

Anda setuju untuk tidak menggunakan WALLX untuk pencucian uang, penipuan, manipulasi pasar, atau tujuan melanggar hukum lainnya, serta tidak menyerang atau membebani layanan. Kami dapat membekukan akun yang melanggar aturan ini atau hukum: akun yang dibekukan tetap dapat melihat riwayatnya, tetapi tidak dapat bertransaksi.

## 5. Konten kesejahteraan mental

Kursus, check-in emosi, dan konten kesejahteraan lainnya ditujukan untuk edukasi umum dan perawatan diri. Konten ini **bukan nasihat medis** dan tidak menggantikan dokter atau terapis. Jika Anda sedang dalam krisis, hubungi nomor darurat setempat atau cari layanan bantuan di [Find a Helpline](https://findahelpline.com).

## 6. Risiko dan tanggung jawab

Aset kripto sangat fluktuatif dan dapat kehilangan seluruh nilainya. Kontrak pintar, blockchain, dan dompet dapat mengalami gangguan, dan transaksi yang terkirim ke alamat yang salah tidak dapat dibatalkan. Anda menggunakan WALLX atas risiko sendiri dan, sejauh diizinkan hukum, kami tidak bertanggung jawab atas kerugian akibat pergerakan pasar, dompet Anda, atau jaringan pihak ketiga.

## 7. Perubahan

Kami dapat memperbarui perjanjian ini; versi terbaru selalu tersedia di halaman ini. Pertanyaan dapat dikirim ke [support@wallx.io](mailto:support@wallx.io).
`,
  },
};

const privacy: DemoArticle = {
  key: 'privacy',
  sort: 2,
  title: {
    en_US: 'Privacy Policy',
    zh_CN: '隐私政策',
    ko_KR: '개인정보 처리방침',
    ja_JP: 'プライバシーポリシー',
    id_ID: 'Kebijakan Privasi',
  },
  body: {
    en_US: `
# Privacy Policy

WALLX is built to need as little personal data as possible. This policy explains what we keep, why we keep it, and what you can do about it.

## What we store

- **Your wallet address**, which is your account, and the address of the friend who invited you, if any.
- **Records of what you do in the app**: deposits, withdrawals, transfers, miners, orders, market trades and course progress.
- **Delivery addresses** you add for a physical miner: country or region, recipient name, phone number, postcode and street address. Your default address also decides which regional courses and pick-up points you see.
- **Feedback** you send us, and our replies.
- Your **fund password**, only as an Argon2id hash. Nobody, including us, can read it back.
- Technical logs (time, request, IP address) kept for security and troubleshooting.

## What we never store

- We do not ask for an e-mail address, a login password or identity documents to sign in.
- **We never receive your private key or recovery phrase.** We will never ask for them; anyone who does is not us.

## On your device

The app keeps your session, basic account details and your language choice in your browser's local storage. Logging out removes the session from the device.

## Public by nature

Deposits and withdrawals are blockchain transactions. They are public and permanent, and anyone can look them up on a block explorer such as [BscScan](https://bscscan.com). We cannot hide or delete them.

## How we use your data

Only to run the service: to credit deposits and pay out withdrawals, to process orders and trades, to ship or hand over miners, to answer feedback, to prevent fraud and to meet our legal duties. We do **not** sell your data and do not use advertising trackers. Couriers and pick-up points receive only what they need to hand over your miner.

## Your choices

- You can edit or delete your delivery addresses in the app at any time.
- To ask for a copy of your data or for its deletion, send a request through the app's Feedback page or to [privacy@wallx.io](mailto:privacy@wallx.io), naming your wallet address.
- Some records, such as financial ones, must be kept for as long as the law requires.
`,
    zh_CN: `
# 隐私政策

WALLX 的设计原则是尽可能少地收集个人信息。本政策说明我们保存哪些信息、为什么保存，以及您可以如何管理它们。

## 我们保存的信息

- **您的钱包地址**（即您的账户），以及邀请您的好友的地址（如有）。
- **您在应用中的操作记录**：充值、提现、转账、矿机、订单、市场交易和课程学习进度。
- 您为实体矿机添加的**收货地址**：国家或地区、收件人姓名、电话、邮编和详细地址。默认地址还决定了您能看到哪些地区课程和自提点。
- 您提交的**意见反馈**以及我们的回复。
- 您的**资金密码**，仅以 Argon2id 哈希形式保存，包括我们在内，任何人都无法还原。
- 出于安全和排查故障的需要而保存的技术日志（时间、请求、IP 地址）。

## 我们绝不保存的信息

- 登录无需邮箱、登录密码或身份证件。
- **我们永远不会接触您的私钥或助记词**，也绝不会向您索要。任何索要它们的人都不是我们。

## 保存在您设备上的信息

应用会把登录状态、基本账户信息和语言选择保存在浏览器的本地存储中。退出登录会从设备上清除登录状态。

## 链上信息天然公开

充值和提现都是区块链交易，公开且永久存在，任何人都可以在 [BscScan](https://bscscan.com) 等区块浏览器上查到。我们无法隐藏或删除这些记录。

## 我们如何使用信息

仅用于提供服务：为充值入账、发放提现、处理订单和交易、配送或交付矿机、回复反馈、防范欺诈以及履行法律义务。我们**不会**出售您的信息，也不使用广告追踪工具。快递公司和自提点只会获得交付矿机所必需的信息。

## 您的选择

- 您可以随时在应用中修改或删除收货地址。
- 如需获取您的数据副本或要求删除数据，请通过应用的意见反馈或发送邮件至 [privacy@wallx.io](mailto:privacy@wallx.io)，并注明您的钱包地址。
- 部分记录（例如财务记录）须按法律要求的期限保存。
`,
    ko_KR: `
# 개인정보 처리방침

WALLX는 개인정보를 최소한으로만 받도록 설계되었습니다. 이 방침은 저희가 무엇을, 왜 보관하는지, 그리고 이용자가 무엇을 할 수 있는지 설명합니다.

## 보관하는 정보

- 계정 역할을 하는 **지갑 주소**, 그리고 초대한 친구가 있다면 그 친구의 주소
- **앱 이용 기록**: 충전, 출금, 이체, 채굴기, 주문, 마켓 거래, 강의 진도
- 실물 채굴기를 받기 위해 등록한 **배송지**: 국가 또는 지역, 수령인 이름, 전화번호, 우편번호, 상세 주소. 기본 배송지는 이용자에게 보이는 지역 강의와 수령 장소를 정하는 데에도 쓰입니다.
- 이용자가 보낸 **의견**과 저희의 답변
- Argon2id 해시로만 저장되는 **자금 비밀번호**. 저희를 포함해 누구도 원래 값을 알 수 없습니다.
- 보안과 장애 대응을 위한 기술 로그(시간, 요청, IP 주소)

## 절대 보관하지 않는 정보

- 로그인을 위해 이메일 주소, 로그인 비밀번호, 신분증을 요구하지 않습니다.
- **개인 키나 복구 구문은 저희에게 전달되지 않습니다.** 저희는 이를 절대 요구하지 않으며, 요구하는 사람이 있다면 WALLX가 아닙니다.

## 기기에 저장되는 정보

앱은 로그인 상태, 기본 계정 정보, 언어 설정을 브라우저의 로컬 저장소에 보관합니다. 로그아웃하면 기기에서 로그인 상태가 삭제됩니다.

## 블록체인 정보는 공개됩니다

충전과 출금은 블록체인 거래이므로 공개적이고 영구적이며, 누구나 [BscScan](https://bscscan.com) 같은 블록 탐색기에서 조회할 수 있습니다. 저희는 이를 숨기거나 삭제할 수 없습니다.

## 정보의 이용 목적

서비스 운영에만 사용합니다. 충전 반영과 출금 지급, 주문과 거래 처리, 채굴기 배송과 인도, 의견 답변, 부정 이용 방지, 법적 의무 이행이 그 목적입니다. 저희는 개인정보를 **판매하지 않으며** 광고 추적 도구도 쓰지 않습니다. 택배사와 수령 장소에는 채굴기 전달에 필요한 정보만 제공됩니다.

## 이용자의 선택

- 배송지는 언제든지 앱에서 수정하거나 삭제할 수 있습니다.
- 개인정보 사본이나 삭제를 원하시면 앱의 의견 보내기 또는 [privacy@wallx.io](mailto:privacy@wallx.io)로 지갑 주소와 함께 요청해 주십시오.
- 금융 기록 등 일부 기록은 법령이 정한 기간 동안 보관해야 합니다.
`,
    ja_JP: `
# プライバシーポリシー

WALLXは、個人情報をできるだけ持たないように設計されています。本ポリシーでは、当社が何を、なぜ保存するのか、そしてお客様にどのような選択肢があるのかを説明します。

## 保存する情報

- アカウントとなる**ウォレットアドレス**と、招待してくれた友達がいる場合はそのアドレス
- **アプリでの操作記録**：入金、出金、送金、マイナー、注文、マーケットでの取引、講座の視聴位置
- 実機のマイナーを受け取るために登録した**配送先住所**：国・地域、受取人の氏名、電話番号、郵便番号、詳細住所。既定の住所によって、表示される地域限定の講座や受取拠点も決まります。
- お客様からの**ご意見**と当社からの返信
- Argon2idハッシュとしてのみ保存される**資金パスワード**。当社を含め、誰も元の値を知ることはできません。
- セキュリティと障害対応のための技術ログ（日時、リクエスト、IPアドレス）

## 保存しない情報

- ログインのためにメールアドレス、ログインパスワード、本人確認書類を求めることはありません。
- **秘密鍵やリカバリーフレーズを当社が受け取ることはありません。** 当社がそれらを尋ねることは決してなく、尋ねてくる相手はWALLXではありません。

## 端末に保存される情報

アプリは、ログイン状態、基本的なアカウント情報、言語設定をブラウザのローカルストレージに保存します。ログアウトすると、ログイン状態は端末から消去されます。

## ブロックチェーンの情報は公開されます

入金と出金はブロックチェーン上の取引であり、公開かつ永続的で、[BscScan](https://bscscan.com) などのブロックエクスプローラーで誰でも確認できます。当社がこれらを非公開にしたり削除したりすることはできません。

## 利用目的

サービスの運営のためにのみ利用します。入金の反映と出金の支払い、注文と取引の処理、マイナーの配送と引き渡し、ご意見への返信、不正の防止、法令上の義務の履行がその目的です。個人情報を**販売することはなく**、広告用のトラッキングも使いません。配送業者と受取拠点には、マイナーの引き渡しに必要な情報だけを提供します。

## お客様の選択肢

- 配送先住所は、アプリでいつでも編集・削除できます。
- 個人情報の写しや削除をご希望の場合は、アプリの「ご意見」または [privacy@wallx.io](mailto:privacy@wallx.io) まで、ウォレットアドレスを添えてご連絡ください。
- 財務記録など一部の記録は、法令で定められた期間保存する必要があります。
`,
    id_ID: `
# Kebijakan Privasi

WALLX dirancang untuk memerlukan data pribadi sesedikit mungkin. Kebijakan ini menjelaskan data apa yang kami simpan, mengapa, dan apa yang dapat Anda lakukan.

## Data yang kami simpan

- **Alamat dompet Anda**, yang menjadi akun Anda, serta alamat teman yang mengundang Anda, jika ada.
- **Riwayat aktivitas Anda di aplikasi**: isi ulang, penarikan, transfer, penambang, order, transaksi pasar, dan kemajuan kursus.
- **Alamat pengiriman** yang Anda tambahkan untuk penambang fisik: negara atau wilayah, nama penerima, nomor telepon, kode pos, dan alamat lengkap. Alamat utama Anda juga menentukan kursus regional dan titik pengambilan yang Anda lihat.
- **Masukan** yang Anda kirim beserta balasan kami.
- **Kata sandi dana** Anda, hanya dalam bentuk hash Argon2id. Tidak ada seorang pun, termasuk kami, yang dapat membacanya kembali.
- Log teknis (waktu, permintaan, alamat IP) untuk keamanan dan penanganan gangguan.

## Data yang tidak pernah kami simpan

- Kami tidak meminta alamat e-mail, kata sandi login, atau dokumen identitas untuk masuk.
- **Kami tidak pernah menerima kunci privat atau frasa pemulihan Anda.** Kami tidak akan pernah memintanya; siapa pun yang memintanya bukanlah kami.

## Di perangkat Anda

Aplikasi menyimpan sesi, detail dasar akun, dan pilihan bahasa Anda di penyimpanan lokal browser. Keluar dari akun akan menghapus sesi dari perangkat.

## Publik secara alami

Isi ulang dan penarikan adalah transaksi blockchain. Transaksi ini publik dan permanen, dan siapa pun dapat melihatnya di penjelajah blok seperti [BscScan](https://bscscan.com). Kami tidak dapat menyembunyikan atau menghapusnya.

## Cara kami menggunakan data

Hanya untuk menjalankan layanan: memasukkan isi ulang dan membayar penarikan, memproses order dan transaksi, mengirim atau menyerahkan penambang, membalas masukan, mencegah penipuan, dan memenuhi kewajiban hukum. Kami **tidak** menjual data Anda dan tidak memakai pelacak iklan. Kurir dan titik pengambilan hanya menerima data yang diperlukan untuk menyerahkan penambang Anda.

## Pilihan Anda

- Anda dapat mengubah atau menghapus alamat pengiriman di aplikasi kapan saja.
- Untuk meminta salinan data atau penghapusannya, hubungi kami lewat halaman Masukan di aplikasi atau kirim e-mail ke [privacy@wallx.io](mailto:privacy@wallx.io) dengan menyebutkan alamat dompet Anda.
- Sebagian catatan, seperti catatan keuangan, wajib disimpan selama yang disyaratkan hukum.
`,
  },
};

const about: DemoArticle = {
  key: 'about',
  sort: 3,
  title: { en_US: 'About Us', zh_CN: '关于我们', ko_KR: 'WALLX 소개', ja_JP: 'WALLXについて', id_ID: 'Tentang Kami' },
  body: {
    en_US: `
# About WALLX

WALLX is a Web3 ecosystem for mental well-being. We believe that caring for your mind deserves to be rewarded, and that the community that makes it possible should share in what it builds together.

## What we are building

- **Emotion check-ins** that turn a daily moment of reflection into a habit.
- **AI therapy chat**: a companion that listens at any hour.
- **Emotion tracking** with weekly leaderboards that celebrate consistency, not perfection.
- An **emotion staking pool** that gives part of its proceeds to a mental-health aid fund.

## The WALLX app

This app is the ecosystem's wallet and marketplace. With a wallet on BNB Smart Chain you can:

1. sign in with a signature, with no registration;
2. deposit and withdraw USDT and WALLX, and transfer them to friends;
3. buy mining machines that produce WALLX every day, and trade them on the machine market;
4. sell or buy WALLX for USDT with other users on the C2C market;
5. invite friends and follow your team's growth;
6. have a physical miner delivered, or pick it up at a service point near you;
7. learn at the **WALLX College**.

## Our principles

- **Your keys, your assets.** We never hold your private key.
- **Clear rules.** Fees and limits are shown before you confirm anything.
- **Honest about risk.** Crypto assets can lose value, and we never promise returns.
- **Well-being first.** Our content supports self-care; it is no substitute for professional help.

Learn more at [wallx.io](https://wallx.io) or say hello at [hello@wallx.io](mailto:hello@wallx.io).
`,
    zh_CN: `
# 关于 WALLX

WALLX 是一个关注心理健康的 Web3 生态。我们相信，善待自己的内心值得被奖励；而让这一切成为可能的社区，也应当共享共同创造的价值。

## 我们在做什么

- **情绪打卡**：把每天片刻的自我觉察变成习惯。
- **AI 心理咨询**：一位随时愿意倾听的陪伴者。
- **情绪追踪**：每周排行榜鼓励的是坚持，而不是完美。
- **情绪质押池**：将部分收益捐赠给心理健康援助基金。

## WALLX 应用

本应用是生态的钱包与交易平台。只要有一个 BNB 智能链钱包，您就可以：

1. 签名即可登录，无需注册；
2. 充值、提现 USDT 和 WALLX，并转账给好友；
3. 购买每天产出 WALLX 的矿机，并在矿机交易市场上交易；
4. 在 C2C 交易市场上与其他用户以 USDT 买卖 WALLX；
5. 邀请好友，关注团队的成长；
6. 申请实体矿机配送到家，或到附近的服务点自提；
7. 在 **WALLX 学院**学习课程。

## 我们的原则

- **私钥在您手中，资产就在您手中。** 我们从不保管您的私钥。
- **规则清晰。** 任何操作在确认前都会显示手续费和限额。
- **坦诚面对风险。** 加密资产可能贬值，我们从不承诺收益。
- **身心健康优先。** 我们的内容支持自我关怀，但不能替代专业帮助。

了解更多请访问 [wallx.io](https://wallx.io)，也欢迎来信 [hello@wallx.io](mailto:hello@wallx.io)。
`,
    ko_KR: `
# WALLX 소개

WALLX는 마음 건강을 위한 Web3 생태계입니다. 자신의 마음을 돌보는 일은 보상받을 가치가 있고, 이를 가능하게 하는 커뮤니티도 함께 만든 가치를 나눠야 한다고 믿습니다.

## 저희가 만들고 있는 것

- **감정 체크인**: 하루 한 번 마음을 돌아보는 순간을 습관으로 만듭니다.
- **AI 심리 상담**: 언제든 이야기를 들어 주는 동반자입니다.
- **감정 트래킹**: 주간 랭킹은 완벽함이 아니라 꾸준함을 응원합니다.
- **감정 스테이킹 풀**: 수익의 일부를 마음 건강 지원 기금에 기부합니다.

## WALLX 앱

이 앱은 생태계의 지갑이자 마켓입니다. BNB 스마트 체인 지갑만 있으면 다음을 할 수 있습니다.

1. 회원가입 없이 서명으로 로그인
2. USDT와 WALLX 충전·출금 및 친구에게 이체
3. 매일 WALLX를 산출하는 채굴기를 구매하고 채굴기 마켓에서 거래
4. C2C 마켓에서 다른 이용자와 USDT로 WALLX 매매
5. 친구를 초대하고 팀의 성장 확인
6. 실물 채굴기를 배송받거나 가까운 서비스 지점에서 수령
7. **WALLX 아카데미**에서 학습

## 저희의 원칙

- **키가 곧 자산입니다.** 저희는 이용자의 개인 키를 보관하지 않습니다.
- **명확한 규칙.** 수수료와 한도는 확인 전에 항상 표시됩니다.
- **위험에 대한 솔직함.** 암호화폐 자산은 가치가 떨어질 수 있으며, 저희는 수익을 약속하지 않습니다.
- **마음 건강이 먼저.** 저희 콘텐츠는 자기 돌봄을 돕지만 전문적인 도움을 대신하지는 않습니다.

자세한 내용은 [wallx.io](https://wallx.io)에서 확인하시고, [hello@wallx.io](mailto:hello@wallx.io)로 언제든 연락해 주세요.
`,
    ja_JP: `
# WALLXについて

WALLXは、心の健康のためのWeb3エコシステムです。自分の心をいたわることは報われるべきであり、それを支えるコミュニティもまた、ともに築いた価値を分かち合うべきだと私たちは考えています。

## 私たちがつくっているもの

- **感情チェックイン**：1日のわずかな振り返りの時間を習慣に変えます。
- **AIセラピーチャット**：いつでも話を聞いてくれるパートナーです。
- **感情トラッキング**：週間ランキングが称えるのは、完璧さではなく継続です。
- **感情ステーキングプール**：収益の一部をメンタルヘルス支援基金に寄付します。

## WALLXアプリ

このアプリは、エコシステムのウォレットであり、マーケットでもあります。BNBスマートチェーンのウォレットがあれば、次のことができます。

1. 会員登録なしで、署名だけでログイン
2. USDTとWALLXの入金・出金、友達への送金
3. 毎日WALLXを産出するマイナーの購入と、マシンマーケットでの売買
4. C2CマーケットでほかのユーザーとWALLXをUSDTで売買
5. 友達を招待し、チームの成長を確認
6. 実機のマイナーを配送で受け取る、または近くのサービス拠点で受け取る
7. **WALLXアカデミー**での学習

## 私たちの原則

- **鍵を持つ人が資産を持つ。** 当社がお客様の秘密鍵を預かることはありません。
- **明確なルール。** 手数料と上限は、確定する前に必ず表示します。
- **リスクに誠実に。** 暗号資産は値下がりすることがあり、当社が利益を約束することはありません。
- **心の健康を第一に。** 私たちのコンテンツはセルフケアを支えるものであり、専門家の支援に代わるものではありません。

詳しくは [wallx.io](https://wallx.io) をご覧ください。[hello@wallx.io](mailto:hello@wallx.io) へのご連絡もお待ちしています。
`,
    id_ID: `
# Tentang WALLX

WALLX adalah ekosistem Web3 untuk kesejahteraan mental. Kami percaya bahwa merawat pikiran layak mendapat imbalan, dan komunitas yang mewujudkannya juga layak ikut menikmati apa yang dibangun bersama.

## Apa yang kami bangun

- **Check-in emosi** yang mengubah momen refleksi harian menjadi kebiasaan.
- **Chat terapi AI**: pendamping yang siap mendengarkan kapan saja.
- **Pelacakan emosi** dengan papan peringkat mingguan yang menghargai konsistensi, bukan kesempurnaan.
- **Pool staking emosi** yang menyumbangkan sebagian hasilnya ke dana bantuan kesehatan mental.

## Aplikasi WALLX

Aplikasi ini adalah dompet sekaligus pasar bagi ekosistem. Dengan dompet di BNB Smart Chain, Anda dapat:

1. masuk dengan tanda tangan, tanpa pendaftaran;
2. mengisi ulang dan menarik USDT serta WALLX, dan mentransfernya ke teman;
3. membeli mesin penambang yang menghasilkan WALLX setiap hari, dan memperdagangkannya di pasar mesin;
4. menjual atau membeli WALLX dengan USDT bersama pengguna lain di pasar C2C;
5. mengundang teman dan mengikuti perkembangan tim Anda;
6. meminta penambang fisik dikirim ke rumah, atau mengambilnya di titik layanan terdekat;
7. belajar di **Akademi WALLX**.

## Prinsip kami

- **Kunci Anda, aset Anda.** Kami tidak pernah menyimpan kunci privat Anda.
- **Aturan yang jelas.** Biaya dan batas selalu ditampilkan sebelum Anda mengonfirmasi.
- **Jujur soal risiko.** Aset kripto dapat kehilangan nilai, dan kami tidak pernah menjanjikan keuntungan.
- **Kesejahteraan lebih dulu.** Konten kami mendukung perawatan diri, tetapi tidak menggantikan bantuan profesional.

Pelajari lebih lanjut di [wallx.io](https://wallx.io) atau sapa kami di [hello@wallx.io](mailto:hello@wallx.io).
`,
  },
};

const cooperation: DemoArticle = {
  key: 'cooperation',
  sort: 4,
  title: {
    en_US: 'Business Cooperation',
    zh_CN: '商务合作',
    ko_KR: '비즈니스 제휴',
    ja_JP: 'ビジネス提携',
    id_ID: 'Kerja Sama Bisnis',
  },
  body: {
    en_US: `
# Business Cooperation

WALLX grows with partners who care about mental well-being and about a fair, transparent Web3 economy. If that sounds like you, we would like to hear from you.

## Who we work with

- **Mental-health professionals and organisations**: counsellors, therapists, clinics and charities who want to bring courses or support to our community, or to work with the aid fund.
- **Pick-up points and logistics partners**: shops and service centres that can hand over physical miners and check write-off codes.
- **Wallets, chains and projects on BNB Smart Chain**: integrations, joint campaigns and listings.
- **Educators and creators** who want to teach at the WALLX College.
- **Community leaders** who build local teams and host meetups.

## What we offer

- A community that cares about well-being, in five languages: English, Chinese, Korean, Japanese and Indonesian.
- Co-branded courses and campaigns, planned together with you.
- Clear written terms and transparent settlement.

## How to reach us

Send a short introduction to [business@wallx.io](mailto:business@wallx.io) that tells us:

1. who you are, with your website;
2. what you would like to do together;
3. the regions and languages you cover;
4. how we can reach you.

We answer every serious proposal within five working days.

*We never ask partners for upfront fees, and never for private keys. If anyone does so in our name, please let us know at once.*
`,
    zh_CN: `
# 商务合作

WALLX 与关心心理健康、认同公平透明的 Web3 经济的伙伴共同成长。如果您也是这样，我们期待您的来信。

## 我们的合作对象

- **心理健康专业人士和机构**：希望为社区带来课程或支持，或参与援助基金的心理咨询师、治疗师、诊所和公益组织。
- **自提点与物流伙伴**：能够交付实体矿机并核验核销码的门店和服务中心。
- **BNB 智能链上的钱包、公链和项目**：产品集成、联合活动和上线合作。
- **教育者与内容创作者**：希望在 WALLX 学院开课的老师。
- **社区领袖**：组建本地团队、举办线下活动的伙伴。

## 我们能提供什么

- 一个关注身心健康的社区，覆盖英语、中文、韩语、日语和印尼语五种语言。
- 与您共同策划的联名课程和活动。
- 清晰的书面条款和透明的结算。

## 联系方式

请将简短的介绍发送至 [business@wallx.io](mailto:business@wallx.io)，并写明：

1. 您的机构及网站；
2. 希望共同开展的合作内容；
3. 覆盖的地区和语言；
4. 我们如何联系您。

对于每一份认真的合作提案，我们都会在五个工作日内回复。

*我们从不向合作伙伴收取任何预付费用，更不会索要私钥。如有人以我们的名义这样做，请立即告知我们。*
`,
    ko_KR: `
# 비즈니스 제휴

WALLX는 마음 건강과 공정하고 투명한 Web3 경제를 함께 고민하는 파트너와 성장합니다. 뜻이 같다면 언제든 연락해 주세요.

## 함께하는 파트너

- **마음 건강 전문가와 기관**: 커뮤니티에 강의나 지원을 제공하거나 지원 기금과 협력하려는 상담사, 치료사, 클리닉, 비영리 단체
- **수령 장소와 물류 파트너**: 실물 채굴기를 전달하고 교환 코드를 확인할 수 있는 매장과 서비스 센터
- **BNB 스마트 체인의 지갑, 체인, 프로젝트**: 연동, 공동 캠페인, 상장 협력
- **교육자와 크리에이터**: WALLX 아카데미에서 강의하고 싶은 분
- **커뮤니티 리더**: 지역 팀을 꾸리고 모임을 여는 분

## 저희가 드릴 수 있는 것

- 영어, 중국어, 한국어, 일본어, 인도네시아어 5개 언어로 소통하는, 마음 건강을 아끼는 커뮤니티
- 함께 기획하는 공동 브랜드 강의와 캠페인
- 명확한 서면 조건과 투명한 정산

## 연락 방법

[business@wallx.io](mailto:business@wallx.io)로 간단한 소개를 보내 주시면서 다음 내용을 알려 주세요.

1. 회사 또는 단체 소개와 웹사이트
2. 함께 하고 싶은 일
3. 활동 지역과 사용 언어
4. 연락받으실 방법

진지한 제안에는 영업일 기준 5일 이내에 모두 답변드립니다.

*저희는 파트너에게 선입금을 요구하지 않으며, 개인 키는 더더욱 요구하지 않습니다. 누군가 WALLX를 사칭해 이를 요구한다면 즉시 알려 주세요.*
`,
    ja_JP: `
# ビジネス提携

WALLXは、心の健康と、公正で透明なWeb3経済を大切にするパートナーとともに成長しています。思いを同じくする方からのご連絡をお待ちしています。

## 提携先の例

- **メンタルヘルスの専門家・団体**：コミュニティに講座やサポートを届けたい、または支援基金と協力したいカウンセラー、セラピスト、クリニック、非営利団体
- **受取拠点・物流パートナー**：実機のマイナーを引き渡し、引換コードを確認できる店舗やサービスセンター
- **BNBスマートチェーン上のウォレット、チェーン、プロジェクト**：連携、共同キャンペーン、上場
- **教育者・クリエイター**：WALLXアカデミーで講座を持ちたい方
- **コミュニティリーダー**：地域のチームをつくり、交流会を開く方

## 私たちが提供できること

- 英語、中国語、韓国語、日本語、インドネシア語の5言語で広がる、心の健康を大切にするコミュニティ
- ともに企画する共同ブランドの講座やキャンペーン
- 明確な書面の条件と透明な精算

## ご連絡方法

[business@wallx.io](mailto:business@wallx.io) 宛てに、次の内容を添えて簡単なご紹介をお送りください。

1. 貴社・貴団体の概要とウェブサイト
2. 一緒に取り組みたいこと
3. 対象の地域と言語
4. ご連絡先

真剣なご提案には、すべて5営業日以内にお返事します。

*当社がパートナーに前払い金を求めることはなく、秘密鍵を求めることも決してありません。当社の名をかたってそのような要求をする者がいれば、すぐにお知らせください。*
`,
    id_ID: `
# Kerja Sama Bisnis

WALLX tumbuh bersama mitra yang peduli pada kesejahteraan mental dan pada ekonomi Web3 yang adil dan transparan. Jika itu juga Anda, kami ingin mendengar dari Anda.

## Siapa yang kami ajak bekerja sama

- **Profesional dan organisasi kesehatan mental**: konselor, terapis, klinik, dan lembaga amal yang ingin menghadirkan kursus atau dukungan bagi komunitas kami, atau bekerja sama dengan dana bantuan.
- **Titik pengambilan dan mitra logistik**: toko dan pusat layanan yang dapat menyerahkan penambang fisik dan memeriksa kode penukaran.
- **Dompet, jaringan, dan proyek di BNB Smart Chain**: integrasi, kampanye bersama, dan listing.
- **Pendidik dan kreator** yang ingin mengajar di Akademi WALLX.
- **Pemimpin komunitas** yang membangun tim lokal dan mengadakan pertemuan.

## Apa yang kami tawarkan

- Komunitas yang peduli pada kesejahteraan, dalam lima bahasa: Inggris, Mandarin, Korea, Jepang, dan Indonesia.
- Kursus dan kampanye bersama yang direncanakan bersama Anda.
- Ketentuan tertulis yang jelas dan penyelesaian yang transparan.

## Cara menghubungi kami

Kirim perkenalan singkat ke [business@wallx.io](mailto:business@wallx.io) yang memuat:

1. siapa Anda, beserta situs web Anda;
2. apa yang ingin Anda lakukan bersama kami;
3. wilayah dan bahasa yang Anda jangkau;
4. cara kami menghubungi Anda.

Kami membalas setiap proposal yang serius dalam lima hari kerja.

*Kami tidak pernah meminta biaya di muka kepada mitra, apalagi kunci privat. Jika ada yang melakukannya atas nama kami, mohon segera beri tahu kami.*
`,
  },
};

const support: DemoArticle = {
  key: 'support',
  sort: 5,
  title: {
    en_US: 'Help & Support',
    zh_CN: '帮助与支持',
    ko_KR: '고객 지원',
    ja_JP: 'ヘルプ・サポート',
    id_ID: 'Bantuan & Dukungan',
  },
  body: {
    en_US: `
# Help & Support

Answers to the questions we hear most, and how to reach a person when you need one.

## Signing in

- Open the app in your wallet's built-in browser (for example [MetaMask](https://metamask.io), [Trust Wallet](https://trustwallet.com), TokenPocket or SafePal), switch to **BNB Smart Chain**, tap **Connect wallet** and sign the message that starts with \`Welcome to wallx!\`. Signing is free and moves no funds.
- "Wallet not found" means the page is not open in a wallet browser, or the wallet extension is missing.
- When you switch accounts in your wallet, the app signs you out. Sign in again with the new account.

## Deposits

Choose USDT or WALLX and the amount, then confirm the transfer in your wallet. It is credited once the network has confirmed it, usually within a minute. Send deposits **only from the wallet you signed in with**: a transfer from another address cannot be matched to your account.

## Withdrawals

Amounts are multiples of 10, and the fee is shown before you confirm. Large withdrawals are reviewed by hand before they are sent. If a withdrawal is rejected or fails, the amount and the fee return to your balance.

## Fund password

You need it for transfers, withdrawals, miner transfers and sell orders. After five wrong tries it is locked for 15 minutes; wait a little, then try again.

## Miners

A miner you buy waits in **My orders**; use the order to place the miner in **My mine**, then turn it on. Each day's output appears under **To collect**: collect it one day at a time, or tap **Collect all**. A miner that is on keeps mining until its term ends, and it cannot be listed or transferred in the meantime.

## Still need help?

- In the app: **Me → Feedback**. Our reply appears on the same page.
- By e-mail: [support@wallx.io](mailto:support@wallx.io). Please include your wallet address and, for a deposit or a withdrawal, the transaction hash.

**We will never ask for your private key or recovery phrase**, and our support team never messages you first.
`,
    zh_CN: `
# 帮助与支持

这里汇总了最常见的问题，以及需要人工帮助时如何联系我们。

## 登录

- 在钱包内置的浏览器中打开本应用（例如 [MetaMask](https://metamask.io)、[Trust Wallet](https://trustwallet.com)、TokenPocket 或 SafePal），切换到 **BNB 智能链**，点击**连接钱包**，然后对以 \`Welcome to wallx!\` 开头的消息签名。签名免费，也不会转移任何资产。
- 提示“未检测到钱包”，说明页面不是在钱包浏览器中打开的，或者没有安装钱包插件。
- 在钱包中切换账户后，应用会自动退出登录，请用新账户重新登录。

## 充值

选择 USDT 或 WALLX 并填写金额，然后在钱包中确认转账。网络确认后即可到账，通常在一分钟之内。请**只从登录所用的钱包**转入：从其他地址转入的资金无法匹配到您的账户。

## 提现

提现金额须为 10 的整数倍，手续费会在确认前显示。大额提现会先经过人工审核再发出。如果提现被拒绝或失败，金额和手续费会退回您的余额。

## 资金密码

转账、提现、转让矿机和发布出售订单都需要资金密码。连续输错 5 次会锁定 15 分钟，请稍候再试。

## 矿机

购买的矿机会先出现在**我的订单**中；使用订单后，矿机会进入**我的矿场**，开机即可开始产出。每天的产出显示在**待领取**中，可以逐日领取，也可以点击**一键领取**。开机后的矿机会一直挖矿直到期满，在此期间不能出售或转让。

## 仍需帮助？

- 在应用中：**我的 → 意见反馈**。我们的回复会显示在同一页面。
- 发送邮件至 [support@wallx.io](mailto:support@wallx.io)。请附上您的钱包地址；如涉及充值或提现，请一并提供交易哈希。

**我们绝不会索要您的私钥或助记词**，客服人员也从不主动私信您。
`,
    ko_KR: `
# 고객 지원

자주 묻는 질문에 대한 답변과, 직접 도움이 필요할 때 연락하는 방법을 안내합니다.

## 로그인

- 지갑에 내장된 브라우저(예: [MetaMask](https://metamask.io), [Trust Wallet](https://trustwallet.com), TokenPocket, SafePal)에서 앱을 열고 **BNB 스마트 체인**으로 전환한 뒤 **지갑 연결**을 누르고, \`Welcome to wallx!\`로 시작하는 메시지에 서명하세요. 서명은 무료이며 자산이 이동하지 않습니다.
- '지갑을 찾을 수 없습니다'라는 메시지가 보이면 페이지가 지갑 브라우저에서 열리지 않았거나 지갑 확장 프로그램이 없는 것입니다.
- 지갑에서 계정을 바꾸면 앱에서 자동으로 로그아웃됩니다. 새 계정으로 다시 로그인하세요.

## 충전

USDT 또는 WALLX와 금액을 선택한 뒤 지갑에서 전송을 확인하세요. 네트워크에서 확인되면 보통 1분 안에 반영됩니다. **로그인한 지갑에서만** 충전하세요. 다른 주소에서 보낸 금액은 계정과 연결할 수 없습니다.

## 출금

출금 금액은 10의 배수이며, 수수료는 확인 전에 표시됩니다. 고액 출금은 담당자 검토 후에 전송됩니다. 출금이 거절되거나 실패하면 금액과 수수료가 잔액으로 돌아옵니다.

## 자금 비밀번호

이체, 출금, 채굴기 양도, 판매 주문에 필요합니다. 5회 연속 틀리면 15분 동안 잠기니 잠시 후 다시 시도하세요.

## 채굴기

구매한 채굴기는 먼저 **내 주문**에 표시됩니다. 주문을 사용하면 채굴기가 **내 채굴장**으로 들어가고, 켜면 산출이 시작됩니다. 매일의 산출은 **수령 대기**에 쌓이며 하루씩 수령하거나 **모두 수령**을 누르면 됩니다. 켜진 채굴기는 기간이 끝날 때까지 계속 채굴하며, 그동안 판매하거나 양도할 수 없습니다.

## 도움이 더 필요하신가요?

- 앱에서: **내 정보 → 의견 보내기**. 답변은 같은 화면에 표시됩니다.
- 이메일: [support@wallx.io](mailto:support@wallx.io). 지갑 주소와, 충전이나 출금 문의라면 거래 해시를 함께 보내 주세요.

**저희는 절대 개인 키나 복구 구문을 묻지 않으며**, 고객 지원팀이 먼저 메시지를 보내는 일도 없습니다.
`,
    ja_JP: `
# ヘルプ・サポート

よくあるご質問への回答と、担当者に相談したいときの連絡方法をまとめました。

## ログイン

- ウォレットに内蔵されたブラウザ（[MetaMask](https://metamask.io)、[Trust Wallet](https://trustwallet.com)、TokenPocket、SafePalなど）でアプリを開き、**BNBスマートチェーン**に切り替えてから**ウォレットを接続**をタップし、\`Welcome to wallx!\` で始まるメッセージに署名してください。署名は無料で、資産が動くこともありません。
- 「ウォレットが見つかりません」と表示される場合は、ページがウォレットのブラウザで開かれていないか、ウォレットの拡張機能がありません。
- ウォレットでアカウントを切り替えると、アプリから自動的にログアウトします。新しいアカウントで改めてログインしてください。

## 入金

USDTまたはWALLXと金額を選び、ウォレットで送金を承認します。ネットワークで承認されると、通常1分以内に反映されます。入金は**ログインに使ったウォレットからのみ**行ってください。ほかのアドレスからの送金は、お客様のアカウントと照合できません。

## 出金

出金額は10の倍数で、手数料は確定前に表示されます。高額の出金は担当者の確認を経てから送金されます。出金が却下された場合や失敗した場合は、金額と手数料が残高に戻ります。

## 資金パスワード

送金、出金、マイナーの譲渡、売り注文に必要です。5回続けて間違えると15分間ロックされますので、少し待ってからもう一度お試しください。

## マイナー

購入したマイナーは、まず**注文履歴**に表示されます。注文を使用するとマイナーが**マイ鉱山**に追加され、起動すると産出が始まります。毎日の産出は**未受取**にたまり、1日分ずつ受け取るか、**すべて受け取る**をタップします。起動したマイナーは期間が終わるまで稼働を続け、その間は出品も譲渡もできません。

## 解決しない場合

- アプリから：**マイページ → ご意見**。返信は同じ画面に表示されます。
- メール：[support@wallx.io](mailto:support@wallx.io)。ウォレットアドレスと、入出金に関するお問い合わせの場合はトランザクションハッシュを添えてください。

**当社が秘密鍵やリカバリーフレーズを尋ねることは決してありません。** また、サポート担当から先にメッセージを送ることもありません。
`,
    id_ID: `
# Bantuan & Dukungan

Jawaban atas pertanyaan yang paling sering kami terima, dan cara menghubungi tim kami saat Anda membutuhkannya.

## Masuk

- Buka aplikasi di browser bawaan dompet Anda (misalnya [MetaMask](https://metamask.io), [Trust Wallet](https://trustwallet.com), TokenPocket, atau SafePal), beralih ke **BNB Smart Chain**, ketuk **Hubungkan dompet**, lalu tanda tangani pesan yang diawali \`Welcome to wallx!\`. Tanda tangan ini gratis dan tidak memindahkan dana apa pun.
- Pesan "Dompet tidak ditemukan" berarti halaman tidak dibuka di browser dompet, atau ekstensi dompet belum terpasang.
- Jika Anda berganti akun di dompet, aplikasi akan mengeluarkan Anda. Masuk kembali dengan akun yang baru.

## Isi ulang

Pilih USDT atau WALLX beserta jumlahnya, lalu konfirmasi transfer di dompet Anda. Dana masuk setelah jaringan mengonfirmasinya, biasanya dalam satu menit. Kirim isi ulang **hanya dari dompet yang Anda pakai untuk masuk**: transfer dari alamat lain tidak dapat dicocokkan dengan akun Anda.

## Penarikan

Jumlah penarikan harus kelipatan 10, dan biayanya ditampilkan sebelum Anda mengonfirmasi. Penarikan dalam jumlah besar ditinjau secara manual sebelum dikirim. Jika penarikan ditolak atau gagal, jumlah dan biayanya kembali ke saldo Anda.

## Kata sandi dana

Diperlukan untuk transfer, penarikan, pemindahan penambang, dan order jual. Setelah lima kali salah, kata sandi dikunci selama 15 menit; tunggu sebentar, lalu coba lagi.

## Penambang

Penambang yang Anda beli masuk dulu ke **Pesanan saya**; gunakan pesanan itu untuk menempatkan penambang di **Tambang saya**, lalu nyalakan. Hasil setiap hari muncul di **Siap diklaim**: klaim satu per satu, atau ketuk **Klaim semua**. Penambang yang menyala terus menambang sampai masa berlakunya habis, dan selama itu tidak dapat dijual atau dipindahkan.

## Masih butuh bantuan?

- Di aplikasi: **Saya → Masukan**. Balasan kami muncul di halaman yang sama.
- Lewat e-mail: [support@wallx.io](mailto:support@wallx.io). Sertakan alamat dompet Anda dan, untuk isi ulang atau penarikan, hash transaksinya.

**Kami tidak akan pernah meminta kunci privat atau frasa pemulihan Anda**, dan tim dukungan kami tidak pernah menghubungi Anda lebih dulu.
`,
  },
};

/** In the spec's order: user agreement, privacy policy, about us, business cooperation, support. */
export const demoArticles: DemoArticle[] = [agreement, privacy, about, cooperation, support];
