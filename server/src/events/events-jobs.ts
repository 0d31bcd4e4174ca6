import type { JobDeps } from '../app-deps.js';
import { defineScheduledJob } from '../jobs/job-type.js';
import { sendPendingAlarmMails } from './alarm-mails.js';
import { markSilentDevicesOffline } from './device-status.js';

export const markDevicesOffline = defineScheduledJob<JobDeps>({
  name: 'devices-mark-offline',
  cron: '* * * * *',
  expireInSeconds: 300,
  run: async ({ db, logger }) => {
    const offline = await markSilentDevicesOffline(db);
    if (offline > 0) logger.info({ devices: offline }, 'devices marked offline');
  },
});

export const sendPendingAlarms = defineScheduledJob<JobDeps>({
  name: 'alarms-send-pending',
  cron: '* * * * *',
  expireInSeconds: 300,
  run: async (deps) => {
    await sendPendingAlarmMails(deps);
  },
});
