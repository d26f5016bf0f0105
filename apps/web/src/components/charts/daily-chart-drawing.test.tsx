import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyChartDrawing, valueAxis } from './daily-chart-drawing';

const days = (values: number[]) =>
  values.map((value, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, '0')}`,
    value,
    label: `11/${index + 1}`,
  }));

describe('the daily chart drawing', () => {
  it('puts whole-number ticks of 1, 2 or 5 times a power of ten above the highest value', () => {
    expect(valueAxis([0, 0])).toEqual({ top: 1, step: 1 });
    expect(valueAxis([3, 7, 1])).toEqual({ top: 8, step: 2 });
    expect(valueAxis([45])).toEqual({ top: 60, step: 20 });
    expect(valueAxis([100, 20])).toEqual({ top: 100, step: 50 });
    expect(valueAxis([1234])).toEqual({ top: 1500, step: 500 });
  });

  it('draws one bar per day, as high as its value, and names at most seven days, the last always', () => {
    const { container } = render(
      <DailyChartDrawing points={days([0, 2, 8, 4, 1, 0, 3, 5, 6, 2, 0, 1, 7, 4])} kind="bar" color="red" />,
    );
    const bars = [...container.querySelectorAll('rect')];
    expect(bars).toHaveLength(14);
    expect(bars.map((bar) => Number(bar.getAttribute('height')))).toEqual([0, 2, 8, 4, 1, 0, 3, 5, 6, 2, 0, 1, 7, 4]);
    expect(bars[2]?.getAttribute('y')).toBe('0');
    const labels = [...container.querySelectorAll('span span')].map((label) => label.textContent);
    expect(labels).toEqual(['11/2', '11/4', '11/6', '11/8', '11/10', '11/12', '11/14']);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  it('draws a line through the middle of each day', () => {
    const { container } = render(<DailyChartDrawing points={days([0, 10, 5])} kind="line" color="blue" />);
    expect(container.querySelector('polyline')?.getAttribute('points')).toBe('0.5,10 1.5,0 2.5,5');
    expect(container.querySelectorAll('rect')).toHaveLength(0);
  });
});
