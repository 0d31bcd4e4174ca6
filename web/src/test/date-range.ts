import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Types both days of the date range picker whose inputs show `placeholder`. */
export async function typeDateRange(placeholder: string, from: string, to: string): Promise<void> {
  const [fromInput, toInput] = screen.getAllByPlaceholderText(placeholder);
  await userEvent.type(fromInput!, `${from}{enter}`);
  await userEvent.type(toInput!, `${to}{enter}`);
}
