/**
 * The Complete button's colours from the loader's data-action-color and
 * data-action-text-color. A text colour is always black or white: the named ones and their
 * hex codes as given, any other hex as the one it is nearer to. Without one, the text is white
 * unless white on the action colour would fail WCAG 2.x AA for normal text (contrast below
 * 4.5:1); then it is black, which on such a colour always passes
 * (https://www.w3.org/TR/WCAG21/#contrast-minimum).
 */

export const BLACK = '#000000';
export const WHITE = '#ffffff';

/** WCAG AA for normal text. */
const AA_CONTRAST = 4.5;

/** `#rgb`, `#rrggbb`, with or without the `#`, as `#rrggbb` in lower case; anything else is null (no CSS gets through). */
export function hexColor(value: string | undefined | null): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

/** Relative luminance of an sRGB `#rrggbb` colour (WCAG 2.x: https://www.w3.org/TR/WCAG21/#dfn-relative-luminance). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two colours, 1 to 21 (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * data-action-text-color as black or white: `black`, `white`, `#000000`, `#ffffff` as said;
 * another hex colour as the nearer of the two by perceived lightness (CIE L* below 50 is
 * nearer black); anything else is no text colour at all.
 */
export function textColor(value: string | undefined | null): typeof BLACK | typeof WHITE | null {
  const named = value?.trim().toLowerCase();
  if (named === 'black') return BLACK;
  if (named === 'white') return WHITE;
  const hex = hexColor(value);
  if (!hex) return null;
  return lightness(relativeLuminance(hex)) < 50 ? BLACK : WHITE;
}

/** The button's background and text; null where the page keeps its own colour. */
export function actionColors(
  actionColor: string | undefined | null,
  actionTextColor: string | undefined | null,
): { action: string | null; text: string | null } {
  const action = hexColor(actionColor);
  const text = textColor(actionTextColor);
  if (text || !action) return { action, text };
  return { action, text: contrastRatio(WHITE, action) >= AA_CONTRAST ? WHITE : BLACK };
}

/** CIE 1976 L* of a relative luminance (white's Y = 1). */
function lightness(y: number): number {
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}
