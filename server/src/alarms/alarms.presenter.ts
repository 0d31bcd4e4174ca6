import { type EndpointData, type plantLostEnergy, rounded } from '@solar/contract';

/** The month's lost energy rounded as the plant's figures are: Wh, and the currency's minor unit. */
export function presentLostEnergy(
  lost: EndpointData<typeof plantLostEnergy>,
): EndpointData<typeof plantLostEnergy> {
  return {
    month: lost.month,
    kWh: rounded.kWh(lost.kWh),
    value: rounded.money(lost.value, lost.currency),
    currency: lost.currency,
    openAlarms: lost.openAlarms,
  };
}
