import type { CollegeMessages } from './en_US.js';

export const zh_CN: CollegeMessages = {
  college: {
    lead: '关于使用 WALLX 和日常身心健康的短视频课程。',
    courses: '课程',
    empty: '暂无课程',
    empty_text: '新课程发布后会显示在这里。',
    duration: '时长 {{time}}',
    lock: {
      region: '不在开放地区',
      miner: '仅限矿机持有者',
    },
    watched: '已看 {{time}} / {{duration}}',
    finished: '已看完',
    course_failed: '课程加载失败',
    about: '课程介绍',
    resumes_at: '将从 {{time}} 继续播放',
    not_found_text: '该课程可能已下架，请在学院中选择其他课程。',
    to_college: '全部课程',
    unmet: '未满足的条件',
    why: {
      region: '本课程仅向默认收货地址位于指定地区的账户开放，您的默认地址不在其中（或尚未设置默认地址）。',
      miner: '本课程仅面向矿机持有者：矿场中有矿机，或持有未使用的矿机订单。',
    },
    fix: {
      region: '设置位于开放地区的默认地址',
      miner: '获取一台矿机',
    },
  },
};
