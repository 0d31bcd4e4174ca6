import { listFirmwares, type Permission, setFirmwareEnabled } from '@solar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { withoutEach } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import { firmwareRecord } from '../firmware-record.fixtures';
import { FirmwareLibrary } from './FirmwareLibraryPage';

const FULL: Permission[] = ['firmware.battery.view', 'inverter.upgrade'];

const battery = firmwareRecord({ id: 4, equipType: 7, fileName: 'bms.bin', product: 'BMS-5' });

const ui = {
  row: async () => (await screen.findByText('bms.bin')).closest('tr') as HTMLElement,
  upload: () => screen.queryByRole('button', { name: 'Upload firmware' }),
  upgrade: () => screen.queryByRole('button', { name: 'Upgrade devices' }),
  campaign: () => screen.queryByRole('button', { name: 'Start campaign' }),
  disable: () => screen.queryByRole('button', { name: 'Disable' }),
  remove: () => screen.queryByRole('button', { name: 'Delete' }),
};

function renderLibrary(held: readonly Permission[] = FULL) {
  return renderPage(<FirmwareLibrary kindIds={['battery']} />, {
    held,
    routes: {
      ...answer(listFirmwares, { infos: [battery], total: 1 }),
      ...answer(setFirmwareEnabled, { ...battery, isEnabled: false }),
    },
  });
}

describe('<FirmwareLibrary>', () => {
  it("asks for the kind's firmware only and disables an entry after confirming", async () => {
    const { server } = renderLibrary();
    expect(within(await ui.row()).getByText('BMS-5')).toBeInTheDocument();
    expect(requestsTo(server.requests, listFirmwares)[0]!.url).toContain('equipType=7');
    expect(ui.upgrade()).not.toBeNull();
    expect(ui.campaign()).not.toBeNull();
    await userEvent.click(ui.disable()!);
    await confirmAndExpectSent(server.requests, setFirmwareEnabled, { id: 4 });
    const [request] = requestsTo(server.requests, setFirmwareEnabled, { id: 4 });
    expect(JSON.parse(request!.body!)).toEqual({ isEnabled: false });
  });

  it("shows nothing, and none of its actions, without the kind's permission", () => {
    const { container } = renderLibrary(['inverter.upgrade']);
    expect(container.querySelector('table')).toBeNull();
    expect(ui.upload()).toBeNull();
  });

  describe.each(
    withoutEach(FULL, [
      { name: 'upgrade', permission: 'inverter.upgrade', find: ui.upgrade },
      { name: 'campaign', permission: 'inverter.upgrade', find: ui.campaign },
    ]),
  )('without $permission', ({ name, held, find }) => {
    it(`hides ${name} and keeps the library's own actions`, async () => {
      renderLibrary(held);
      await ui.row();
      expect(find()).toBeNull();
      expect(ui.upload()).not.toBeNull();
      expect(ui.remove()).not.toBeNull();
    });
  });
});
