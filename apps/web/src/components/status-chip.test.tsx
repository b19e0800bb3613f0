import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatusChip, statusToneColors, type StatusTone } from './status-chip.tsx';

/** WCAG 2.x relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (first: string, second: string) => {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('StatusChip', () => {
  it.each(Object.entries(statusToneColors))('%s text meets WCAG AA (4.5:1) on its fill and on white', (_tone, { text, fill }) => {
    expect(contrast(text, fill)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('shows its label in its tone, filled or outlined', () => {
    const tones: StatusTone[] = ['success', 'neutral'];
    render(
      <>
        <StatusChip label="Paid" tone={tones[0]!} />
        <StatusChip label="Canceled" tone={tones[1]!} outlined />
      </>,
    );
    const paid = screen.getByText('Paid').closest('.MuiChip-root')!;
    expect(paid.getAttribute('data-tone')).toBe('success');
    expect(getComputedStyle(paid).color).toBe('rgb(27, 94, 32)');
    expect(getComputedStyle(paid).backgroundColor).toBe('rgb(230, 244, 234)');
    const canceled = screen.getByText('Canceled').closest('.MuiChip-root')!;
    expect(getComputedStyle(canceled).borderColor).toBe('rgb(55, 65, 75)');
  });
});
