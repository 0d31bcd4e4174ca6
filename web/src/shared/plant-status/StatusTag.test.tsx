import { PLANT_STATUSES } from '@solar/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusMarkerColour, statusTagColour } from './status';
import { StatusTag } from './StatusTag';

const EXPECTED = {
  normal: { label: 'Normal', colour: 'green' },
  offline: { label: 'Offline', colour: 'default' },
  warning: { label: 'Warning', colour: 'gold' },
  fault: { label: 'Fault', colour: 'red' },
  upgrading: { label: 'Upgrading', colour: 'blue' },
  protect: { label: 'Protect', colour: 'purple' },
} as const;

describe('status tag mapping', () => {
  it.each(PLANT_STATUSES)('%s shows its label and colour', (status) => {
    render(<StatusTag status={status} />);
    const tag = screen.getByText(EXPECTED[status].label);
    expect(tag).toHaveAttribute('data-status', status);
    expect(statusTagColour(status)).toBe(EXPECTED[status].colour);
  });

  it('gives every status a distinct marker colour', () => {
    const colours = PLANT_STATUSES.map(statusMarkerColour);
    expect(new Set(colours).size).toBe(PLANT_STATUSES.length);
  });
});
