import dayjs from 'dayjs';

/** The heatmap covers the year ending on `endDate` (spec 01 §9 "Heatmap: last year"). */
export function heatmapRange(endDate: string): [string, string] {
  const end = dayjs(endDate);
  return [end.subtract(1, 'year').add(1, 'day').format('YYYY-MM-DD'), end.format('YYYY-MM-DD')];
}

/** Colour steps of the heatmap: 0, 1-2, 3-5, 6-9, 10+ submissions a day. */
/** The colour of a day without submissions, as the calendar's empty cells (dark theme: the card's grey). */
export const emptyDayColor = (dark: boolean) => (dark ? '#2a2f38' : '#ebedf0');

/** The pieces for the site's theme: a day without submissions is an empty cell in either. */
export const heatPieces = (dark: boolean) => HEAT_PIECES.map((p) => (p.max === 0 ? { ...p, color: emptyDayColor(dark) } : p));

const HEAT_PIECES = [
  { min: 0, max: 0, color: '#ebedf0' },
  { min: 1, max: 2, color: '#c6e48b' },
  { min: 3, max: 5, color: '#7bc96f' },
  { min: 6, max: 9, color: '#239a3b' },
  { min: 10, color: '#196127' },
];
