import type { Widen } from '../widen.js';

/** English texts of the college screens (/college, /course). */
export const en_US = {
  college: {
    // /college
    lead: 'Short video courses on using WALLX and on everyday well-being.',
    courses: 'Courses',
    empty: 'No courses yet',
    empty_text: 'New courses will appear here as soon as they are published.',
    duration: 'Duration {{time}}',
    lock: {
      region: 'Not in your region',
      miner: 'Miner holders only',
    },
    watched: 'Watched {{time}} of {{duration}}',
    finished: 'Finished',
    // /course
    course_failed: 'The course could not be loaded',
    about: 'About this course',
    resumes_at: 'Resumes at {{time}}',
    not_found_text: 'This course may have been removed. Choose another one in the college.',
    to_college: 'All courses',
    unmet: 'What is missing',
    why: {
      region:
        'This course is open to accounts whose default delivery address is in certain regions, and yours is not (or you have no default address).',
      miner: 'This course is for miner holders: a miner in your mine or an unused miner order.',
    },
    fix: {
      region: 'Set a default address in an allowed region',
      miner: 'Get a miner',
    },
  },
} as const;

export type CollegeMessages = Widen<typeof en_US>;
