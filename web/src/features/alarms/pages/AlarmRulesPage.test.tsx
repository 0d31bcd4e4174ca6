import {
  ALARM_RULES,
  type AlarmRuleState,
  listAlarmRules,
  listPlants,
  type Permission,
  resetAlarmRule,
  saveAlarmRule,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import AlarmRulesPage from './AlarmRulesPage';

const RULES: AlarmRuleState[] = [
  {
    rule: 'lowSpecificYield',
    code: ALARM_RULES.lowSpecificYield.code,
    isEnabled: true,
    level: 'W',
    parameters: { thresholdPct: 70, minMedianYieldWhPerKwp: 500 },
    source: 'company',
  },
  {
    rule: 'noDaylightProduction',
    code: ALARM_RULES.noDaylightProduction.code,
    isEnabled: true,
    level: 'F',
    parameters: ALARM_RULES.noDaylightProduction.defaults,
    source: 'builtIn',
  },
];

function renderRules(held: Permission[]) {
  return renderPage(<AlarmRulesPage />, {
    held,
    routes: {
      ...answer(listAlarmRules, { infos: RULES, total: RULES.length }),
      ...answer(listPlants, { infos: [], total: 0 }),
      ...answer(saveAlarmRule, null),
      ...answer(resetAlarmRule, null),
    },
  });
}

describe('<AlarmRulesPage>', () => {
  it('lists the rules with their level, parameters and where each comes from', async () => {
    renderRules(['alarm.rule.view', 'alarm.rule.edit']);
    const row = (await screen.findByText('Low specific yield')).closest('tr')!;
    expect(row).toHaveTextContent('Below % of the plant median: 70');
    expect(row).toHaveTextContent('Company default');
    expect(screen.getByText('No production in daylight').closest('tr')).toHaveTextContent(
      'Built-in',
    );
  });

  it('saves a changed parameter and resets a company default', async () => {
    const { server } = renderRules(['alarm.rule.view', 'alarm.rule.edit']);
    const row = (await screen.findByText('Low specific yield')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit rule' }));
    const field = await screen.findByLabelText('Below % of the plant median');
    await userEvent.clear(field);
    await userEvent.type(field, '60');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(requestsTo(server.requests, saveAlarmRule)).toHaveLength(1));
    expect(JSON.parse(requestsTo(server.requests, saveAlarmRule)[0]!.body!)).toEqual({
      rule: 'lowSpecificYield',
      isEnabled: true,
      level: 'W',
      parameters: { thresholdPct: 60, minMedianYieldWhPerKwp: 500 },
    });
    await userEvent.click(within(row).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(requestsTo(server.requests, resetAlarmRule)).toHaveLength(1));
  });

  it('hides editing without alarm.rule.edit', async () => {
    renderRules(['alarm.rule.view']);
    await screen.findByText('Low specific yield');
    expect(screen.queryByRole('button', { name: 'Edit rule' })).not.toBeInTheDocument();
  });
});
