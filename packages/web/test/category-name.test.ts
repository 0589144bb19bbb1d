import { describe, expect, it } from 'vitest';
import { categoryLabel } from '../src/features/discussion/category-name';

// Issue 26 item 14: seeded discussion categories mixed both languages ("题解 Solutions") for every reader.
describe('discussion category names', () => {
  it('show a seeded category in the reader\'s language', () => {
    expect(categoryLabel('题解 Solutions', 'en-US')).toBe('Solutions');
    expect(categoryLabel('题解 Solutions', 'zh-CN')).toBe('题解');
    expect(categoryLabel('反馈 Feedback', 'en-US')).toBe('Feedback');
  });
  it('show names an admin chose as written', () => {
    expect(categoryLabel('Contest 比赛', 'en-US')).toBe('Contest 比赛');
    expect(categoryLabel('Graphs', 'zh-CN')).toBe('Graphs');
  });
});
