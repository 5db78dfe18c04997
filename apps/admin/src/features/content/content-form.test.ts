import { describe, expect, it } from 'vitest';
import type { OperatorCourse } from '@wallx/shared';
import { formValuesOf, inputOf, problemsOf } from './content-form';
import { kindSpecs } from './kinds';

const courses = kindSpecs.courses.fields;
const course: OperatorCourse = {
  id: '8',
  title: 'en_US:::Welcome\nzh_CN:::欢迎',
  summary: '',
  body: 'en_US:::# Hi\n\nThere',
  cover: '/college/cover.webp',
  video: '/college/intro.webm',
  poster: '',
  duration_seconds: 90,
  regions: ['CN', 'CN-GD'],
  requires_miner: true,
  sort: 1,
  published: true,
  created_at: '2026-11-24T08:00:00.000Z',
};

describe('a content form', () => {
  it('gives back what it was given: texts per language, numbers, regions and flags', () => {
    const values = formValuesOf(courses, course);
    expect(values.regions).toBe('CN, CN-GD');
    expect(values.duration_seconds).toBe('90');
    expect(inputOf(courses, values, false)).toEqual({
      title: course.title,
      summary: '',
      body: course.body,
      cover: course.cover,
      video: course.video,
      poster: '',
      duration_seconds: 90,
      regions: ['CN', 'CN-GD'],
      requires_miner: true,
    });
  });

  it('names what it can tell is wrong before sending', () => {
    const values = { ...formValuesOf(courses, null), duration_seconds: '1.5' };
    expect(problemsOf(courses, values, true)).toEqual({
      title: 'required',
      cover: 'required',
      video: 'required',
      duration_seconds: 'number',
    });
  });

  it('sends an article’s key only when the article is made', () => {
    const fields = kindSpecs.articles.fields;
    const values = { ...formValuesOf(fields, null), key: ' terms ' };
    expect(inputOf(fields, values, true)).toMatchObject({ key: 'terms' });
    expect(inputOf(fields, values, false)).not.toHaveProperty('key');
    expect(problemsOf(fields, { ...values, key: '' }, false)).not.toHaveProperty('key');
  });

  it('starts a new scene on the first icon and tone', () => {
    expect(formValuesOf(kindSpecs.scenes.fields, null)).toMatchObject({ icon: 'checkin', tone: 'violet', link: '' });
  });
});
