/**
 * Text widths for the axis layout, measured with a canvas in the font the axis labels are
 * drawn in (11px, tabular figures), each distinct label once. Without a canvas (tests) a width
 * per character that over-estimates the font keeps labels apart all the same.
 */
import type { MeasureText } from './axis-ticks';

/** The 11px font of `.tl-tick span` and `.tl-break-label` (timeline.css) in `element`'s family. */
function fontOf(element: Element | null, weight: number): string {
  const family = element ? getComputedStyle(element).fontFamily : '';
  return `${weight} 11px ${family || 'sans-serif'}`;
}

/** A cached measurer for 11px labels of `weight` drawn inside `element`. */
export function textMeasurer(element: Element | null, weight = 400): MeasureText {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  const cache = new Map<string, number>();
  if (context) context.font = fontOf(element, weight);
  const zero = context ? context.measureText('0').width : 7;
  return (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      // Digits in tabular-nums are as wide as "0"; measure with every digit replaced by it.
      width = context ? Math.ceil(context.measureText(text.replace(/\d/g, '0')).width) + 1 : text.length * zero;
      cache.set(text, width);
    }
    return width;
  };
}
