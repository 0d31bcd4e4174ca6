import type { PermissionNode } from '@solar/contract';
import { Spin, Tree, type TreeDataNode } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyPermissionTree } from '../api';
import { togglePermission } from '../permission-selection';

export function permissionLabel(permission: string, t: TFunction): string {
  return t(`permission.${permission.replaceAll('.', '_')}`, {
    ns: 'roles',
    defaultValue: permission,
  });
}

function toTreeData(nodes: readonly PermissionNode[], t: TFunction): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.permission,
    title:
      node.type === 0
        ? permissionLabel(node.permission, t)
        : `· ${permissionLabel(node.permission, t)}`,
    children: toTreeData(node.children, t),
  }));
}

/** The role's permissions as a checkable tree of the company's menus and their buttons. */
export function PermissionTreeEditor(props: {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}): ReactNode {
  const { t } = useTranslation('roles');
  const companyTree = useCompanyPermissionTree();
  const selected = props.value ?? [];
  if (!companyTree.data) return <Spin spinning={companyTree.isPending} />;
  const tree = companyTree.data;
  // The whole tree is taller than a screen: it scrolls inside the dialog, Save stays in view.
  return (
    <div style={{ maxHeight: '50vh', overflowY: 'auto' }}>
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        selectable={false}
        disabled={props.disabled}
        treeData={toTreeData(tree, t)}
        checkedKeys={{ checked: selected, halfChecked: [] }}
        onCheck={(_keys, info) =>
          props.onChange?.(togglePermission(selected, String(info.node.key), info.checked))
        }
      />
    </div>
  );
}
