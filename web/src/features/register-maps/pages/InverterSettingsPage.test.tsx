import {
  builtinRegisterMap,
  inverterSettingsMap,
  readInverterSettings,
  writeInverterSettings,
} from '@solar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { commandRecord } from '../../commands/command-record.fixtures';
import InverterSettingsPage from './InverterSettingsPage';

const SN = 'INV0001';
const map = builtinRegisterMap('dy-store-three')!;
const command = commandRecord({ name: 'settings.write', target: SN, result: null });

describe('InverterSettingsPage', () => {
  it("starts from the device's values and shows the device's read-back after a write", async () => {
    const { server } = renderPage(<InverterSettingsPage />, {
      held: ['inverter.view', 'inverter.setting'],
      path: `/device/setting?sn=${SN}`,
      routes: {
        // The device reports 100 %: writing 70 is a change, and only changes are sent.
        ...answer(inverterSettingsMap, { sn: SN, modelCode: '3303', family: map.family, map }),
        ...answer(readInverterSettings, { values: { activePowerLimitPct: 100 }, command }),
        ...answer(writeInverterSettings, { values: { activePowerLimitPct: 70 }, command }),
      },
    });
    await screen.findByLabelText('Active power limit');
    expect(requestsTo(server.requests, readInverterSettings)).toHaveLength(1);
    const limitField = screen.getByLabelText('Active power limit');
    await userEvent.clear(limitField);
    await userEvent.type(limitField, '70');
    await userEvent.click(screen.getByText('Write to device').closest('button')!);
    const table = (await screen.findByText('Written and read back')).closest(
      '.ant-table-wrapper',
    ) as HTMLElement;
    // Setting, sent, read back (with its mark).
    expect(table).toHaveTextContent('Active power limit70 %70 % Confirmed');
    const sent = requestsTo(server.requests, writeInverterSettings);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body!)).toEqual({ values: { activePowerLimitPct: 70 } });
  });
});
