import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../features/users/api';
import { useBrand } from '../../features/brands/current-brand';

const DEFAULT_LOGO = '/logo.svg';
const DEFAULT_ICON = '/favicon.svg';

/**
 * The company logo, its small icon when collapsed; the white-label brand's logo, else the
 * portal's own, when the company has none.
 */
export function MenuLogo(props: { isCollapsed: boolean }): ReactNode {
  const { t } = useTranslation('common');
  const company = useProfile().data?.company;
  const brand = useBrand();
  const source = props.isCollapsed
    ? (company?.iconUrl ?? DEFAULT_ICON)
    : (company?.logoUrl ?? brand?.logoUrl ?? DEFAULT_LOGO);
  return (
    <div className={props.isCollapsed ? 'menu-logo menu-logo--collapsed' : 'menu-logo'}>
      <img src={source} alt={company?.name ?? brand?.name ?? t('appName')} />
    </div>
  );
}
