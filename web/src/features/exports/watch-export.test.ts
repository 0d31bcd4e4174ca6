import { ErrorCode, exportStatus } from '@solar/contract';
import { describe, expect, it, vi } from 'vitest';
import { answer, refuse, requestsTo } from '../../test/fake-endpoints';
import { installFakeServer } from '../../test/fake-server';
import { clearSession } from '../../shared/session/session';
import { storeUser } from '../../shared/storage/storage';
import { downloadRecord } from './download-record.fixtures';
import { watchExport } from './watch-export';

const signIn = () => storeUser({ access_token: 'access', refresh_token: 'refresh' });

describe('watchExport', () => {
  it('asks again while the export is built, then tells once that it is ready', async () => {
    signIn();
    const answers = [downloadRecord(7, { status: 'running', percent: 50 }), downloadRecord(7)];
    const server = installFakeServer(answer(exportStatus, () => answers.shift()!));
    const onDone = vi.fn();
    await watchExport(7, onDone);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone.mock.calls[0]?.[0]).toMatchObject({ id: 7, status: 'ready' });
    expect(requestsTo(server.requests, exportStatus)).toHaveLength(2);
  });

  it('stops at a refusal: a deleted export is not asked for again', async () => {
    signIn();
    const server = installFakeServer(refuse(exportStatus, ErrorCode.noPermission));
    const onDone = vi.fn();
    await watchExport(7, onDone);
    expect(onDone).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(1);
  });

  it('asks nothing once the session has ended', async () => {
    const server = installFakeServer(answer(exportStatus, downloadRecord(7)));
    await watchExport(7, vi.fn());
    expect(server.requests).toHaveLength(0);
  });

  it('stops when its session ends, even if another one begins', async () => {
    signIn();
    const server = installFakeServer(
      answer(exportStatus, downloadRecord(7, { status: 'running', percent: 10 })),
    );
    const watching = watchExport(7, vi.fn());
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    clearSession();
    signIn();
    await watching;
    expect(server.requests).toHaveLength(1);
  });
});
