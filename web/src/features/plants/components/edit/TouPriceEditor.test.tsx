import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { appendSegment, removeSegment, type TouSegment, touProblem } from '../../tou';
import { renderPlants } from '../../test-utils';
import { TouPriceEditor } from './TouPriceEditor';
import { ValuationFields } from './ValuationFields';

const segment = (start: string, end: string, price: number | null = 0.2): TouSegment => ({
  start,
  end,
  price,
});

describe('time-of-use validation', () => {
  it('accepts contiguous segments covering the whole day', () => {
    expect(touProblem([segment('00:00', '08:00'), segment('08:00', '24:00')])).toBeNull();
  });

  it('refuses a last segment that does not end at 24:00', () => {
    expect(touProblem([segment('00:00', '08:00'), segment('08:00', '22:00')])).toBe('lastEnd');
  });

  it('refuses more than 6 segments', () => {
    const hours = ['00:00', '04:00', '08:00', '12:00', '16:00', '20:00', '22:00', '24:00'];
    const seven = hours
      .slice(0, -1)
      .map((start, index) => segment(start, hours[index + 1] ?? '24:00'));
    expect(seven).toHaveLength(7);
    expect(touProblem(seven)).toBe('tooMany');
  });

  it('refuses gaps, an empty list and invalid prices', () => {
    expect(touProblem([segment('00:00', '08:00'), segment('09:00', '24:00')])).toBe(
      'notContiguous',
    );
    expect(touProblem([])).toBe('empty');
    expect(touProblem([segment('00:00', '24:00', null)])).toBe('price');
    expect(touProblem([segment('00:00', '24:00', 10000)])).toBe('price');
  });

  it('splits the last segment when adding and merges when removing', () => {
    const split = appendSegment([segment('00:00', '24:00')]);
    expect(split.map((part) => [part.start, part.end])).toEqual([
      ['00:00', '12:00'],
      ['12:00', '24:00'],
    ]);
    const merged = removeSegment(split, 1);
    expect(merged.map((part) => [part.start, part.end])).toEqual([['00:00', '24:00']]);
  });

  it('never appends a seventh segment', () => {
    let segments: TouSegment[] = [];
    for (let i = 0; i < 10; i += 1) segments = appendSegment(segments);
    expect(segments).toHaveLength(6);
  });
});

function ControlledEditor({ initial }: { initial: TouSegment[] }) {
  const [value, setValue] = useState(initial);
  return <TouPriceEditor value={value} onChange={setValue} />;
}

describe('<TouPriceEditor>', () => {
  it('adds segments up to 6, then disables the add button', async () => {
    const user = userEvent.setup();
    render(<ControlledEditor initial={[segment('00:00', '24:00')]} />);
    const add = () => screen.getByRole('button', { name: /Add segment/ });
    for (let i = 0; i < 5; i += 1) await user.click(add());
    const rows = screen.getAllByTestId('tou-segment');
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('00:00');
    expect(add()).toBeDisabled();
  });

  it("gives a removed segment's time to the previous one", async () => {
    const user = userEvent.setup();
    render(
      <ControlledEditor
        initial={[segment('00:00', '08:00'), segment('08:00', '18:00'), segment('18:00', '24:00')]}
      />,
    );
    await user.click(screen.getAllByRole('button', { name: 'Remove segment' })[1]!);
    const rows = screen.getAllByTestId('tou-segment');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('00:00');
    expect(rows[0]).toHaveTextContent('18:00');
    expect(rows[1]).toHaveTextContent('18:00');
  });
});

describe('<TouPriceEditor> meter tariff', () => {
  it('lets a segment be priced by a tariff of the master meter', async () => {
    const user = userEvent.setup();
    const changes: TouSegment[][] = [];
    render(
      <TouPriceEditor
        value={[segment('00:00', '24:00')]}
        onChange={(segments) => changes.push(segments)}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Master meter tariff' }));
    await user.click(await screen.findByTitle('Peak price'));
    expect(changes.at(-1)).toEqual([{ ...segment('00:00', '24:00'), tier: 'peak' }]);
    expect(touProblem(changes.at(-1)!)).toBeNull();
  });
});

describe('time-of-use field in the plant form', () => {
  it('shows the 24:00 message when the last segment ends earlier', async () => {
    renderPlants(
      <Form
        initialValues={{
          currency: 'EUR',
          valuationMethod: 'time_of_use',
          touSegments: [segment('00:00', '08:00'), segment('08:00', '20:00')],
        }}
      >
        <ValuationFields />
        <Button htmlType="submit">Submit</Button>
      </Form>,
      {
        routes: { 'GET /api/v1/dict/entries': () => ({ body: { code: 0, msg: '', data: [] } }) },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByText('The last segment must end at 24:00')).toBeInTheDocument(),
    );
  });
});
