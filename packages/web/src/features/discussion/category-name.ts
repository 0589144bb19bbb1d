/**
 * The categories a new site starts with are named in both languages (migration 0006_forum:
 * "题解 Solutions", ...): each reader sees the half in their language. A name an admin gave or
 * changed is shown as written.
 */
const SEEDED: Record<string, { zh: string; en: string }> = {
  '题解 Solutions': { zh: '题解', en: 'Solutions' },
  '求助 Help': { zh: '求助', en: 'Help' },
  '讨论 General': { zh: '讨论', en: 'General' },
  '反馈 Feedback': { zh: '反馈', en: 'Feedback' },
};

export function categoryLabel(name: string, lang: string): string {
  const seeded = SEEDED[name];
  return seeded ? (lang === 'en-US' ? seeded.en : seeded.zh) : name;
}
