/**
 * The Complete button's colours from data-action-color and data-action-text-color: hex only,
 * relative luminance and contrast per WCAG 2.x, black text where white would fail AA (4.5:1),
 * and a given text colour read as black or white.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLACK, WHITE, actionColors, contrastRatio, hexColor, relativeLuminance, textColor } from '../../src/hosted-page/colors.js';

describe('hex colours', () => {
  it('takes #rgb and #rrggbb with or without the #, in any case; nothing else', () => {
    expect(hexColor('#0B6E4F')).toBe('#0b6e4f');
    expect(hexColor('0b6e4f')).toBe('#0b6e4f');
    expect(hexColor('#fd0')).toBe('#ffdd00');
    for (const bad of ['', 'red', '#12345', '#1234', '#12345678', 'ff0000;x', 'url(x)', undefined, null])
      expect(hexColor(bad), String(bad)).toBeNull();
  });
});

describe('WCAG 2.x luminance and contrast', () => {
  it('gives the reference values: black 0, white 1, black on white 21:1', () => {
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 10);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 10);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 10);
    // Pure red, green and blue carry the formula's weights.
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 10);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 10);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 10);
    // The usual published figures: #767676 is the lightest grey that passes on white.
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', WHITE)).toBeCloseTo(4.48, 2);
  });
});

describe('the action colours', () => {
  it('keeps white text where it passes AA and turns it black where it would not', () => {
    expect(actionColors('#0b6e4f', null)).toEqual({ action: '#0b6e4f', text: WHITE });
    expect(actionColors('#767676', null)).toEqual({ action: '#767676', text: WHITE });
    expect(actionColors('#777777', null)).toEqual({ action: '#777777', text: BLACK });
    expect(actionColors('#ffd400', null)).toEqual({ action: '#ffd400', text: BLACK });
    expect(actionColors('ff0000', null)).toEqual({ action: '#ff0000', text: BLACK });
  });

  it('always ends with text that passes AA on the action colour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, '0')}`;
        const { text } = actionColors(hex, null);
        expect(contrastRatio(text!, hex)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('takes a given text colour as black or white: the names and their codes as said, another hex as the nearer one', () => {
    expect(textColor('black')).toBe(BLACK);
    expect(textColor(' White ')).toBe(WHITE);
    expect(textColor('#000000')).toBe(BLACK);
    expect(textColor('#FFFFFF')).toBe(WHITE);
    expect(textColor('#333333')).toBe(BLACK);
    expect(textColor('#eeeeee')).toBe(WHITE);
    // Perceived lightness decides: mid grey #777777 (L* 50.0) is the turning point, yellow is light, blue dark.
    expect(textColor('#767676')).toBe(BLACK);
    expect(textColor('#787878')).toBe(WHITE);
    expect(textColor('#ffd400')).toBe(WHITE);
    expect(textColor('#0000ff')).toBe(BLACK);
    expect(textColor('red')).toBeNull();
    // A given text colour wins over the automatic one.
    expect(actionColors('#ffd400', 'white')).toEqual({ action: '#ffd400', text: WHITE });
    expect(actionColors(null, '#111111')).toEqual({ action: null, text: BLACK });
    expect(actionColors('red', 'red')).toEqual({ action: null, text: null });
  });
});
