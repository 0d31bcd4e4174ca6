import type { Permission } from '@solar/contract';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/** One entry of the route table: section 3's menu route meta plus what React Router needs. */
export interface AppRoute {
  /** Absolute path, React Router style (`:id`). */
  path: string;
  /** Key in the `menu` namespace, used for the menu label and the page title. */
  titleKey: string;
  permission?: Permission;
  /** Not in the menu; kept whatever the permissions (section 2). */
  hidden?: boolean;
  /** Stays mounted (hidden) when the user navigates away, so its state survives. */
  keepAlive?: boolean;
  /** The menu item highlighted while this route is open. */
  activeMenu?: string;
  /**
   * Whose button permissions (roleBtn) this page uses, when not its own. The plant overview
   * shows inverter actions, so it takes the inverter page's buttons.
   */
  buttonsFrom?: Permission;
  icon?: ReactNode;
  redirect?: string;
  page?: LazyExoticComponent<ComponentType>;
  /**
   * Asks for the page's first data when a visit opens on it, while the shell still loads; the
   * page then finds it in the query cache. Given the path's parameters.
   */
  prefetch?: (params: Readonly<Record<string, string | undefined>>) => void;
  children?: AppRoute[];
}
