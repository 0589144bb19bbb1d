import { FastColor } from '@ant-design/fast-color';

/**
 * What antd's button style token and tooltip take from the colour picker: a colour object, "is
 * this colour bright" (black or white text on a solid button) and `generateColor` (a tooltip's
 * text colour). The colour picker's own modules would bring the picker and antd's Collapse into
 * every page; FastColor (already in the theme) answers the same questions. Used only for imports
 * from antd/es/button/style/token.js and antd/es/tooltip/util.js (see vite.config.ts).
 */
export class AggregationColor extends FastColor {}

export function isBright(value: FastColor, background: string): boolean {
  const { r, g, b, a } = value.toRgb();
  // Mostly transparent: judge the colour as it shows on the background.
  if (a <= 0.5) return new FastColor(value.toRgbString()).onBackground(background).toHsv().v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
}

/** A colour from what a tooltip's `color` may be (a CSS colour, or nothing: black). */
export function generateColor(color: unknown): FastColor {
  if (color instanceof FastColor) return color;
  return new FastColor(typeof color === 'string' && color ? color : '#000');
}
