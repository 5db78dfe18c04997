import type { AidFundMessages } from './en_US.js';

export const ko_KR: AidFundMessages = {
  aidFund: {
    title: '정신건강 지원 기금',
    intro:
      '스테이킹 분배의 일부와 모든 기부금이 이 기금으로 들어갑니다. 협력 기관에 대한 지원금은 재무 운영자 2명이 승인하고 온체인으로 지급됩니다.',
    balance: '기금 잔액',
    totals: '수입과 지출',
    donations_in: '기부',
    shares_in: '풀 분배분',
    granted_out: '지급된 지원금',
    granting: '지급 중',
    partners: '협력 기관',
    no_partners: '아직 협력 기관이 없습니다',
    website: '웹사이트',
    latest_donations: '최근 기부',
    no_donations: '아직 기부가 없습니다',
    anonymous: '익명',
    grants: '지급된 지원금',
    no_grants: '아직 지급된 지원금이 없습니다',
    load_failed: '지원 기금을 불러오지 못했습니다',
    donate: '기부하기',
    donate_title: '지원 기금에 기부',
    amount_placeholder: '기부할 수량',
    amount_required: '수량을 입력하세요',
    amount_invalid: '0보다 크고 소수점 18자리 이하인 수량을 입력하세요',
    show_me: '기부에 내 짧은 주소 표시',
    note: '기부금은 즉시 잔액에서 차감되며 취소할 수 없습니다.',
    donating: '기부 중…',
    donated_ok: '기부해 주셔서 감사합니다',
    guest_prompt: '기부하려면 지갑을 연결하세요.',
  },
};
