import type { CollegeMessages } from './en_US.js';

export const ko_KR: CollegeMessages = {
  college: {
    lead: 'WALLX 사용법과 일상 속 마음 건강을 다루는 짧은 영상 강의입니다.',
    courses: '강의',
    empty: '아직 강의가 없습니다',
    empty_text: '새 강의가 공개되면 여기에 표시됩니다.',
    duration: '재생 시간 {{time}}',
    lock: {
      region: '이용 가능 지역 아님',
      miner: '채굴기 보유자 전용',
    },
    watched: '{{duration}} 중 {{time}} 시청',
    finished: '시청 완료',
    course_failed: '강의를 불러오지 못했습니다',
    about: '강의 소개',
    resumes_at: '{{time}}부터 이어서 재생',
    not_found_text: '삭제된 강의일 수 있습니다. 아카데미에서 다른 강의를 선택하세요.',
    to_college: '전체 강의',
    unmet: '충족되지 않은 조건',
    why: {
      region:
        '이 강의는 기본 배송지가 특정 지역에 있는 계정에만 공개되며, 회원님의 기본 배송지는 해당되지 않습니다(또는 기본 배송지가 없습니다).',
      miner: '이 강의는 채굴기 보유자 전용입니다: 채굴장의 채굴기 또는 사용하지 않은 채굴기 주문이 필요합니다.',
    },
    fix: {
      region: '이용 가능 지역의 주소를 기본 배송지로 설정하기',
      miner: '채굴기 구매하기',
    },
  },
};
