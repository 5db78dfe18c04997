import type { Widen } from '@wallx/shared/i18n/widen';
import type { AdminMessages } from './en_US';
import { ko_KR as audit } from './audit/ko_KR';
import { ko_KR as catalog } from './catalog/ko_KR';
import { ko_KR as content } from './content/ko_KR';
import { ko_KR as dashboard } from './dashboard/ko_KR';
import { ko_KR as feedback } from './feedback/ko_KR';
import { ko_KR as markets } from './markets/ko_KR';
import { ko_KR as money } from './money/ko_KR';
import { ko_KR as operators } from './operators/ko_KR';
import { ko_KR as shipping } from './shipping/ko_KR';
import { ko_KR as users } from './users/ko_KR';
import { ko_KR as wellbeing } from './wellbeing/ko_KR';
import { ko_KR as companion } from './companion/ko_KR';
import { ko_KR as staking } from './staking/ko_KR';
import { ko_KR as aidFund } from './aid-fund/ko_KR';

export const ko_KR: Widen<AdminMessages> = {
  app: {
    name: 'WALLX 콘솔',
    skip_to_content: '본문으로 건너뛰기',
    language: '언어',
    not_found: '이 페이지는 존재하지 않습니다.',
    back_home: '대시보드로 돌아가기',
  },
  errors: {
    network: '서버에 연결할 수 없습니다. 연결을 확인하고 다시 시도하세요.',
    timeout: '서버 응답이 너무 오래 걸렸습니다. 다시 시도하세요.',
    internal: '서버에서 문제가 발생했습니다. 잠시 후 다시 시도하세요.',
    retry: '다시 시도',
  },
  auth: {
    title: '운영자 로그인',
    lead: '운영자 주소의 지갑으로 로그인합니다. 지갑이 메시지 서명을 요청하며, 체인에는 아무것도 전송되지 않고 비용도 들지 않습니다.',
    sign_in: '지갑으로 로그인',
    signing_in: '지갑을 기다리는 중…',
    no_wallet:
      '이 브라우저에서 지갑을 찾을 수 없습니다. 지갑 확장 프로그램(예: MetaMask)을 설치하고 페이지를 새로 고치세요.',
    no_account: '지갑이 서명할 계정을 제공하지 않았습니다.',
    rejected: '지갑에서 서명이 거부되었습니다.',
    wallet_failed: '지갑이 서명하지 못했습니다: {{message}}',
    expired: '세션이 종료되었습니다. 계속하려면 다시 로그인하세요.',
    logged_out: '로그아웃되었습니다.',
    session_note: '세션은 짧으며 이 탭을 닫으면 종료됩니다.',
    log_out: '로그아웃',
    operator: '로그인 계정',
  },
  roles: {
    viewer: '열람자',
    support: '고객지원',
    finance: '재무',
    admin: '관리자',
  },
  nav: {
    label: '콘솔 섹션',
    dashboard: '대시보드',
    users: '사용자',
    catalog: '카탈로그',
    money: '자금',
    markets: '마켓',
    shipping: '배송',
    content: '콘텐츠',
    wellbeing: '웰빙',
    companion: 'AI 동반자',
    staking: '스테이킹 풀',
    aid_fund: '지원 기금',
    feedback: '피드백',
    audit: '감사 로그',
    operators: '운영자',
  },
  table: {
    load_more: '더 불러오기',
    loading: '불러오는 중…',
    end: '더 이상 행이 없습니다.',
    empty: '이 필터에 맞는 항목이 없습니다.',
    export_csv: 'CSV 내보내기',
    export_hint: '현재 필터로 표시된 {{count}}개 행을 내보냅니다.',
    rows_one: '{{count}}개 행 표시',
    rows_other: '{{count}}개 행 표시',
    filters: '필터',
    apply: '적용',
    clear: '지우기',
    close: '닫기',
  },
  ...audit,
  ...catalog,
  ...feedback,
  ...money,
  ...dashboard,
  ...markets,
  ...operators,
  ...shipping,
  ...content,
  ...users,
  ...wellbeing,
  ...companion,
  ...staking,
  ...aidFund,
};
