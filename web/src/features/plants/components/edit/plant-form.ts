import {
  type Contact,
  type createPlant,
  type EndpointBody,
  type PlantDetail,
  plantInfoFields,
  type ValuationMethod,
} from '@solar/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { browserTimeZone } from '../../../../shared/format/formatters';
import { toPriceSegments, type TouSegment } from '../../tou';

export interface GenerationTierValue {
  fromKwh: number | null;
  price: number | null;
}

/** What the antd form holds: pickers hold Dayjs, empty number inputs hold null. */
export interface PlantFormValues {
  name: string;
  capacityKwp: number | null;
  commissioningDate: Dayjs | null;
  plantType: string;
  timeZone: string;
  currency: string;
  valuationMethod: ValuationMethod;
  constantPrice: number | null;
  touSegments: TouSegment[];
  generationTiers: GenerationTierValue[];
  region: string[];
  regionCity: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  totalInvestment: number | null;
  installerEmail: string;
  generationOffsetKwh: number | null;
  contacts: Contact[];
}

export type PlantBody = EndpointBody<typeof createPlant>;

export function emptyPlantForm(): PlantFormValues {
  return {
    name: '',
    capacityKwp: null,
    commissioningDate: null,
    plantType: 'grid',
    timeZone: browserTimeZone(),
    currency: 'EUR',
    valuationMethod: 'constant',
    constantPrice: 0,
    touSegments: [{ start: '00:00', end: '24:00', price: null }],
    generationTiers: [{ fromKwh: 0, price: null }],
    region: [],
    regionCity: '',
    address: '',
    latitude: null,
    longitude: null,
    totalInvestment: null,
    installerEmail: '',
    generationOffsetKwh: 0,
    contacts: [],
  };
}

/** A stored country that is not an ISO code cannot be saved back, so the form starts without it. */
function regionOf(plant: PlantDetail): string[] {
  if (
    !plantInfoFields.regionCountry.safeParse(plant.regionCountry).success ||
    !plant.regionCountry
  ) {
    return [];
  }
  return plant.regionState ? [plant.regionCountry, plant.regionState] : [plant.regionCountry];
}

export function plantFormFromDetail(plant: PlantDetail): PlantFormValues {
  const empty = emptyPlantForm();
  return {
    name: plant.name,
    capacityKwp: plant.capacityKwp,
    commissioningDate: plant.commissioningDate ? dayjs(plant.commissioningDate) : null,
    plantType: plant.plantType,
    timeZone: plant.timeZone,
    currency: plant.currency,
    valuationMethod: plant.valuationMethod,
    constantPrice: plant.constantPrice,
    touSegments: plant.touSegments.length > 0 ? plant.touSegments : empty.touSegments,
    generationTiers:
      plant.generationTiers.length > 0 ? plant.generationTiers : empty.generationTiers,
    region: regionOf(plant),
    regionCity: plant.regionCity ?? '',
    address: plant.address ?? '',
    latitude: plant.latitude,
    longitude: plant.longitude,
    totalInvestment: plant.totalInvestment,
    installerEmail: plant.installerEmail ?? '',
    generationOffsetKwh: plant.generationOffsetKwh,
    contacts: plant.contacts,
  };
}

/** Only the price list of the chosen method is sent; the others keep their stored value. */
function valuationBody(values: PlantFormValues): Partial<PlantBody> {
  switch (values.valuationMethod) {
    case 'constant':
      return { constantPrice: values.constantPrice ?? 0 };
    case 'time_of_use':
      return { touSegments: toPriceSegments(values.touSegments) };
    case 'generation':
      return {
        generationTiers: values.generationTiers.map((tier) => ({
          fromKwh: tier.fromKwh ?? 0,
          price: tier.price ?? 0,
        })),
      };
  }
}

export function plantBodyFromForm(values: PlantFormValues): PlantBody {
  return {
    name: values.name.trim(),
    capacityKwp: values.capacityKwp ?? 0,
    commissioningDate: values.commissioningDate?.format('YYYY-MM-DD') ?? null,
    plantType: values.plantType,
    timeZone: values.timeZone,
    currency: values.currency,
    valuationMethod: values.valuationMethod,
    ...valuationBody(values),
    regionCountry: values.region[0] ?? null,
    regionState: values.region[1] ?? null,
    regionCity: values.regionCity.trim() || null,
    address: values.address.trim() || null,
    latitude: values.latitude,
    longitude: values.longitude,
    totalInvestment: values.totalInvestment,
    installerEmail: values.installerEmail.trim(),
    generationOffsetKwh: values.generationOffsetKwh ?? 0,
    contacts: values.contacts.map((contact) => ({
      name: contact.name.trim(),
      phone: contact.phone.trim(),
      email: contact.email.trim(),
    })),
  };
}
