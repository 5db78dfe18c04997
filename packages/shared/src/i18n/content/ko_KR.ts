import type { ContentMessages } from './en_US.js';

export const ko_KR: ContentMessages = {
  content: {
    articles_lead: '이용약관, 개인정보를 다루는 방식, 자주 묻는 질문에 대한 답변을 모았습니다.',
    articles_failed: '글을 불러오지 못했습니다',
    articles_empty: '아직 글이 없습니다',
    articles_empty_text: '약관과 도움말이 이곳에 표시됩니다.',
    updated: '{{date}} 업데이트',
    article_failed: '글을 불러오지 못했습니다',
    not_found: '글을 찾을 수 없습니다',
    not_found_text: '링크가 오래되었거나 글이 삭제되었을 수 있습니다.',
    all_articles: '전체 글 보기',
    ecology_lead: 'WALLX가 마음을 돌보는 사람에게 어떻게 보상하는지, 그리고 각 기능이 앱 어디에 있는지 알아보세요.',
    ecology_failed: '생태계 페이지를 불러오지 못했습니다',
    ecology_empty: '아직 내용이 없습니다',
    ecology_empty_text: 'WALLX 생태계의 구성 요소가 이곳에 소개됩니다.',
    open: '바로 가기',
  },
};
