import {
  builtinRegisterMap,
  ErrorCode,
  inverterSettingsMap,
  type Permission,
  type RegisterMap,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import type { ReadInverterSettings, SettingValues, WriteInverterSettings } from '../setting-values';
import DeviceSettingPage from './DeviceSettingPage';

const SN = 'INV0001';

function mapOf(family: 'mt' | 'gy' | 'dy-store-three'): RegisterMap {
  const map = builtinRegisterMap(family);
  if (!map) throw new Error(family);
  return map;
}

// Label and text queries: role queries walk the accessibility tree of this large form slowly.
const ui = {
  field: (label: string) => screen.getByLabelText(label),
  findField: (label: string) => screen.findByLabelText(label),
  write: () => screen.queryByText('Write to device')?.closest('button') ?? null,
  section: (name: string) => screen.findByText(name),
  readBack: async () =>
    (await screen.findByText('Written and read back')).closest('.ant-table-wrapper') as HTMLElement,
};

function renderSettings(
  options: {
    map?: RegisterMap;
    held?: readonly Permission[];
    onWrite?: WriteInverterSettings;
    onReadCurrent?: ReadInverterSettings;
    path?: string;
    refuseWith?: typeof ErrorCode.inverterNotFound | typeof ErrorCode.brandParameterUnsupported;
  } = {},
) {
  const map = options.map ?? mapOf('dy-store-three');
  return renderPage(
    <DeviceSettingPage
      {...(options.onWrite ? { onWrite: options.onWrite } : {})}
      {...(options.onReadCurrent ? { onReadCurrent: options.onReadCurrent } : {})}
    />,
    {
      held: options.held ?? ['inverter.view', 'inverter.setting'],
      path: options.path ?? `/device/setting?sn=${SN}`,
      routes: options.refuseWith
        ? refuse(inverterSettingsMap, options.refuseWith)
        : answer(inverterSettingsMap, { sn: SN, modelCode: '3303', family: map.family, map }),
    },
  );
}

describe('DeviceSettingPage', () => {
  it('asks for an inverter when no SN is given, and loads nothing', async () => {
    const { server } = renderSettings({ path: '/device/setting' });
    expect(
      await screen.findByText("Enter an inverter's serial number to see its settings"),
    ).toBeInTheDocument();
    expect(requestsTo(server.requests, inverterSettingsMap)).toEqual([]);
  });

  it("renders the form generated from the inverter's map: sections, units, options, read-only", async () => {
    const { server } = renderSettings();
    for (const section of [
      'Grid',
      'Power control',
      'Protection',
      'Battery',
      'Device information',
    ]) {
      expect(await ui.section(section)).toBeInTheDocument();
    }
    expect(requestsTo(server.requests, inverterSettingsMap, { sn: SN })).toHaveLength(1);
    const limitItem = ui.field('Active power limit').closest('.ant-form-item');
    expect(limitItem).toHaveTextContent('%');
    expect(limitItem).toHaveTextContent('Range 0 ~ 100');
    const powerFactorItem = ui.field('Power factor').closest('.ant-form-item');
    expect(powerFactorItem).toHaveTextContent('Range -1 ~ -0.8, Range 0.8 ~ 1');
    expect(ui.field('Rated power')).toBeDisabled();
    expect(ui.field('Export limitation')).toBeInTheDocument();
    await userEvent.click(ui.field('Battery work mode'));
    expect(await screen.findByText('Time of use')).toBeInTheDocument();
    expect(screen.getByText(/dy three-phase hybrid/i)).toBeInTheDocument();
  });

  it('refuses out-of-range values in the browser with the contract rule, and sends nothing', async () => {
    const onWrite = vi.fn<WriteInverterSettings>();
    renderSettings({ onWrite });
    await userEvent.type(await ui.findField('Active power limit'), '120');
    await userEvent.type(ui.field('Power factor'), '0.5');
    await userEvent.click(ui.write()!);
    expect(await screen.findByText('Outside the allowed range 0 ~ 100')).toBeInTheDocument();
    expect(screen.getByText('Outside the allowed range -1 ~ 1')).toBeInTheDocument();
    expect(onWrite).not.toHaveBeenCalled();
  });

  it('refuses a grid code that does not fit the model before sending', async () => {
    const onWrite = vi.fn<WriteInverterSettings>();
    renderSettings({ map: mapOf('gy'), onWrite });
    await userEvent.click(await ui.findField('Grid code'));
    await userEvent.click(await screen.findByTitle('G98'));
    await userEvent.click(ui.write()!);
    expect(await screen.findByText('This grid code does not fit the model')).toBeInTheDocument();
    expect(onWrite).not.toHaveBeenCalled();
  });

  it('writes the filled-in settings and shows each sent value next to the read-back one', async () => {
    const onWrite = vi.fn<WriteInverterSettings>(async (_sn: string, values: SettingValues) => ({
      ...values,
      reserveSocPct: 25,
    }));
    renderSettings({ onWrite });
    await userEvent.type(await ui.findField('Active power limit'), '80.5');
    await userEvent.type(ui.field('Reserve SOC'), '30');
    await userEvent.click(ui.field('Export limitation'));
    await userEvent.click(ui.write()!);
    await waitFor(() =>
      expect(onWrite).toHaveBeenCalledWith(SN, {
        activePowerLimitPct: 80.5,
        reserveSocPct: 30,
        exportLimitEnabled: true,
      }),
    );
    const table = await ui.readBack();
    const row = (label: string) =>
      within(within(table).getByText(label).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row('Active power limit')).toEqual(['Active power limit', '80.5 %', '80.5 % Confirmed']);
    expect(row('Reserve SOC')).toEqual(['Reserve SOC', '30 %', '25 % Differs']);
    expect(row('Export limitation')).toEqual(['Export limitation', 'On', 'On Confirmed']);
  });

  it("starts from the device's current values and sends only what changed", async () => {
    const onReadCurrent = vi.fn<ReadInverterSettings>(async () => ({
      ratedPowerW: 12000,
      activePowerLimitPct: 100,
      reserveSocPct: 20,
    }));
    const onWrite = vi.fn<WriteInverterSettings>(async (_sn, values) => values);
    renderSettings({ onWrite, onReadCurrent });
    expect(await ui.findField('Rated power')).toHaveValue('12000');
    expect(onReadCurrent).toHaveBeenCalledWith(SN);
    const reserve = ui.field('Reserve SOC');
    await userEvent.clear(reserve);
    await userEvent.type(reserve, '35');
    await userEvent.click(ui.write()!);
    await waitFor(() => expect(onWrite).toHaveBeenCalledWith(SN, { reserveSocPct: 35 }));
  });

  it('says "Parameter setting of this brand is not supported" for 601', async () => {
    renderSettings({ refuseWith: ErrorCode.brandParameterUnsupported });
    expect(
      await screen.findByText('Parameter setting of this brand is not supported'),
    ).toBeInTheDocument();
  });

  it('says the inverter is not found for 600', async () => {
    renderSettings({ refuseWith: ErrorCode.inverterNotFound });
    expect(
      await screen.findByText('The inverter does not exist or is not visible to you'),
    ).toBeInTheDocument();
  });

  it('opens another inverter from the SN box', async () => {
    const { server } = renderSettings({ path: '/device/setting' });
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Inverter serial number' }),
      'INV0002{Enter}',
    );
    await waitFor(() =>
      expect(requestsTo(server.requests, inverterSettingsMap, { sn: 'INV0002' })).toHaveLength(1),
    );
  });

  it('hides the write button without inverter.setting', async () => {
    renderSettings({ held: ['inverter.view'], onWrite: vi.fn<WriteInverterSettings>() });
    expect(await ui.section('Grid')).toBeInTheDocument();
    expect(ui.write()).toBeNull();
  });
});
