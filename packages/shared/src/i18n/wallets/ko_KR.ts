import type { WalletsMessages } from './en_US.js';

export const ko_KR: WalletsMessages = {
  wallets: {
    searching: '이 브라우저에서 지갑을 찾는 중…',
    choose: '로그인할 지갑을 선택하세요',
    browser_wallet: '브라우저 지갑',
    login_with: '{{wallet}}(으)로 로그인',
    none_title: '이 브라우저에 지갑이 없습니다',
    none_tip: '지갑 앱에서 이 페이지를 여세요. 초대 코드도 함께 전달됩니다.',
    open_in: '{{wallet}}에서 열기',
    copy_link: '다른 지갑용 링크 복사',
    link_copied: '링크를 복사했습니다. 지갑 앱의 브라우저에 붙여 넣으세요',
    qr: '또는 다른 휴대폰의 지갑으로 스캔하세요',
    chat_title: '{{app}} 안에서는 지갑을 열 수 없습니다',
    chat_tip:
      '오른쪽 위의 ··· 또는 ⋮ 를 누르고 "브라우저에서 열기"를 선택한 뒤 그곳에서 연결하세요. 링크를 복사해 지갑 앱의 브라우저에 붙여 넣어도 됩니다.',
    app_wechat: 'WeChat',
    app_qq: 'QQ',
    app_weibo: 'Weibo',
    app_telegram: 'Telegram',
    app_line: 'LINE',
    app_facebook: 'Facebook',
    app_instagram: 'Instagram',
    wc_choose: 'WalletConnect로 연결',
    wc_hint: '이 휴대폰이나 다른 휴대폰의 지갑',
    wc_starting: 'WalletConnect를 시작하는 중…',
    wc_scan: '다른 휴대폰의 지갑 앱으로 이 코드를 스캔하거나, 이 휴대폰에서 지갑을 여세요.',
    wc_qr: 'WalletConnect 페어링 코드',
    wc_open: '이 휴대폰에서 지갑 열기',
    wc_failed: 'WalletConnect로 연결하지 못했습니다. 다시 시도하세요',
  },
};
