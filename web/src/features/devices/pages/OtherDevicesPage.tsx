import { OTHER_FAMILY_IDS } from '@solar/contract';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FamilyList } from '../components/FamilyList';

type OtherFamily = (typeof OTHER_FAMILY_IDS)[number];

function isOtherFamily(value: string | null): value is OtherFamily {
  return (OTHER_FAMILY_IDS as readonly (string | null)[]).includes(value);
}

/** `/device/other`: meters, weather stations, switches, boxes, heat pumps and storage systems. */
export default function OtherDevicesPage(): ReactNode {
  const { t } = useTranslation('devices');
  const [search, setSearch] = useSearchParams();
  const chosen = search.get('family');
  const family = isOtherFamily(chosen) ? chosen : OTHER_FAMILY_IDS[0];
  return (
    <>
      <Segmented<OtherFamily>
        style={{ marginBottom: 12 }}
        value={family}
        onChange={(value) => setSearch({ family: value }, { replace: true })}
        options={OTHER_FAMILY_IDS.map((id) => ({ value: id, label: t(`family.${id}`) }))}
      />
      <FamilyList key={family} family={family} title={t(`family.${family}`)} />
    </>
  );
}
